import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SEARCH_SUGGESTION_LIMIT } from '../../src/contracts/limits';
import type { Vault } from '../../src/contracts/vaults';
import type { Warehouse } from '../../src/contracts/warehouses';
import { openDatabase, type Database } from '../../src/server/db/client';
import { suggestions } from '../../src/server/features/search/search.repository';
import { listStagedVaults } from '../../src/server/features/vaults/stage.service';
import { fieldByName, makeCompanyWithUser, makeWarehouse } from '../support/factories';
import type { SignedInStaff } from '../support/factories';
import { csvText, runImport } from '../support/import-factories';
import { createDatabase, serveTestApp, startTestApp, type TestApp } from '../support/test-app';
import { makeVault } from '../support/vault-factories';

// Search suggestions and the staged list are kept per company (decisions 0074, 0075). After
// every kind of write, what a client is sent must equal an answer built from nothing.

/** Texts whose suggestions the writes below change (numbers KQ..., customers Qu..., orders QX-...). */
const TEXTS = ['kq', 'qu', 'qx', 'kq2', 'note'];

type Db = TestApp['deps']['db'];

/** The suggestions as the repository builds them, with nothing kept. */
function searchFromNothing(db: Db, companyId: number, text: string, warehouseId: number | null) {
  return suggestions(db, {
    companyId,
    pattern: `%${text}%`,
    prefix: `${text}%`,
    warehouseId,
    limit: SEARCH_SUGGESTION_LIMIT,
  });
}

/** Every kept answer of the company, as `get` is sent it, against one built from nothing. */
async function expectCurrent(
  db: Db,
  staff: SignedInStaff,
  warehouse: Warehouse,
  get: (path: string) => Promise<unknown>,
): Promise<void> {
  for (const text of TEXTS) {
    for (const warehouseId of [null, warehouse.id]) {
      const scope = warehouseId === null ? '' : `&warehouseId=${warehouseId}`;
      expect(
        await get(`/api/search/suggestions?q=${text}${scope}`),
        `suggestions for "${text}"${scope}`,
      ).toEqual(await searchFromNothing(db, staff.user.companyId, text, warehouseId));
    }
  }
  expect(await get('/api/stage/vaults'), 'the staged list').toEqual(
    await listStagedVaults(db, staff.user),
  );
}

const IMPORT_HEADER = ['Vault', 'Customer', 'Order', 'Type', 'Warehouse', 'Field', 'Position'];

/**
 * Each kind of write, one after another, with every kept answer checked after each: the
 * check before a write has kept the answers the write must replace.
 */
async function writeAndCheck(
  db: Db,
  staff: SignedInStaff,
  checkIn: (warehouse: Warehouse) => Promise<void>,
): Promise<void> {
  const w = await makeWarehouse(staff);
  const check = () => checkIn(w);
  const first = await makeVault(staff, {
    field_id: fieldByName(w, 'A1').id,
    position: 1,
    vault_id: 'KQ100',
    customer_name: 'Quillon',
    order_name: 'QX-1',
  });
  const second = await makeVault(staff, {
    field_id: fieldByName(w, 'A2').id,
    position: 1,
    vault_id: 'KQ200',
    customer_name: 'Brent',
    order_name: 'BX-2',
  });
  await check();

  const added = await makeVault(staff, {
    field_id: fieldByName(w, 'B1').id,
    position: 1,
    vault_id: 'KQ300',
    customer_name: 'Quincy',
    order_name: 'QX-3',
  });
  await check();

  const edit = (vault: Vault, changes: Record<string, string>) =>
    staff.client.request('PUT', `/api/vaults/${vault.id}`, {
      json: {
        name: vault.name,
        customer_name: vault.customer_name,
        order_name: vault.order_name ?? '',
        note: vault.note,
        ...changes,
      },
    });
  expect((await edit(first, { name: 'KQ101', customer_name: 'Quillan' })).status).toBe(200);
  await check();

  expect((await staff.client.post(`/api/stage/vaults/${second.id}`)).status).toBe(200);
  await check();

  // Staged vaults belong to no warehouse: no version tells of these two writes.
  expect((await edit(second, { note: 'note on stage' })).status).toBe(200);
  await check();
  const form = new FormData();
  form.set('vault_id', String(second.id));
  form.set('attachment', new Blob(['a receipt'], { type: 'text/plain' }), 'receipt.txt');
  expect((await staff.client.request('POST', '/api/vaults/upload', { form })).status).toBeLessThan(
    300,
  );
  await check();

  const moved = await staff.client.request('PUT', '/api/vaults/move', {
    json: { vaultId: second.id, fieldId: fieldByName(w, 'A2').id, position: 1 },
  });
  expect(moved.status).toBe(200);
  await check();

  expect((await staff.client.delete(`/api/vaults/${added.id}`)).status).toBe(200);
  await check();
  expect((await staff.client.post(`/api/stage/vaults/${second.id}`)).status).toBe(200);
  await check();
  expect((await staff.client.delete(`/api/vaults/${second.id}`)).status).toBe(200);
  await check();

  const job = await runImport(
    staff,
    csvText([
      IMPORT_HEADER,
      ['KQ900', 'Quentin', 'QX-9', 'vault', w.name, 'B2', 1],
      ['KQ901', 'Quentin', 'QX-10', 'vault', '', '', ''],
    ]),
  );
  expect(job.status, job.message ?? '').toBe('done');
  await check();
  // The check itself must have looked at something: the import's two vaults.
  expect(Object.values(await listStagedVaults(db, staff.user)).map((v) => v.name)).toEqual([
    'KQ901',
  ]);
}

describe('kept search suggestions and staged list', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(inject('postgresUrl'));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('equal answers built from nothing after every kind of write', async () => {
    const staff = await makeCompanyWithUser(app);
    await writeAndCheck(app.deps.db, staff, (w) =>
      expectCurrent(app.deps.db, staff, w, getBody(staff)),
    );
  });
});

/** Another instance over the same PostgreSQL, with its own connections and kept answers. */
describe.runIf(inject('postgresUrl'))('kept answers on two instances over one PostgreSQL', () => {
  let first: TestApp;
  let second: TestApp;
  let secondDatabase: Database;
  beforeAll(async () => {
    const url = inject('postgresUrl');
    if (!url) throw new Error('PostgreSQL only');
    const created = await createDatabase(url);
    const open = () => openDatabase({ databaseUrl: created.url, dataDir: '' });
    const firstDatabase = await open();
    secondDatabase = await open();
    const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultgrid-files-'));
    first = await serveTestApp(firstDatabase, filesDir, created.drop);
    second = await serveTestApp(secondDatabase, filesDir, async () => undefined, {}, first);
  });
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
    await first?.close();
  });

  it('are current on the other instance as soon as a write on one is answered', async () => {
    const staff = await makeCompanyWithUser(first);
    const onSecond = async (p: string) => {
      const res = await fetch(second.baseUrl + p, {
        headers: { cookie: staff.client.cookieHeader() },
      });
      expect(res.status).toBe(200);
      return res.json() as Promise<unknown>;
    };
    await writeAndCheck(first.deps.db, staff, async (w) => {
      // Both instances have kept their answers before the next write, made on the first.
      await expectCurrent(first.deps.db, staff, w, getBody(staff));
      await expectCurrent(second.deps.db, staff, w, onSecond);
    });
  });
});

function getBody(staff: SignedInStaff) {
  return async (p: string) => {
    const res = await staff.client.get(p);
    expect(res.status).toBe(200);
    return res.body;
  };
}
