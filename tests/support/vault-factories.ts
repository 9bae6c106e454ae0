import { expect } from 'vitest';
import type { Field } from '../../src/contracts/fields';
import type { AddVaultForm, AddVaultResponse, Vault } from '../../src/contracts/vaults';
import type { SignedInStaff } from './factories';

/** The add call's form keys, by the contract: any value, so a test can send one it refuses. */
export type VaultInput = Partial<
  Record<Exclude<keyof AddVaultForm, 'field_id' | 'position'>, string | number>
> & {
  field_id: Field['id'] | string;
  position: number | string;
  attachment?: { name: string; type: string; data: Uint8Array | string };
};

export function vaultForm(input: VaultInput): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(input)) {
    if (key === 'attachment' || value === undefined) continue;
    form.append(key, String(value));
  }
  if (input.attachment) {
    const data = input.attachment.data;
    const blobPart: BlobPart = typeof data === 'string' ? data : new Uint8Array(data);
    form.append(
      'attachment',
      new Blob([blobPart], { type: input.attachment.type }),
      input.attachment.name,
    );
  }
  return form;
}

export function postVault(staff: SignedInStaff, input: VaultInput) {
  return staff.client.request('POST', '/api/vaults/', { form: vaultForm(input) });
}

/** Adds a vault through the API and expects it to be accepted. */
export async function makeVault(
  staff: SignedInStaff,
  input: Partial<VaultInput> & { field_id: Field['id']; position: number },
): Promise<Vault> {
  const res = await postVault(staff, { customer_name: 'SMITH', order_name: 'ORD-1', ...input });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as AddVaultResponse).vault;
}

export async function getField(
  staff: SignedInStaff,
  warehouseId: number,
  fieldId: number,
): Promise<Field> {
  const res = await staff.client.get(`/api/warehouse/${warehouseId}/${fieldId}`);
  expect(res.status).toBe(200);
  return res.body as Field;
}

export function errorOf(res: { body: unknown }): { code: string; message: string } {
  return res.body as { code: string; message: string };
}
