import type { Vault } from '../../src/contracts/vaults';

/**
 * A vault as the API answers it, for client unit tests: a plain vault in nobody's field unless
 * told otherwise. One place, so a key added to the answer is added to every test's vault here.
 */
export const vaultAnswer = (id: number, given: Partial<Vault> = {}): Vault => ({
  id,
  name: null,
  customer_name: '',
  customer_id: null,
  order_id: null,
  order_name: null,
  type: 'vault',
  position: null,
  note: '',
  weight: null,
  seal: '',
  item_notes: '',
  tags: '',
  expected_release: null,
  date_in: '2026-11-01',
  attachments: [],
  field_id: null,
  old_field_id: null,
  released_on: null,
  released_by: null,
  field_name: null,
  warehouse_name: null,
  ...given,
});
