import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SEARCH_SUGGESTION_LIMIT } from '../../src/contracts/limits';
import type { Warehouse } from '../../src/contracts/warehouses';
import { queryRows } from '../../src/server/db/client';
import { warehouseVersionsOf } from '../../src/server/db/warehouse-versions';
import {
  searchIndexSettled,
  suggestFromIndex,
} from '../../src/server/features/search/search-index';
import { suggestions } from '../../src/server/features/search/search.repository';
import { makeCompanyWithUser, makeWarehouse, type SignedInStaff } from '../support/factories';
import { MISSING_ID } from '../support/ids';
import { startTestApp, type TestApp } from '../support/test-app';

// The in-memory suggestions (decision 0096) against the statement they stand in for, over
// random names (cases, accents, letters whose lower form differs by locale, LIKE's own
// characters, code points above U+FFFF), random texts and random writes between searches.

const onPostgres = inject('postgresUrl') !== null;
const RUNS = Number(process.env.SEARCH_INDEX_RUNS ?? (onPostgres ? 25 : 40));

/** Few letters, so texts often match; the rest are where case folding and order differ. */
const LETTERS = ['a', 'B', 'i', 'k', 's', '1', '0', ' ', '-', ',', '%', '_', '\\'];
const ODD = ['ß', 'ẞ', 'İ', 'ı', 'ſ', 'É', 'é', 'Σ', 'ς', 'ǅ', 'K', '\u{1d538}', '\uff21', 'ä'];
const nameArb = fc
  .array(fc.oneof(fc.constantFrom(...LETTERS), fc.constantFrom(...ODD)), {
    minLength: 1,
    maxLength: 6,
  })
  .map((cs) => cs.join('').trim())
  .filter((s) => s.length > 0);
const textArb = fc
  .array(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...LETTERS) }, fc.constantFrom(...ODD)), {
    minLength: 1,
    maxLength: 2,
  })
  .map((cs) => cs.join('').trim())
  .filter((s) => s.length > 0);

type Write =
  | { kind: 'add'; name: string; customer: string; order: string; slot: number }
  | { kind: 'rename'; pick: number; name: string }
  | { kind: 'renameCustomer'; pick: number; name: string }
  | { kind: 'stage'; pick: number }
  | { kind: 'delete'; pick: number };

const addArb = fc.record({
  kind: fc.constant('add' as const),
  name: nameArb,
  customer: nameArb,
  order: nameArb,
  slot: fc.nat(),
});
const writeArb: fc.Arbitrary<Write> = fc.oneof(
  { weight: 3, arbitrary: addArb },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('rename' as const), pick: fc.nat(), name: nameArb }),
  },
  fc.record({ kind: fc.constant('renameCustomer' as const), pick: fc.nat(), name: nameArb }),
  fc.record({ kind: fc.constant('stage' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
);

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

type Db = TestApp['deps']['db'];

/** Each write as a hand repair would make it: straight SQL, seen by the triggers alone. */
async function apply(db: Db, companyId: number, fieldIds: number[], write: Write): Promise<void> {
  const vaults = await queryRows<{ id: number; customer_id: number | null }>(
    db,
    sql`SELECT id, customer_id FROM vaults WHERE company_id = ${companyId} ORDER BY id`,
  );
  const picked = vaults.length > 0 && 'pick' in write ? vaults[write.pick % vaults.length] : null;
  // Names are unique per company; a clash is simply no write.
  const tryWrite = (query: ReturnType<typeof sql>) =>
    queryRows(db, query).catch((error: unknown) => {
      const cause = error instanceof Error ? error.cause : undefined;
      if ((cause as { code?: unknown } | undefined)?.code !== '23505') throw error;
    });
  switch (write.kind) {
    case 'add': {
      const field = fieldIds[write.slot % fieldIds.length];
      await tryWrite(sql`
        WITH c AS (INSERT INTO customers (company_id, name) VALUES (${companyId}, upper(${write.customer}))
                   ON CONFLICT (company_id, name) DO UPDATE SET name = EXCLUDED.name RETURNING id),
             o AS (INSERT INTO orders (company_id, name) VALUES (${companyId}, ${write.order})
                   ON CONFLICT (company_id, name) DO UPDATE SET name = EXCLUDED.name RETURNING id)
        INSERT INTO vaults (company_id, name, customer_id, order_id, field_id, position)
        SELECT ${companyId}, ${write.name}, c.id, o.id, ${field},
               coalesce((SELECT max(position) FROM vaults WHERE field_id = ${field}), 0) + 1
        FROM c, o`);
      return;
    }
    case 'rename':
      if (picked)
        await tryWrite(sql`UPDATE vaults SET name = ${write.name} WHERE id = ${picked.id}`);
      return;
    case 'renameCustomer':
      if (picked?.customer_id)
        await tryWrite(
          sql`UPDATE customers SET name = upper(${write.name}) WHERE id = ${picked.customer_id}`,
        );
      return;
    case 'stage':
      if (picked)
        await queryRows(
          db,
          sql`UPDATE vaults SET field_id = NULL, position = NULL WHERE id = ${picked.id}`,
        );
      return;
    case 'delete':
      if (picked) await queryRows(db, sql`DELETE FROM vaults WHERE id = ${picked.id}`);
  }
}

function fromStatement(db: Db, companyId: number, text: string, warehouseId: number | null) {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return suggestions(db, {
    companyId,
    pattern: `%${escaped}%`,
    prefix: `${escaped}%`,
    warehouseId,
    limit: SEARCH_SUGGESTION_LIMIT,
  });
}

describe('search suggestions from memory', () => {
  let staff: SignedInStaff;
  let warehouses: Warehouse[];
  let fieldIds: number[];
  beforeAll(async () => {
    staff = await makeCompanyWithUser(app);
    warehouses = [await makeWarehouse(staff), await makeWarehouse(staff)];
    fieldIds = warehouses.flatMap((w) => Object.values(w.fields).map((f) => f.id));
    // Enough names that lists overflow the limit, so order and the limit are tested too.
    for (const add of fc.sample(addArb, { numRuns: 120, seed: 7 }))
      await apply(app.deps.db, staff.user.companyId, fieldIds, add);
  });

  it('equal the statement for random names, texts and writes', async () => {
    const db = app.deps.db;
    const companyId = staff.user.companyId;
    let served = 0;
    let full = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(writeArb, { minLength: 1, maxLength: 6 }),
        fc.array(textArb, { minLength: 1, maxLength: 4 }),
        async (writes, texts) => {
          for (const write of writes) await apply(db, companyId, fieldIds, write);
          const versions = await warehouseVersionsOf(db, companyId);
          for (const text of texts) {
            for (const warehouseId of [null, ...warehouses.map((w) => w.id), MISSING_ID]) {
              const ask = () =>
                suggestFromIndex(
                  db,
                  companyId,
                  versions,
                  warehouseId,
                  text,
                  SEARCH_SUGGESTION_LIMIT,
                );
              // The first search after a write reads the warehouse's names in the background.
              await ask();
              await searchIndexSettled(db);
              const fromIndex = await ask();
              // Texts beyond printable ASCII go to the statement; the rest must be served.
              expect(fromIndex === null).toBe(!/^[\x20-\x7e]+$/.test(text));
              if (fromIndex === null) continue;
              served++;
              if (fromIndex.vaults.length === SEARCH_SUGGESTION_LIMIT) full++;
              expect(fromIndex, `"${text}" in ${warehouseId ?? 'the company'}`).toEqual(
                await fromStatement(db, companyId, text, warehouseId),
              );
            }
          }
        },
      ),
      { numRuns: RUNS, seed: 12 },
    );
    // The property looked at long lists, not only empty ones.
    expect(full).toBeGreaterThan(served / 4);
  });

  it('are what the route answers for a text not asked before', async () => {
    const db = app.deps.db;
    await apply(db, staff.user.companyId, fieldIds, {
      kind: 'add',
      name: 'Zq-Ä1',
      customer: 'zqé',
      order: 'ZQ-1',
      slot: 0,
    });
    // Once to have the names read, then a text not asked before, from memory.
    expect((await staff.client.get('/api/search/suggestions?q=Z')).status).toBe(200);
    await searchIndexSettled(db);
    const res = await staff.client.get('/api/search/suggestions?q=ZQ');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(await fromStatement(db, staff.user.companyId, 'ZQ', null));
    expect(res.body).toEqual({ customers: ['ZQÉ'], orders: ['ZQ-1'], vaults: ['Zq-Ä1'] });
  });
});
