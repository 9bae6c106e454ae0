import { expect } from 'vitest';
import type { Pallet, Rack } from '../../src/contracts/racks';
import type { SignedInStaff } from './factories';

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
