import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { LiveEvent, Presence } from '../../src/contracts/live';
import {
  fieldByName,
  makeCompanyWithUser,
  makeWarehouse,
  type SignedInStaff,
} from '../support/factories';
import { EventStream, type StreamFrame } from '../support/event-stream';
import { startTestApp, type TestApp } from '../support/test-app';
import { makeVault } from '../support/vault-factories';
import { MISSING_ID } from '../support/ids';
import { makeChecklist } from '../support/checklists-factories';

let app: TestApp;
const streams: EventStream[] = [];
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  for (const s of streams) s.close();
  await app?.close();
});

async function openStream(staff: SignedInStaff, headers: Record<string, string> = {}) {
  const stream = await EventStream.open(`${app.baseUrl}/api/live/events`, {
    cookie: staff.client.cookieHeader('/api/live/events'),
    ...headers,
  });
  streams.push(stream);
  expect(stream.status).toBe(200);
  await stream.waitFor((f) => f.event === 'ready');
  return stream;
}

const change = (match: Partial<LiveEvent>) => (frame: StreamFrame) =>
  frame.event === 'change' &&
  Object.entries(match).every(([k, v]) => (frame.data as Record<string, unknown>)[k] === v);

describe('live events', () => {
  it('tells signed-in staff of a vault added, moved and staged, after each commit', async () => {
    const staff = await makeCompanyWithUser(app);
    const warehouse = await makeWarehouse(staff);
    const stream = await openStream(staff);
    const a1 = fieldByName(warehouse, 'A1');
    const b1 = fieldByName(warehouse, 'B1');

    const vault = await makeVault(staff, { field_id: a1.id, position: 1 });
    const added = await stream.waitFor(change({ entity: 'vault', id: vault.id }));
    expect(added.data).toMatchObject({
      company: staff.user.companyId,
      warehouse: warehouse.id,
      entity: 'vault',
      id: vault.id,
    });
    expect(added.id).toBe(String((added.data as LiveEvent).version));

    const from = stream.frames.length;
    const moved = await staff.client.put('/api/vaults/move', {
      vaultId: vault.id,
      fieldId: b1.id,
      position: 1,
    });
    expect(moved.status).toBe(200);
    const movedEvent = await stream.waitFor(change({ entity: 'vault', id: vault.id }), { from });
    expect((movedEvent.data as LiveEvent).version).toBeGreaterThan(
      (added.data as LiveEvent).version,
    );

    const beforeStage = stream.frames.length;
    const staged = await staff.client.post(`/api/stage/vaults/${vault.id}`);
    expect(staged.status).toBe(200);
    await stream.waitFor(change({ entity: 'vault', id: vault.id }), { from: beforeStage });

    const full = await staff.client.patch(`/api/fields/${a1.id}/full`, { full: true });
    expect(full.status, JSON.stringify(full.body)).toBe(200);
    await stream.waitFor(change({ entity: 'field', id: a1.id, warehouse: warehouse.id }));
  });

  it('never sends another company’s changes to a stream', async () => {
    const ours = await makeCompanyWithUser(app);
    const theirs = await makeCompanyWithUser(app);
    const ourWarehouse = await makeWarehouse(ours);
    const theirWarehouse = await makeWarehouse(theirs);
    const ourStream = await openStream(ours);
    const theirStream = await openStream(theirs);

    const theirVault = await makeVault(theirs, {
      field_id: fieldByName(theirWarehouse, 'A1').id,
      position: 1,
    });
    await theirStream.waitFor(change({ entity: 'vault', id: theirVault.id }));
    // Notifications arrive in commit order: once our own later change has arrived, theirs
    // would have arrived before it.
    const ourVault = await makeVault(ours, {
      field_id: fieldByName(ourWarehouse, 'A1').id,
      position: 1,
    });
    await ourStream.waitFor(change({ entity: 'vault', id: ourVault.id }));
    const companies = ourStream.frames
      .filter((f) => f.event === 'change')
      .map((f) => (f.data as LiveEvent).company);
    expect(companies.length).toBeGreaterThan(0);
    expect(new Set(companies)).toEqual(new Set([ours.user.companyId]));
  });

  it('replays what a dropped stream missed after its Last-Event-ID', async () => {
    const staff = await makeCompanyWithUser(app);
    const warehouse = await makeWarehouse(staff);
    const first = await openStream(staff);
    const a1 = fieldByName(warehouse, 'A1');
    const one = await makeVault(staff, { field_id: a1.id, position: 1 });
    const seen = await first.waitFor(change({ entity: 'vault', id: one.id }));
    first.close();

    const two = await makeVault(staff, { field_id: a1.id, position: 2 });
    const three = await makeVault(staff, { field_id: a1.id, position: 3 });

    const resumed = await openStream(staff, { 'last-event-id': String(seen.id) });
    const ids = resumed.frames
      .filter((f) => f.event === 'change' && (f.data as LiveEvent).entity === 'vault')
      .map((f) => (f.data as LiveEvent).id);
    // Replayed before `ready`, oldest first, and nothing from before the last one seen.
    expect(ids).toEqual([two.id, three.id]);
  });

  it('asks a stream resuming from swept events to reload', async () => {
    const staff = await makeCompanyWithUser(app);
    const stream = await EventStream.open(`${app.baseUrl}/api/live/events`, {
      cookie: staff.client.cookieHeader('/api/live/events'),
      'last-event-id': '1',
    });
    streams.push(stream);
    await app.deps.db.execute(
      // Stands in for the hourly sweep having removed the first events.
      sql`DELETE FROM live_events WHERE id <= 1`,
    );
    const again = await EventStream.open(`${app.baseUrl}/api/live/events`, {
      cookie: staff.client.cookieHeader('/api/live/events'),
      'last-event-id': '1',
    });
    streams.push(again);
    await again.waitFor((f) => f.event === 'reset');
  });

  it('lets the fill page of a printed link hear its own checklist, and nothing else', async () => {
    const staff = await makeCompanyWithUser(app);
    const warehouse = await makeWarehouse(staff);
    const checklist = await makeChecklist(staff, { warehouse_id: warehouse.id, tasks: [] });
    const token = checklist.fill_path.split('/').pop() ?? '';
    const phone = await EventStream.open(`${app.baseUrl}/api/live/checklists/t/${token}/events`);
    streams.push(phone);
    expect(phone.status).toBe(200);
    await phone.waitFor((f) => f.event === 'ready');

    // The office edits the checklist; the phone (no session) hears of it.
    await makeVault(staff, { field_id: fieldByName(warehouse, 'A1').id, position: 1 });
    const edited = await staff.client.patch(`/api/checklists/${checklist.id}`, {
      description: 'Sweep aisle 3',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    await phone.waitFor(change({ entity: 'checklist', id: checklist.id }));
    // The vault added before it never reached the phone.
    expect(phone.frames.filter((f) => f.event === 'change')).toHaveLength(1);

    const unknown = await fetch(`${app.baseUrl}/api/live/checklists/t/${'x'.repeat(22)}/events`);
    expect(unknown.status).toBe(404);
  });

  it('refuses a stream without a session', async () => {
    const res = await fetch(`${app.baseUrl}/api/live/events`);
    expect(res.status).toBe(401);
  });

  it('shows who else has a warehouse open, and when they leave', async () => {
    const ana = await makeCompanyWithUser(app);
    const warehouse = await makeWarehouse(ana);
    const stream = await openStream(ana);
    const before = await ana.client.get(`/api/live/presence/${warehouse.id}`);
    expect((before.body as Presence).people).toEqual([]);

    const res = await ana.client.post(`/api/live/presence/${warehouse.id}`, {
      tab: 'tab-of-ana-1',
      here: true,
    });
    expect(res.status).toBe(200);
    // Ana does not see herself; a presence event names the warehouse for everyone else.
    expect((res.body as Presence).people).toEqual([]);
    await stream.waitFor(change({ entity: 'presence', warehouse: warehouse.id }));

    const other = await makeCompanyWithUser(app);
    const foreign = await other.client.get(`/api/live/presence/${warehouse.id}`);
    expect(foreign.status).toBe(404);
    const missing = await ana.client.get(`/api/live/presence/${MISSING_ID}`);
    expect(missing.status).toBe(404);

    await ana.client.post(`/api/live/presence/${warehouse.id}`, {
      tab: 'tab-of-ana-1',
      here: false,
    });
    await stream.waitFor(change({ entity: 'presence', warehouse: warehouse.id }), {
      from: stream.frames.findIndex(change({ entity: 'presence' })) + 1,
    });
  });
});
