import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/client';
import type { CustomerSummary, StorageReport } from '../../src/contracts/customers';
import { addDays, daysBetween } from '../../src/domain/calendar-days';
import { DEMO_EMAIL, DEMO_PASSWORD, loadDemo } from '../../src/server/demo/demo';
import { HttpClient } from '../support/http-client';
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

it('the demo has SIT and permanent customers, clocks near their ends and three months of dates in (issue 31 §6)', async () => {
  const client = new HttpClient(app.baseUrl);
  const login = await client.post('/api/auth/login', {
    email: DEMO_EMAIL,
    password: DEMO_PASSWORD,
  });
  expect(login.status).toBe(200);
  const customers = (await client.get('/api/customers')).body as CustomerSummary[];
  expect(new Set(customers.map((c) => c.accountType))).toEqual(new Set(['sit', 'permanent']));
  expect(customers.some((c) => c.name.startsWith('EMPTY'))).toBe(false);
  const ending = (await client.get('/api/customers/sit-ending')).body as {
    sitClock: { status: string };
  }[];
  expect(new Set(ending.map((c) => c.sitClock.status))).toEqual(
    new Set(['ending', 'over-authorised']),
  );
  expect(ending.length).toBeGreaterThanOrEqual(3);

  const [span] = await queryRows<{ today: string; first: string; months: number }>(
    app.deps.db,
    sql`SELECT to_char(CURRENT_DATE, 'YYYY-MM-DD') AS today, to_char(min(date_in), 'YYYY-MM-DD') AS first,
               count(DISTINCT date_trunc('month', date_in))::int AS months FROM vaults`,
  );
  if (!span) throw new Error('no vaults');
  expect(daysBetween(span.first, span.today)).toBeGreaterThanOrEqual(88);
  expect(span.months).toBeGreaterThanOrEqual(3);

  // Three accounts whose goods all came in on their start day, counted by hand for this month:
  // each vault counts from the later of its start and the 1st, to today, both days included.
  const month = span.today.slice(0, 7);
  const report = (await client.get(`/api/storage-report?from=${month}&to=${month}`))
    .body as StorageReport;
  for (const [email, daysAgo] of [
    ['a.anderson@example.com', 84],
    ['dbaker@example.com', 78],
    ['davis.r@example.com', 30],
  ] as const) {
    const customer = customers.find((c) => c.email === email);
    if (!customer) throw new Error(`no demo customer ${email}`);
    const start = addDays(span.today, -daysAgo);
    const from = start > `${month}-01` ? start : `${month}-01`;
    const days = daysBetween(from, span.today) + 1;
    expect(report.rows.find((r) => r.customerId === customer.id)).toMatchObject({
      vaults: customer.vaultCount,
      vaultDays: customer.vaultCount * days,
      firstDay: from,
      lastDay: span.today,
    });
  }
});

it('the demo weighs its vaults, has released some, and dates their history over three months (issue 31 §6)', async () => {
  const [demo] = await queryRows<{
    vaults: number;
    weighed: number;
    released: number;
    releasedOnFloor: number;
    releaseEvents: number;
    releaseEventsOnTheDay: number;
    createdOnDateIn: number;
    created: number;
    moves: number;
    movesInOrder: number;
    fromStage: number;
    oldestEvent: string;
    newestEvent: string;
    today: string;
  }>(
    app.deps.db,
    sql`SELECT
      (SELECT count(*)::int FROM vaults v JOIN customers c ON c.id = v.customer_id
        WHERE c.name NOT LIKE 'EMPTY %') AS vaults,
      (SELECT count(*)::int FROM vaults WHERE weight > 0) AS weighed,
      (SELECT count(*)::int FROM vaults WHERE released_on IS NOT NULL) AS released,
      (SELECT count(*)::int FROM vaults WHERE released_on IS NOT NULL AND field_id IS NOT NULL) AS "releasedOnFloor",
      (SELECT count(*)::int FROM vault_events WHERE kind = 'released') AS "releaseEvents",
      (SELECT count(*)::int FROM vault_events e JOIN vaults v ON v.id = e.vault_id
        WHERE e.kind = 'released' AND e.details->>'on' = to_char(v.released_on, 'YYYY-MM-DD')
          AND (e.at AT TIME ZONE 'UTC')::date = v.released_on
          AND v.released_by = ${DEMO_EMAIL} AND e.details->'from'->>'field' IS NOT NULL) AS "releaseEventsOnTheDay",
      (SELECT count(*)::int FROM vault_events e JOIN vaults v ON v.id = e.vault_id
        WHERE e.kind = 'created' AND (e.at AT TIME ZONE 'UTC')::date = v.date_in) AS "createdOnDateIn",
      (SELECT count(*)::int FROM vault_events WHERE kind = 'created') AS created,
      (SELECT count(*)::int FROM vault_events WHERE kind = 'moved') AS moves,
      (SELECT count(*)::int FROM vault_events m JOIN vault_events c ON c.vault_id = m.vault_id AND c.kind = 'created'
        JOIN vaults v ON v.id = m.vault_id
        WHERE m.kind = 'moved' AND m.at > c.at AND (m.at AT TIME ZONE 'UTC')::date < CURRENT_DATE
          AND m.details->'to'->>'field' = (SELECT name FROM fields WHERE id = v.field_id)
          AND m.details->'from' IS NOT DISTINCT FROM c.details->'to') AS "movesInOrder",
      (SELECT count(*)::int FROM vault_events WHERE kind = 'moved' AND details->'from' = 'null'::jsonb) AS "fromStage",
      (SELECT to_char(min(at), 'YYYY-MM-DD') FROM vault_events) AS "oldestEvent",
      (SELECT to_char(max(at), 'YYYY-MM-DD') FROM vault_events) AS "newestEvent",
      to_char(CURRENT_DATE, 'YYYY-MM-DD') AS today`,
  );
  if (!demo) throw new Error('no demo');
  // Nearly every vault of a customer is weighed; a few wait for the scale.
  expect(demo.weighed).toBeGreaterThan(demo.vaults * 0.9);
  expect(demo.weighed).toBeLessThan(demo.vaults);
  expect(demo.released).toBeGreaterThanOrEqual(10);
  expect(demo.releasedOnFloor).toBe(0);
  expect(demo.releaseEvents).toBe(demo.released);
  expect(demo.releaseEventsOnTheDay).toBe(demo.released);
  expect(demo.createdOnDateIn).toBe(demo.created);
  expect(demo.moves).toBeGreaterThanOrEqual(20);
  expect(demo.movesInOrder).toBe(demo.moves);
  expect(demo.fromStage).toBeGreaterThan(0);
  expect(demo.fromStage).toBeLessThan(demo.moves);
  expect(daysBetween(demo.oldestEvent, demo.today)).toBeGreaterThanOrEqual(85);
  expect(demo.newestEvent <= demo.today).toBe(true);
});
