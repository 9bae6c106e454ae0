import { MISSING_ID } from '../support/ids';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Rack } from '../../src/contracts/racks';
import type { Warehouse } from '../../src/contracts/warehouses';
import { makeCompanyWithUser, makeWarehouse } from '../support/factories';
import { makePallet, makeRack, type ErrorReply } from '../support/racks-factories';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

// The factory warehouse is 60 ft wide and 100 ft long with a 2 x 3 grid: the VAULTS block
// covers x 0..10, y 0..15 at its default location.

describe('adding a rack', () => {
  it('creates the rack with its shelves and lists it with the warehouse', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff);
    const rack = await makeRack(staff, w.id, {
      name: 'North',
      num_shelves: 3,
      capacity: 4,
      position: { x: 20, y: 30 },
    });
    expect(rack).toMatchObject({
      name: 'North',
      orientation: 'horizontal',
      width: 12,
      length: 4,
      position: { x: 20, y: 30 },
      capacity: 4,
      num_shelves: 3,
    });
    expect(rack.shelves.map((s) => [s.index, s.capacity, s.pallets.length])).toEqual([
      [0, 4, 0],
      [1, 4, 0],
      [2, 4, 0],
    ]);
    const listed = await staff.client.get(`/api/racks/warehouse/${w.id}`);
    expect(listed.status).toBe(200);
    expect((listed.body as Rack[]).map((r) => r.id)).toEqual([rack.id]);
    const full = (await staff.client.get(`/api/warehouse/${w.id}`)).body as Warehouse;
    expect(full.racks.map((r) => r.shelves.length)).toEqual([3]);
  });

  it("uses the builder's defaults for name, orientation and capacity", async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff);
    const res = await staff.client.post(`/api/racks/warehouse/${w.id}/add`, {
      position: { x: 20, y: 20 },
      width: 12,
      length: 4,
      num_shelves: 1,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Unnamed Rack',
      orientation: 'horizontal',
      capacity: 1,
    });
  });

  it.each([
    [{ position: undefined }, 'Position is required.'],
    [{ width: 0 }, 'Width must be greater than 0.'],
    [{ length: 'long' }, 'Length must be a number.'],
    [{ num_shelves: 0 }, 'Number of shelves must be at least 1.'],
    [{ num_shelves: 1.5 }, 'Number of shelves must be a whole number.'],
    [{ capacity: 0 }, 'Capacity must be at least 1.'],
    [{ orientation: 'diagonal' }, 'Orientation must be horizontal or vertical.'],
    [{ position: { x: 'a', y: 1 } }, 'Position x must be a number.'],
  ])('refuses %o with "%s"', async (override, message) => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff);
    const res = await staff.client.post(`/api/racks/warehouse/${w.id}/add`, {
      position: { x: 20, y: 20 },
      width: 12,
      length: 4,
      num_shelves: 1,
      ...override,
    });
    expect(res.status).toBe(400);
    expect((res.body as ErrorReply).errors).toContain(message);
  });

  it('refuses a rack outside the walls', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff);
    const res = await staff.client.post(`/api/racks/warehouse/${w.id}/add`, {
      name: 'Edge',
      position: { x: 50, y: 20 },
      width: 12,
      length: 4,
      num_shelves: 1,
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'RACK_POSITION_INVALID',
      message:
        'Rack "Edge" (12 x 4 ft) at x 50, y 20 would not fit inside the warehouse (60 x 100 ft).',
    });
    const vertical = await staff.client.post(`/api/racks/warehouse/${w.id}/add`, {
      position: { x: 20, y: 90 },
      width: 12,
      length: 4,
      num_shelves: 1,
      orientation: 'vertical',
    });
    expect(vertical.status).toBe(409);
  });

  it('refuses a rack on the VAULTS block or on another rack, and allows touching', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff);
    const onBlock = await staff.client.post(`/api/racks/warehouse/${w.id}/add`, {
      position: { x: 5, y: 5 },
      width: 12,
      length: 4,
      num_shelves: 1,
    });
    expect(onBlock.status).toBe(409);
    expect((onBlock.body as ErrorReply).message).toBe(
      'Rack "Unnamed Rack" at x 5, y 5 would overlap the VAULTS block.',
    );

    await makeRack(staff, w.id, { name: 'First', position: { x: 20, y: 20 } });
    const onRack = await staff.client.post(`/api/racks/warehouse/${w.id}/add`, {
      position: { x: 25, y: 22 },
      width: 12,
      length: 4,
      num_shelves: 1,
    });
    expect(onRack.status).toBe(409);
    expect((onRack.body as ErrorReply).message).toContain('would overlap rack "First"');

    await makeRack(staff, w.id, { name: 'Beside block', position: { x: 10, y: 0 } });
    await makeRack(staff, w.id, { name: 'Below first', position: { x: 20, y: 24 } });
  });

  it('answers 404 for an unknown warehouse or another company', async () => {
    const staff = await makeCompanyWithUser(app);
    const other = await makeCompanyWithUser(app);
    const theirs = await makeWarehouse(other);
    for (const id of [MISSING_ID, theirs.id]) {
      expect((await staff.client.get(`/api/racks/warehouse/${id}`)).status).toBe(404);
      const res = await staff.client.post(`/api/racks/warehouse/${id}/add`, {
        position: { x: 20, y: 20 },
        width: 12,
        length: 4,
        num_shelves: 1,
      });
      expect(res.status).toBe(404);
      expect((res.body as ErrorReply).message).toBe('Warehouse not found.');
    }
    expect((await other.client.get(`/api/racks/warehouse/${theirs.id}`)).body).toEqual([]);
  });
});

describe('moving a rack', () => {
  it('moves and turns a rack, keeping its shelves and pallets', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff);
    const rack = await makeRack(staff, w.id);
    const shelf = rack.shelves[0];
    if (!shelf) throw new Error('no shelf');
    await makePallet(staff, shelf.id);
    const res = await staff.client.put(`/api/racks/${w.id}/rack/${rack.id}`, {
      position: { x: 40, y: 50 },
      width: 12,
      length: 4,
      orientation: 'vertical',
    });
    expect(res.status).toBe(200);
    const moved = res.body as Rack;
    expect(moved).toMatchObject({
      position: { x: 40, y: 50 },
      orientation: 'vertical',
      name: 'Rack A',
    });
    expect(moved.shelves[0]?.pallets).toHaveLength(1);
  });

  it('keeps what the update leaves out: an empty body changes nothing', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff);
    const rack = await makeRack(staff, w.id, { orientation: 'vertical' });
    const res = await staff.client.put(`/api/racks/${w.id}/rack/${rack.id}`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      position: rack.position,
      width: 12,
      length: 4,
      orientation: 'vertical',
    });
  });

  it.each([0, 1])(
    'moves a rack sent only a position (with width and length %i inside it) and keeps its size and orientation',
    async (missing) => {
      const staff = await makeCompanyWithUser(app);
      const w = await makeWarehouse(staff);
      const rack = await makeRack(staff, w.id, { orientation: 'vertical' });
      const res = await staff.client.put(`/api/racks/${w.id}/rack/${rack.id}`, {
        position: { x: 41.5, y: 50, width: missing, length: missing },
      });
      expect(res.status, res.text).toBe(200);
      const expected = {
        position: { x: 41.5, y: 50 },
        width: 12,
        length: 4,
        orientation: 'vertical',
      };
      expect(res.body).toMatchObject(expected);
      const racks = (await staff.client.get(`/api/racks/warehouse/${w.id}`)).body as Rack[];
      expect(racks.find((r) => r.id === rack.id)).toMatchObject(expected);
    },
  );

  it('resizes a rack from top-level width and length, keeping its position', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff);
    const rack = await makeRack(staff, w.id);
    const res = await staff.client.put(`/api/racks/${w.id}/rack/${rack.id}`, { width: 8 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ position: rack.position, width: 8, length: 4 });
    const bad = await staff.client.put(`/api/racks/${w.id}/rack/${rack.id}`, { length: 0 });
    expect(bad.status).toBe(400);
    expect((bad.body as ErrorReply).message).toBe('Length must be greater than 0.');
  });

  it('refuses a move outside, onto the VAULTS block or onto another rack, and keeps the rack where it was', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff);
    const rack = await makeRack(staff, w.id, { name: 'Mover', position: { x: 20, y: 20 } });
    await makeRack(staff, w.id, { name: 'Other', position: { x: 20, y: 40 } });
    const move = (x: number, y: number) =>
      staff.client.put(`/api/racks/${w.id}/rack/${rack.id}`, {
        position: { x, y },
        width: 12,
        length: 4,
      });
    expect((await move(-1, 20)).status).toBe(409);
    expect(((await move(0, 0)).body as ErrorReply).message).toContain(
      'would overlap the VAULTS block',
    );
    expect(((await move(22, 38)).body as ErrorReply).message).toContain(
      'would overlap rack "Other"',
    );
    // Moving onto its own old footprint is fine: a rack does not collide with itself.
    expect((await move(21, 20)).status).toBe(200);
    const racks = (await staff.client.get(`/api/racks/warehouse/${w.id}`)).body as Rack[];
    expect(racks.find((r) => r.id === rack.id)?.position).toEqual({ x: 21, y: 20 });
  });

  it("answers 404 for another company's rack, or a rack of another warehouse", async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff);
    const w2 = await makeWarehouse(staff);
    const rack = await makeRack(staff, w.id);
    const other = await makeCompanyWithUser(app);
    const body = { position: { x: 40, y: 40 }, width: 12, length: 4 };
    expect((await other.client.put(`/api/racks/${w.id}/rack/${rack.id}`, body)).status).toBe(404);
    const wrongWarehouse = await staff.client.put(`/api/racks/${w2.id}/rack/${rack.id}`, body);
    expect(wrongWarehouse.status).toBe(404);
    expect((wrongWarehouse.body as ErrorReply).message).toBe('Rack not found.');
    expect((await staff.client.put(`/api/racks/${w.id}/rack/not-an-id`, body)).status).toBe(400);
  });
});

describe('deleting a rack', () => {
  it('removes it with its shelves and pallets', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff);
    const rack = await makeRack(staff, w.id);
    const pallet = await makePallet(staff, rack.shelves[0]?.id ?? MISSING_ID);
    const other = await makeCompanyWithUser(app);
    expect((await other.client.delete(`/api/racks/${w.id}/rack/${rack.id}/delete`)).status).toBe(
      404,
    );

    const res = await staff.client.delete(`/api/racks/${w.id}/rack/${rack.id}/delete`);
    expect(res.status).toBe(200);
    expect((await staff.client.get(`/api/racks/warehouse/${w.id}`)).body).toEqual([]);
    expect((await staff.client.delete(`/api/pallets/${pallet.id}/delete`)).status).toBe(404);
    expect((await staff.client.delete(`/api/racks/${w.id}/rack/${rack.id}/delete`)).status).toBe(
      404,
    );
  });
});
