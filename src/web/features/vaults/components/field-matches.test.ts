import { describe, expect, it } from 'vitest';
import { vaultAnswer } from '../../../../../tests/support/vault-answer';
import type { Field } from '../../../../contracts/fields';
import type { Vault } from '../../../../contracts/vaults';
import type { Warehouse } from '../../../../contracts/warehouses';
import { vaultMatchesSearch } from '../../../../domain/slots';
import { matchingFields } from './field-matches';

const vault = (id: number, fieldId: number, v: Parameters<typeof vaultAnswer>[1]) =>
  vaultAnswer(id, { field_id: fieldId, position: 1, ...v });

const field = (id: number, vaults: Vault[]): Field => ({
  id,
  name: `A${id}`,
  warehouse_id: 1,
  type: 'vault',
  full: false,
  vaults: Object.fromEntries(vaults.map((v) => [String(v.id), v])),
});

const fields = [
  field(1, [vault(11, 1, { customer_name: 'JOHNSON', order_name: 'ORD-5', name: 'V10' })]),
  field(2, [
    vault(21, 2, { customer_name: 'Smith', order_name: null, name: '1042' }),
    vault(22, 2, { customer_name: 'johnny walker', order_name: 'john-7', name: null }),
  ]),
  field(3, [vault(31, 3, { customer_name: 'SMITH', order_name: 'ord-6', name: 'v11' })]),
  field(4, []),
  field(5, [vault(51, 5, { customer_name: 'LEE', name: '77', tags: 'LOT 4471, tags 1-36, 38' })]),
  field(6, [vault(61, 6, { customer_name: 'KIM', name: '78', tags: 'LOT 4471, tags 37' })]),
];
const warehouse = {
  fields: Object.fromEntries(fields.map((f) => [String(f.id), f])),
} as Pick<Warehouse, 'fields'> as Warehouse;

/** The fields `vaultMatchesSearch` finds, vault by vault: what the index must answer. */
function byRule(kinds: readonly ('customer' | 'order' | 'vault')[], text: string): Set<number> {
  return new Set(
    fields
      .filter((f) =>
        Object.values(f.vaults).some((v) => kinds.some((k) => vaultMatchesSearch(v, k, text))),
      )
      .map((f) => f.id),
  );
}

describe('fields matching a search pick', () => {
  it('finds the fields the vault-by-vault rule finds, for every kind', () => {
    for (const text of ['john', ' JOHN ', 'smith', 'ord', 'v1', '10', 'walker', 'zzz'])
      for (const kind of ['customer', 'order', 'vault'] as const)
        expect(matchingFields(warehouse, { kind, value: text })).toEqual(byRule([kind], text));
    expect(matchingFields(warehouse, { kind: 'text', value: 'john' })).toEqual(new Set([1, 2]));
    expect(matchingFields(warehouse, { kind: 'text', value: 'v1' })).toEqual(
      byRule(['customer', 'order', 'vault'], 'v1'),
    );
  });

  it('finds the field whose vault holds a typed inventory tag', () => {
    expect(matchingFields(warehouse, { kind: 'text', value: '4471-37' })).toEqual(new Set([6]));
    expect(matchingFields(warehouse, { kind: 'text', value: 'lot 4471 tag 36' })).toEqual(
      new Set([5]),
    );
    expect(matchingFields(warehouse, { kind: 'text', value: '4471-39' })).toEqual(new Set());
    // A picked vault number is a number, not a tag.
    expect(matchingFields(warehouse, { kind: 'vault', value: '4471-37' })).toEqual(new Set());
  });

  it('matches nothing for blank text, and has no matches without a search or for pallets', () => {
    expect(matchingFields(warehouse, { kind: 'customer', value: '  ' })).toEqual(new Set());
    expect(matchingFields(warehouse, null)).toBeNull();
    expect(matchingFields(warehouse, { kind: 'pallet', value: 'john' })).toBeNull();
  });
});
