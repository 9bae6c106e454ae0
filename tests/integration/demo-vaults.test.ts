import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/client';
import { loadDemo } from '../../src/server/demo/demo';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

it('the demo gives every vault a history and makes empty couchbox pairs', async () => {
  expect(await loadDemo(app.deps.db)).toMatchObject({ created: true });
  const [counts] = await queryRows<{ vaults: number; created: number }>(
    app.deps.db,
    sql`SELECT (SELECT count(*)::int FROM vaults) AS vaults,
               (SELECT count(*)::int FROM vault_events WHERE kind = 'created') AS created`,
  );
  expect(counts?.vaults).toBeGreaterThan(0);
  expect(counts?.created).toBe(counts?.vaults);
  const pairs = await queryRows<{ top: string; below: string | null; held: number }>(
    app.deps.db,
    sql`SELECT t.name AS top, b.name AS below,
               (SELECT count(*)::int FROM vaults v WHERE v.field_id IN (t.id, b.id)) AS held
        FROM fields t
        LEFT JOIN fields b ON b.warehouse_id = t.warehouse_id AND b.col_index = t.col_index
                          AND b.row_index = t.row_index + 1 AND b.type = 'couchbox-B'
        WHERE t.type = 'couchbox-T'`,
  );
  expect(pairs.length).toBeGreaterThan(0);
  for (const pair of pairs) expect(pair).toMatchObject({ below: expect.any(String), held: 0 });
  const [orphans] = await queryRows<{ n: number }>(
    app.deps.db,
    sql`SELECT count(*)::int AS n FROM fields WHERE type = 'couchbox-B'`,
  );
  expect(orphans?.n).toBe(pairs.length);
});
