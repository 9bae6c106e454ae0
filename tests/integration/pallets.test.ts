import { MISSING_ID } from '../support/ids';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Pallet, Rack } from '../../src/contracts/racks';
import type { Warehouse } from '../../src/contracts/warehouses';
import { makeCompanyWithUser, makeWarehouse, type SignedInStaff } from '../support/factories';
import { makePallet, makeRack, type ErrorReply } from '../support/racks-factories';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

const notEnoughSpace = (capacity: number) =>
  `Shelf does not have enough space for this. Please increase Shelf capacity. Shelf capacity is currently ${capacity}`;

async function shelfWithCapacity(
  capacity: number,
): Promise<{ staff: SignedInStaff; w: Warehouse; shelfId: number }> {
  const staff = await makeCompanyWithUser(app);
  const w = await makeWarehouse(staff);
  const rack = await makeRack(staff, w.id, { capacity, num_shelves: 1 });
  const shelfId = rack.shelves[0]?.id;
  if (!shelfId) throw new Error('rack without shelf');
  return { staff, w, shelfId };
}

async function shelfPallets(staff: SignedInStaff, warehouseId: number): Promise<Pallet[]> {
  const racks = (await staff.client.get(`/api/racks/warehouse/${warehouseId}`)).body as Rack[];
  return racks.flatMap((r) => r.shelves.flatMap((s) => s.pallets));
}

describe('adding a pallet', () => {
  it('puts it on the shelf with upper-cased names and defaults', async () => {
    const { staff, w, shelfId } = await shelfWithCapacity(3);
    const res = await staff.client.post('/api/racks/pallets', {
      shelf_id: shelfId,
      customer_name: ' johnson ',
      name: 'sofa set',
      pallet_number: 42,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'SOFA SET',
      customerName: 'JOHNSON',
      palletNumber: '42',
      notes: '',
      weight: 0,
      shelfSpots: 1,
      palletSpaces: 1,
      shelfId,
      slotIndex: 0,
    });
    expect((await shelfPallets(staff, w.id)).map((p) => p.customerName)).toEqual(['JOHNSON']);
    const full = (await staff.client.get(`/api/warehouse/${w.id}`)).body as Warehouse;
    expect(full.customers).toContain('JOHNSON');
  });

  it('requires a customer name and at least one space', async () => {
    const { staff, shelfId } = await shelfWithCapacity(3);
    const noCustomer = await staff.client.post('/api/racks/pallets', {
      shelf_id: shelfId,
      customer_name: '  ',
    });
    expect(noCustomer.status).toBe(400);
    expect((noCustomer.body as ErrorReply).errors).toContain('Customer name is required.');
    const zero = await staff.client.post('/api/racks/pallets', {
      shelf_id: shelfId,
      customer_name: 'A',
      shelf_spots: 0,
    });
    expect(zero.status).toBe(400);
    expect((zero.body as ErrorReply).errors).toContain('Pallet spaces must be at least 1.');
    const heavy = await staff.client.post('/api/racks/pallets', {
      shelf_id: shelfId,
      customer_name: 'A',
      weight: -2,
    });
    expect((heavy.body as ErrorReply).errors).toContain('Weight cannot be negative.');
  });

  it('answers a missing, unknown or foreign shelf with the spec sentence', async () => {
    const { staff } = await shelfWithCapacity(3);
    const other = await shelfWithCapacity(3);
    for (const shelf_id of [undefined, 'nope', MISSING_ID, other.shelfId]) {
      const res = await staff.client.post('/api/racks/pallets', { shelf_id, customer_name: 'A' });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({
        code: 'SHELF_NOT_FOUND',
        message: 'Shelf not found. Please select a valid shelf.',
      });
    }
  });

  it('refuses a pallet on a full shelf with the maximum-pallets sentence', async () => {
    const { staff, shelfId } = await shelfWithCapacity(2);
    await makePallet(staff, shelfId, { shelf_spots: 2 });
    const res = await staff.client.post('/api/racks/pallets', {
      shelf_id: shelfId,
      customer_name: 'B',
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'SHELF_FULL',
      message: 'This shelf already has the maximum number of pallets (2).',
    });
  });

  it('refuses more spaces than are free with the capacity sentence', async () => {
    const { staff, w, shelfId } = await shelfWithCapacity(3);
    await makePallet(staff, shelfId, { shelf_spots: 2 });
    const res = await staff.client.post('/api/racks/pallets', {
      shelf_id: shelfId,
      customer_name: 'B',
      shelf_spots: 2,
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'SHELF_NOT_ENOUGH_SPACE', message: notEnoughSpace(3) });
    const last = await makePallet(staff, shelfId, { pallet_spaces: 1 });
    expect(last.slotIndex).toBe(2);
    expect(await shelfPallets(staff, w.id)).toHaveLength(2);
  });

  it('never lets pallets added at the same time overfill a shelf', async () => {
    const { staff, w, shelfId } = await shelfWithCapacity(3);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        staff.client.post('/api/racks/pallets', { shelf_id: shelfId, customer_name: `C${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409)).toHaveLength(3);
    const slots = (await shelfPallets(staff, w.id)).map((p) => p.slotIndex).sort();
    expect(slots).toEqual([0, 1, 2]);
  });
});

describe('editing a pallet', () => {
  it('changes what it is sent and upper-cases the names', async () => {
    const { staff, shelfId } = await shelfWithCapacity(3);
    const pallet = await makePallet(staff, shelfId, { notes: 'fragile', weight: 120 });
    const res = await staff.client.put(`/api/racks/pallets/${pallet.id}/edit`, {
      id: pallet.id,
      name: 'boxes',
      customer_name: 'smith',
      pallet_number: '9',
      weight: 80,
      pallet_spaces: 2,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: pallet.id,
      name: 'BOXES',
      customerName: 'SMITH',
      palletNumber: '9',
      notes: 'fragile',
      weight: 80,
      shelfSpots: 2,
      palletSpaces: 2,
      shelfId,
    });
  });

  it("refuses more spaces than the shelf has besides the pallet's own", async () => {
    const { staff, shelfId } = await shelfWithCapacity(3);
    const pallet = await makePallet(staff, shelfId, { shelf_spots: 2 });
    await makePallet(staff, shelfId);
    const grow = await staff.client.put(`/api/racks/pallets/${pallet.id}/edit`, {
      pallet_spaces: 3,
    });
    expect(grow.status).toBe(409);
    expect(grow.body).toMatchObject({ code: 'SHELF_NOT_ENOUGH_SPACE', message: notEnoughSpace(3) });
    // Keeping its own two spaces on a now-full shelf is fine.
    const same = await staff.client.put(`/api/racks/pallets/${pallet.id}/edit`, {
      pallet_spaces: 2,
      notes: 'ok',
    });
    expect(same.status).toBe(200);
  });

  it('refuses an empty customer name, a mismatched id, and unknown or foreign pallets', async () => {
    const { staff, shelfId } = await shelfWithCapacity(3);
    const pallet = await makePallet(staff, shelfId);
    const empty = await staff.client.put(`/api/racks/pallets/${pallet.id}/edit`, {
      customer_name: '',
    });
    expect((empty.body as ErrorReply).errors).toContain('Customer name is required.');
    const mismatch = await staff.client.put(`/api/racks/pallets/${pallet.id}/edit`, {
      id: MISSING_ID,
    });
    expect(mismatch.status).toBe(400);
    expect((await staff.client.put(`/api/racks/pallets/${MISSING_ID}/edit`, {})).status).toBe(404);
    const other = await makeCompanyWithUser(app);
    const foreign = await other.client.put(`/api/racks/pallets/${pallet.id}/edit`, {
      name: 'MINE',
    });
    expect(foreign.status).toBe(404);
    expect((foreign.body as ErrorReply).message).toBe('Pallet not found.');
  });
});

describe('deleting a pallet', () => {
  it('frees its spaces; another company cannot delete it', async () => {
    const { staff, w, shelfId } = await shelfWithCapacity(1);
    const pallet = await makePallet(staff, shelfId);
    const other = await makeCompanyWithUser(app);
    expect((await other.client.delete(`/api/pallets/${pallet.id}/delete`)).status).toBe(404);
    expect(await shelfPallets(staff, w.id)).toHaveLength(1);

    expect((await staff.client.delete(`/api/pallets/${pallet.id}/delete`)).status).toBe(200);
    expect(await shelfPallets(staff, w.id)).toHaveLength(0);
    await makePallet(staff, shelfId);
  });
});
