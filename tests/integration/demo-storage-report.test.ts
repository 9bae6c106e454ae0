import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { CustomerSummary, StorageReport } from '../../src/contracts/customers';
import { queryRows } from '../../src/server/db/client';
import { DEMO_EMAIL, DEMO_PASSWORD, loadDemo } from '../../src/server/demo/demo';
import { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

// Issue 31, "Done when": the storage report of the demo company matches a count made by hand
// for three customers. The demo is loaded as on a fixed day, so its dates are fixed too; the
// months counted all end before that day, so the real today changes nothing.

const DEMO_DAY = '2026-03-10';
const MONTHS = [
  { month: '2025-12', first: '2025-12-01', last: '2025-12-31', days: 31 },
  { month: '2026-01', first: '2026-01-01', last: '2026-01-31', days: 31 },
  { month: '2026-02', first: '2026-02-01', last: '2026-02-28', days: 28 },
];

interface Listed {
  name: string;
  since: string;
  releasedOn: string | null;
  /** Pounds; null when not weighed. */
  weight: number | null;
  /** Shelf spots of a pallet; a vault counts one. */
  spots?: number;
}

/** The three customers' goods in the demo of DEMO_DAY, written down from its vault screens. */
const LISTED: Record<string, { vaults: Listed[]; pallets: Listed[] }> = {
  // A SIT account: both vaults came in with it; one was never weighed.
  'ADAMS, A': {
    vaults: [
      { name: '10220', since: '2025-12-16', releasedOn: null, weight: null },
      { name: '10847', since: '2025-12-16', releasedOn: null, weight: 1047.9 },
    ],
    pallets: [],
  },
  // Four vaults, one delivered out in January.
  'KING, D': {
    vaults: [
      { name: '10097', since: '2025-12-23', releasedOn: '2026-01-05', weight: 656.8 },
      { name: '10274', since: '2026-01-09', releasedOn: null, weight: 896.1 },
      { name: '10646', since: '2025-12-11', releasedOn: null, weight: 1881.1 },
      { name: '10807', since: '2026-01-09', releasedOn: null, weight: 1825 },
    ],
    pallets: [],
  },
  // A liftvan and a pallet on a rack shelf.
  'PATEL, R': {
    vaults: [{ name: '10174', since: '2025-12-29', releasedOn: null, weight: 2607.3 }],
    pallets: [{ name: 'PALLET 3', since: '2025-12-13', releasedOn: null, weight: 540, spots: 1 }],
  },
};

const DAY_MS = 86_400_000;
const utc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const round2 = (n: number) => Math.round(n * 100) / 100;

/** Days of the month an item was stored, both ends included; 0 when none. */
function daysStored(item: Listed, m: (typeof MONTHS)[number]): [number, string, string] {
  const first = item.since > m.first ? item.since : m.first;
  const end = item.releasedOn ?? m.last;
  const last = end < m.last ? end : m.last;
  return [Math.max(0, (utc(last) - utc(first)) / DAY_MS + 1), first, last];
}

/** The hand count: what one customer's row of one month must say. */
function countByHand(goods: { vaults: Listed[]; pallets: Listed[] }, m: (typeof MONTHS)[number]) {
  let vaults = 0;
  let vaultDays = 0;
  let palletSpots = 0;
  let palletSpotDays = 0;
  let cwt = 0;
  let cwtDays = 0;
  let unweighed = 0;
  const days: string[] = [];
  for (const item of [...goods.vaults, ...goods.pallets]) {
    const [stored, first, last] = daysStored(item, m);
    if (stored === 0) continue;
    days.push(first, last);
    if (item.spots === undefined) {
      vaults += 1;
      vaultDays += stored;
    } else {
      palletSpots += item.spots;
      palletSpotDays += item.spots * stored;
    }
    if (item.weight === null) unweighed += 1;
    else {
      cwt += item.weight / 100;
      cwtDays += (item.weight / 100) * stored;
    }
  }
  days.sort();
  return {
    month: m.month,
    vaults,
    vaultDays,
    vaultMonths: round2(vaultDays / m.days),
    palletSpots,
    palletSpotDays,
    palletSpotMonths: round2(palletSpotDays / m.days),
    cwt: round2(cwt),
    cwtMonths: round2(cwtDays / m.days),
    unweighed,
    firstDay: days[0],
    lastDay: days[days.length - 1],
  };
}

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
  expect(await loadDemo(app.deps.db, app.deps.storage, { day: DEMO_DAY })).toMatchObject({
    created: true,
  });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

it("the demo's goods for three customers are the ones listed for the hand count", async () => {
  for (const [customer, goods] of Object.entries(LISTED)) {
    const vaults = await queryRows<Listed>(
      app.deps.db,
      sql`SELECT v.name, to_char(v.date_in, 'YYYY-MM-DD') AS "since",
                 to_char(v.released_on, 'YYYY-MM-DD') AS "releasedOn", v.weight::float8 AS weight
          FROM vaults v JOIN customers c ON c.id = v.customer_id
          WHERE c.name = ${customer} ORDER BY v.name`,
    );
    expect(vaults, customer).toEqual(goods.vaults);
    const pallets = await queryRows<Listed>(
      app.deps.db,
      sql`SELECT p.name, to_char(p.created_at, 'YYYY-MM-DD') AS "since", NULL AS "releasedOn",
                 p.weight AS weight, p.shelf_spots AS spots
          FROM pallets p JOIN customers c ON c.id = p.customer_id
          WHERE c.name = ${customer} ORDER BY p.name`,
    );
    expect(pallets, customer).toEqual(goods.pallets);
  }
});

it('the storage report of the demo matches the count made by hand for three customers', async () => {
  const client = new HttpClient(app.baseUrl);
  const login = await client.post('/api/auth/login', {
    email: DEMO_EMAIL,
    password: DEMO_PASSWORD,
  });
  expect(login.status).toBe(200);
  const customers = (await client.get('/api/customers')).body as CustomerSummary[];
  const res = await client.get('/api/storage-report?from=2025-12&to=2026-02');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const report = res.body as StorageReport;
  for (const [name, goods] of Object.entries(LISTED)) {
    const customer = customers.find((c) => c.name === name);
    if (!customer) throw new Error(`no demo customer ${name}`);
    const rows = report.rows.filter((r) => r.customerId === customer.id);
    expect(rows, name).toEqual(
      MONTHS.map((m) => ({
        customerId: customer.id,
        customerName: name,
        ...countByHand(goods, m),
      })),
    );
  }
  // Spot checks written out: King's December is 10097 for 9 days and 10646 for 21, 30
  // vault-days; its 25.379 CWT; Adams's February, two vaults all 28 days, one weighed.
  const king = customers.find((c) => c.name === 'KING, D');
  expect(report.rows.find((r) => r.customerId === king?.id && r.month === '2025-12')).toMatchObject(
    { vaultDays: 30, vaultMonths: 0.97, cwt: 25.38, cwtMonths: 14.65 },
  );
  const adams = customers.find((c) => c.name === 'ADAMS, A');
  expect(
    report.rows.find((r) => r.customerId === adams?.id && r.month === '2026-02'),
  ).toMatchObject({ vaultDays: 56, vaultMonths: 2, cwt: 10.48, cwtMonths: 10.48, unweighed: 1 });
});
