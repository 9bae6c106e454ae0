import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SessionUser } from '../../src/contracts/auth';
import type { Checklist } from '../../src/contracts/checklists';
import type { Rack } from '../../src/contracts/racks';
import type { Vault } from '../../src/contracts/vaults';
import type { VaultEvent } from '../../src/contracts/vault-events';
import type { Warehouse } from '../../src/contracts/warehouses';
import { openDatabase } from '../../src/server/db/client';
import { migrate, type SqlSession } from '../../src/server/db/migrate';
import * as initial from '../../src/server/db/migrations/0001-initial';
import { hashPassword } from '../../src/server/lib/password';
import { createDiskStorage } from '../../src/server/storage/storage';
import { TEST_PASSWORD, fieldByName } from '../support/factories';
import { HttpClient } from '../support/http-client';
import { expectId } from '../support/ids';
import { createDatabase, serveTestApp, type TestApp } from '../support/test-app';

// A database as release 0001 left it (uuid ids), filled through SQL with one of everything,
// then opened by today's code, which applies 0002. Every row must come through with its
// relations, and every file must still download.

const TABLES = [
  'companies',
  'users',
  'sessions',
  'warehouses',
  'fields',
  'customers',
  'orders',
  'vaults',
  'vault_attachments',
  'vault_events',
  'racks',
  'shelves',
  'pallets',
  'checklists',
  'checklist_images',
] as const;

const ATTACHMENT = Buffer.from('%PDF-1.4 the inventory of vault 101');
const IMAGE = Buffer.from('\x89PNG a photo of a clean floor');
const token = crypto.randomBytes(32).toString('base64url');
const email = `migrated-${crypto.randomBytes(4).toString('hex')}@example.com`;

interface Seeded {
  counts: Record<string, number>;
}

async function seedAtSchema0001(db: SqlSession, filesDir: string): Promise<Seeded> {
  const one = async (sql: string, params: unknown[] = []) => {
    const [row] = await db.query(sql, params);
    if (!row) throw new Error(`No row from ${sql}`);
    return String(row.id);
  };
  const storage = createDiskStorage(filesDir);
  const company = await one(
    `INSERT INTO companies (name, slug) VALUES ('Old Movers', 'old-movers') RETURNING id`,
  );
  const other = await one(
    `INSERT INTO companies (name, slug) VALUES ('Other', 'other') RETURNING id`,
  );
  const user = await one(
    `INSERT INTO users (company_id, email, password_hash) VALUES ($1, $2, $3) RETURNING id`,
    [company, email, await hashPassword(TEST_PASSWORD)],
  );
  await one(
    `INSERT INTO users (company_id, email, password_hash) VALUES ($1, 'other@example.com', 'x') RETURNING id`,
    [other],
  );
  await db.query(
    `INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + interval '30 days')`,
    [crypto.createHash('sha256').update(token).digest('hex'), user],
  );
  const warehouse = await one(
    `INSERT INTO warehouses (company_id, name, slug, rows, cols, field_capacity, length, width)
     VALUES ($1, 'Main', 'main', 1, 2, 3, 100, 80) RETURNING id`,
    [company],
  );
  const field = (name: string, col: number) =>
    one(
      `INSERT INTO fields (company_id, warehouse_id, name, col_index, row_index)
       VALUES ($1, $2, $3, $4, 0) RETURNING id`,
      [company, warehouse, name, col],
    );
  const a1 = await field('A1', 0);
  const b1 = await field('B1', 1);
  const otherWarehouse = await one(
    `INSERT INTO warehouses (company_id, name, slug, rows, cols, field_capacity, length, width)
     VALUES ($1, 'Main', 'main', 1, 1, 3, 0, 0) RETURNING id`,
    [other],
  );
  const otherField = await one(
    `INSERT INTO fields (company_id, warehouse_id, name, col_index, row_index)
     VALUES ($1, $2, 'A1', 0, 0) RETURNING id`,
    [other, otherWarehouse],
  );
  const customer = (c: string, name: string) =>
    one(`INSERT INTO customers (company_id, name) VALUES ($1, $2) RETURNING id`, [c, name]);
  const smith = await customer(company, 'SMITH');
  const jones = await customer(company, 'JONES');
  const otherCustomer = await customer(other, 'SMITH');
  const order = await one(
    `INSERT INTO orders (company_id, name) VALUES ($1, 'SO-1') RETURNING id`,
    [company],
  );
  const vault = (params: unknown[]) =>
    one(
      `INSERT INTO vaults (company_id, name, customer_id, order_id, type, field_id, position, old_field_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      params,
    );
  const v101 = await vault([company, '101', smith, order, 'vault', a1, 1, null]);
  await vault([company, '102', jones, null, 'vault', a1, 2, null]);
  await vault([company, null, smith, null, 'liftvan', b1, 1, null]);
  await vault([company, '104', jones, null, 'vault', null, null, a1]);
  // Staged from a field deleted since: old_field_id points at nothing.
  await vault([company, '105', jones, null, 'vault', null, null, crypto.randomUUID()]);
  await vault([other, '101', otherCustomer, null, 'vault', otherField, 1, null]);

  const attachmentKey = await storage.put(ATTACHMENT);
  await db.query(
    `INSERT INTO vault_attachments (company_id, vault_id, file_name, storage_key, content_type, size_bytes)
     VALUES ($1, $2, 'inventory.pdf', $3, 'application/pdf', $4)`,
    [company, v101, attachmentKey, ATTACHMENT.length],
  );
  const event = (vaultId: string, name: string, kind: string) =>
    db.query(
      `INSERT INTO vault_events (company_id, vault_id, vault_name, kind, actor_user_id, actor_email, details)
       VALUES ($1, $2, $3, $4, $5, $6, '{"to": {"warehouse": "Main", "field": "A1", "position": 1}}')`,
      [company, vaultId, name, kind, user, email],
    );
  await event(v101, '101', 'created');
  // Two vaults deleted before the migration: their history has no vault row to map from.
  const gone = crypto.randomUUID();
  await event(gone, '900', 'created');
  await event(gone, '900', 'deleted');
  await event(crypto.randomUUID(), '901', 'deleted');

  const rack = await one(
    `INSERT INTO racks (company_id, warehouse_id, name, capacity, num_shelves) VALUES ($1, $2, 'R1', 3, 2) RETURNING id`,
    [company, warehouse],
  );
  const shelf0 = await one(
    `INSERT INTO shelves (company_id, rack_id, shelf_index, capacity) VALUES ($1, $2, 0, 3) RETURNING id`,
    [company, rack],
  );
  await one(
    `INSERT INTO shelves (company_id, rack_id, shelf_index, capacity) VALUES ($1, $2, 1, 3) RETURNING id`,
    [company, rack],
  );
  await one(
    `INSERT INTO pallets (company_id, shelf_id, name, customer_id, shelf_spots) VALUES ($1, $2, 'P1', $3, 2) RETURNING id`,
    [company, shelf0, smith],
  );
  const checklist = await one(
    `INSERT INTO checklists (company_id, warehouse_id, description, tasks)
     VALUES ($1, $2, 'Daily', '[{"text": "Sweep", "completed": false, "completed_by": "", "reason": "", "completed_at": null}]')
     RETURNING id`,
    [company, warehouse],
  );
  const imageKey = await storage.put(IMAGE);
  await db.query(
    `INSERT INTO checklist_images (company_id, checklist_id, file_name, storage_key, content_type, size_bytes)
     VALUES ($1, $2, 'floor.png', $3, 'image/png', $4)`,
    [company, checklist, imageKey, IMAGE.length],
  );

  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const [row] = await db.query(`SELECT count(*)::int AS n FROM ${table}`);
    counts[table] = Number(row?.n);
  }
  return { counts };
}

/** Builds a 0001 database, seeds it, and opens it with today's code (which migrates it). */
async function migratedApp(postgresUrl: string | null): Promise<{ app: TestApp; seeded: Seeded }> {
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultgrid-files-'));
  if (postgresUrl) {
    const created = await createDatabase(postgresUrl);
    const client = new pg.Client({ connectionString: created.url });
    await client.connect();
    const session: SqlSession = {
      exec: async (sql) => void (await client.query(sql)),
      query: async (sql, params) => (await client.query(sql, params)).rows,
    };
    await migrate(session, [initial]);
    const seeded = await seedAtSchema0001(session, filesDir);
    await client.end();
    const database = await openDatabase({ databaseUrl: created.url, dataDir: '' });
    return { app: await serveTestApp(database, filesDir, created.drop), seeded };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultgrid-data-'));
  const pglite = new PGlite({ dataDir: path.join(dataDir, 'pglite'), extensions: { pg_trgm } });
  const session: SqlSession = {
    exec: async (sql) => void (await pglite.exec(sql)),
    query: async (sql, params) => (await pglite.query<Record<string, unknown>>(sql, params)).rows,
  };
  await migrate(session, [initial]);
  const seeded = await seedAtSchema0001(session, filesDir);
  await pglite.close();
  const database = await openDatabase({ databaseUrl: undefined, dataDir });
  const app = await serveTestApp(database, filesDir, async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { app, seeded };
}

let app: TestApp;
let seeded: Seeded;
let client: HttpClient;

beforeAll(async () => {
  ({ app, seeded } = await migratedApp(inject('postgresUrl')));
  client = new HttpClient(app.baseUrl);
});
afterAll(async () => {
  await app?.close();
});

const rows = async <T>(sql: string): Promise<T[]> =>
  ((await app.deps.db.execute(sql)) as unknown as { rows: T[] }).rows;

const get = (url: string) =>
  client.request('GET', url, { headers: { cookie: `vaultgrid_session=${token}` } });

describe('migration 0002: uuid ids become integers', () => {
  it('keeps every row of every table', async () => {
    for (const table of TABLES) {
      const [row] = await rows<{ n: number }>(`SELECT count(*) AS n FROM ${table}`);
      expect(row?.n, table).toBe(seeded.counts[table]);
    }
  });

  it('keeps the signed-in session, which now answers integer ids', async () => {
    const res = await get('/api/auth/');
    expect(res.status).toBe(200);
    const user = res.body as SessionUser;
    expectId(user.id);
    expectId(user.companyId);
  });

  it('keeps each vault in its field, at its position, with its customer, order and file', async () => {
    const me = (await get('/api/auth/')).body as SessionUser;
    const res = await get(`/api/warehouse/company/${me.companyId}`);
    expect(res.status).toBe(200);
    const [warehouse] = res.body as Warehouse[];
    if (!warehouse) throw new Error('The migrated warehouse is missing');
    expectId(warehouse.id);
    const a1 = fieldByName(warehouse, 'A1');
    const b1 = fieldByName(warehouse, 'B1');
    expect(Object.keys(warehouse.fields).sort()).toEqual([String(a1.id), String(b1.id)].sort());
    const a1Vaults = Object.values(a1.vaults).sort((x, y) => (x.position ?? 0) - (y.position ?? 0));
    expect(a1Vaults.map((v) => [v.name, v.position, v.customer_name, v.order_name])).toEqual([
      ['101', 1, 'SMITH', 'SO-1'],
      ['102', 2, 'JONES', null],
    ]);
    for (const v of a1Vaults) {
      expect(warehouse.fields[String(a1.id)]?.vaults[String(v.id)]).toEqual(v);
      expect(v.field_id).toBe(a1.id);
    }
    expect(Object.values(b1.vaults).map((v) => [v.type, v.position])).toEqual([['liftvan', 1]]);

    const [attachment] = a1Vaults[0]?.attachments ?? [];
    if (!attachment) throw new Error('The migrated attachment is missing');
    expectId(attachment.id);
    expect(attachment.vault_id).toBe(a1Vaults[0]?.id);
    const file = await fetch(`${app.baseUrl}${attachment.file_url}`, {
      headers: { cookie: `vaultgrid_session=${token}` },
    });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(ATTACHMENT)).toBe(true);
  });

  it('keeps staged vaults and where they came from; a field deleted before maps to none', async () => {
    const staged = Object.values((await get('/api/stage/vaults')).body as Record<string, Vault>);
    const me = (await get('/api/auth/')).body as SessionUser;
    const [warehouse] = (await get(`/api/warehouse/company/${me.companyId}`)).body as Warehouse[];
    if (!warehouse) throw new Error('The migrated warehouse is missing');
    const byName = new Map(staged.map((v) => [v.name, v]));
    expect(byName.get('104')?.old_field_id).toBe(fieldByName(warehouse, 'A1').id);
    expect(byName.get('105')?.old_field_id).toBeNull();
  });

  it('keeps racks, shelves and pallets, and checklists with their images', async () => {
    const me = (await get('/api/auth/')).body as SessionUser;
    const [warehouse] = (await get(`/api/warehouse/company/${me.companyId}`)).body as Warehouse[];
    if (!warehouse) throw new Error('The migrated warehouse is missing');
    const racks = (await get(`/api/racks/warehouse/${warehouse.id}`)).body as Rack[];
    expect(racks.map((r) => [r.name, r.shelves.length])).toEqual([['R1', 2]]);
    const shelf = racks[0]?.shelves.find((s) => s.index === 0);
    expect(shelf?.pallets.map((p) => [p.name, p.customerName, p.shelfId])).toEqual([
      ['P1', 'SMITH', shelf?.id],
    ]);

    const checklists = (await get('/api/checklists/')).body as Checklist[];
    expect(checklists.map((c) => [c.description, c.warehouse_id])).toEqual([
      ['Daily', warehouse.id],
    ]);
    const [image] = checklists[0]?.images ?? [];
    if (!image) throw new Error('The migrated checklist image is missing');
    // Served by id to the company's staff (strangers need the name page's fill grant).
    const file = await fetch(`${app.baseUrl}${image.url}`, {
      headers: { cookie: `vaultgrid_session=${token}` },
    });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(IMAGE)).toBe(true);
  });

  it('keeps the history, and gives each deleted vault its own number after every live one', async () => {
    const events = await rows<{ vault_id: number; vault_name: string; actor_user_id: number }>(
      'SELECT vault_id, vault_name, actor_user_id FROM vault_events ORDER BY id',
    );
    const [maxVault] = await rows<{ id: number }>('SELECT max(id) AS id FROM vaults');
    const live = events.find((e) => e.vault_name === '101');
    const gone = events.filter((e) => e.vault_name !== '101');
    expect(gone.map((e) => e.vault_name)).toEqual(['900', '900', '901']);
    expect(new Set(gone.map((e) => e.vault_id)).size).toBe(2);
    for (const e of gone) expect(e.vault_id).toBeGreaterThan(maxVault?.id ?? 0);
    expect(live?.actor_user_id).toBe(((await get('/api/auth/')).body as SessionUser).id);

    const history = (await get(`/api/vaults/${live?.vault_id}/history`)).body as VaultEvent[];
    expect(history.map((e) => e.kind)).toEqual(['created']);
  });

  it('hands out new ids after every migrated one, including the deleted vaults', async () => {
    const signIn = await client.post('/api/auth/login', { email, password: TEST_PASSWORD });
    expect(signIn.status).toBe(200);
    const added = await client.post('/api/warehouse/add-warehouse', {
      name: 'New',
      rows: 1,
      cols: 1,
      field_capacity: 2,
      length: 10,
      width: 10,
    });
    expect(added.status).toBe(200);
    const warehouse = added.body as Warehouse;
    const [maxEvent] = await rows<{ id: number }>('SELECT max(vault_id) AS id FROM vault_events');
    const form = new FormData();
    form.set('field_id', String(fieldByName(warehouse, 'A1').id));
    form.set('position', '1');
    form.set('customer_name', 'NEW');
    form.set('order_name', 'SO-2');
    const res = await client.request('POST', '/api/vaults/', { form });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { vault } = res.body as { vault: Vault };
    expectId(vault.id);
    expect(vault.id).toBeGreaterThan(maxEvent?.id ?? 0);
  });

  it('keeps 0001 index names and makes a field with vaults undeletable in the database', async () => {
    const [fk] = await rows<{ action: string }>(
      `SELECT confdeltype AS action FROM pg_constraint WHERE conname = 'vaults_field_id_fkey'`,
    );
    expect(fk?.action).toBe('r');
    const indexes = (
      await rows<{ name: string }>(
        `SELECT indexname AS name FROM pg_indexes WHERE schemaname = 'public'`,
      )
    ).map((r) => r.name);
    // 0003 drops login_attempts with its indexes; every other index of 0001 must survive.
    const expected = [...initial.sql.matchAll(/CREATE (?:UNIQUE )?INDEX (\w+)/g)]
      .map((m) => m[1])
      .filter((name) => !name?.startsWith('login_attempts_'));
    expect(indexes).toEqual(expect.arrayContaining(expected));
    const [field] = await rows<{ id: number }>(
      `SELECT field_id AS id FROM vaults WHERE field_id IS NOT NULL LIMIT 1`,
    );
    await expect(
      app.deps.db.execute(`DELETE FROM fields WHERE id = ${field?.id}`),
    ).rejects.toThrow();
  });
});
