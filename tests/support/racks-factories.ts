import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Pallet, Rack } from '../../src/contracts/racks';
import type { Warehouse } from '../../src/contracts/warehouses';
import type { SignedInStaff } from './factories';
import type { TestApp } from './test-app';

export interface ErrorReply {
  code: string;
  message: string;
  errors: string[];
}

export async function makeRack(
  staff: SignedInStaff,
  warehouseId: number,
  overrides: Record<string, unknown> = {},
): Promise<Rack> {
  const res = await staff.client.post(`/api/racks/warehouse/${warehouseId}/add`, {
    name: 'Rack A',
    position: { x: 30, y: 0 },
    width: 12,
    length: 4,
    num_shelves: 2,
    capacity: 3,
    orientation: 'horizontal',
    ...overrides,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Rack;
}

export async function makePallet(
  staff: SignedInStaff,
  shelfId: number,
  overrides: Record<string, unknown> = {},
): Promise<Pallet> {
  const res = await staff.client.post('/api/racks/pallets', {
    shelf_id: shelfId,
    customer_name: 'Johnson',
    name: 'p-1',
    pallet_number: '17',
    notes: '',
    weight: 0,
    shelf_spots: 1,
    ...overrides,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Pallet;
}

/** The field of a warehouse by name (A1, B3 ...). */
export function fieldByName(warehouse: Pick<Warehouse, 'fields'>, name: string) {
  const field = Object.values(warehouse.fields).find((f) => f.name === name);
  if (!field) throw new Error(`No field ${name}`);
  return field;
}

/** Puts a vault straight into a field; the vault endpoints belong to another feature. */
export async function placeVault(
  app: TestApp,
  companyId: number,
  fieldId: number,
  position: number,
  name: string,
) {
  await app.deps.db.execute(
    sql`INSERT INTO vaults (company_id, name, field_id, position) VALUES (${companyId}, ${name}, ${fieldId}, ${position})`,
  );
}

export async function setFieldType(
  app: TestApp,
  fieldId: number,
  type: 'vault' | 'couchbox-T' | 'couchbox-B',
) {
  await app.deps.db.execute(sql`UPDATE fields SET type = ${type} WHERE id = ${fieldId}`);
}
