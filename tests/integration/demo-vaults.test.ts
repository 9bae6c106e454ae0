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
  expect(await loadDemo(app.deps.db, app.deps.storage)).toMatchObject({ created: true });
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

it('the demo shows racks with pallets, a filled checklist and a wide warehouse (issue 11 §5)', async () => {
  const [demo] = await queryRows<{
    racks: number;
    pallets: number;
    widest: number;
    filler: string;
    declined: string;
    images: number;
  }>(
    app.deps.db,
    sql`SELECT (SELECT count(*)::int FROM racks) AS racks,
               (SELECT count(*)::int FROM pallets) AS pallets,
               (SELECT max(cols)::int FROM warehouses) AS widest,
               (SELECT filled_out_by FROM checklists WHERE is_active) AS filler,
               (SELECT t->>'reason' FROM checklists c, jsonb_array_elements(c.tasks) t
                 WHERE c.is_active AND t->>'reason' <> '' LIMIT 1) AS declined,
               (SELECT count(*)::int FROM checklist_images) AS images`,
  );
  expect(demo).toMatchObject({
    racks: 3,
    pallets: 6,
    filler: 'Maria Lopez',
    declined: expect.stringContaining('Garcia'),
    images: 1,
  });
  expect(demo?.widest).toBeGreaterThanOrEqual(30);
});
