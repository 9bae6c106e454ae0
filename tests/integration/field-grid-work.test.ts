import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { countingDatabase, type EngineTally } from '../support/counting-database';
import {
  makeCompanyWithUser,
  makeWarehouse,
  TEST_PASSWORD,
  type SignedInStaff,
} from '../support/factories';
import { HttpClient } from '../support/http-client';
import { serveTestApp, startTestApp, type TestApp } from '../support/test-app';

// Issue 30, item 27: a grid change read every field of a large warehouse and renamed it one
// column per statement, under the warehouse lock every placement and grid change waits
// for; twelve at once on a 177 x 113 grid were refused with 503. What a change asks of the
// engine is counted here instead of timed: it must not grow with the grid.
let app: TestApp;
let counted: TestApp;
let counter: ReturnType<typeof countingDatabase>;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
  counter = countingDatabase(app.database);
  counted = await serveTestApp(counter.database, app.filesDir, async () => undefined, {}, app);
});
afterAll(async () => {
  await counted?.close();
  await app?.close();
});

const SMALL = { rows: 4, cols: 5 };
const LARGE = { rows: 60, cols: 50 };

const CHANGES = [
  { method: 'DELETE', direction: 'left' },
  { method: 'DELETE', direction: 'right' },
  { method: 'DELETE', direction: 'bottom' },
  { method: 'POST', direction: 'left' },
] as const;

interface Grid {
  id: number;
  rows: number;
  cols: number;
}

/**
 * One grid change on the counted instance: the statements it sent, and the rows the engine
 * answered beyond the fields it removes (each is read once, to see whether it holds vaults).
 */
async function tallyChange(
  client: HttpClient,
  grid: Grid,
  change: (typeof CHANGES)[number],
): Promise<EngineTally> {
  const form = new FormData();
  form.append('warehouse_id', String(grid.id));
  form.append('direction', change.direction);
  form.append('count', '1');
  counter.reset();
  const res = await client.request(change.method, '/api/fields/', { form });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const removed =
    change.method === 'POST' ? 0 : change.direction === 'bottom' ? grid.cols : grid.rows;
  const size = res.body as { newWarehouseRowsCount: number; newWarehouseColsCount: number };
  grid.rows = size.newWarehouseRowsCount;
  grid.cols = size.newWarehouseColsCount;
  return { statements: counter.tally.statements, rows: counter.tally.rows - removed };
}

async function tallyEachChange(staff: SignedInStaff, size: Omit<Grid, 'id'>) {
  const warehouse = await makeWarehouse(staff, size);
  const client = new HttpClient(counted.baseUrl);
  const login = await client.post('/api/auth/login', {
    email: staff.email,
    password: TEST_PASSWORD,
  });
  expect(login.status).toBe(200);
  // The first call of a session and of a warehouse read may fill what later calls reuse.
  await client.get(`/api/warehouse/${warehouse.id}`);
  const grid = { id: warehouse.id, ...size };
  const tallies: EngineTally[] = [];
  for (const change of CHANGES) tallies.push(await tallyChange(client, grid, change));
  return tallies;
}

it('a row or column change asks the engine the same on a large grid as on a small one', async () => {
  const staff = await makeCompanyWithUser(app);
  const small = await tallyEachChange(staff, SMALL);
  const large = await tallyEachChange(staff, LARGE);
  console.info(
    CHANGES.map(
      (c, i) =>
        `${c.method} ${c.direction}: ${small[i]?.statements}/${large[i]?.statements} statements, ${small[i]?.rows}/${large[i]?.rows} other rows (small/large)`,
    ).join('\n'),
  );
  const named = (tallies: EngineTally[]) =>
    Object.fromEntries(CHANGES.map((c, i) => [`${c.method} ${c.direction}`, tallies[i]]));
  expect(named(large)).toEqual(named(small));
}, 120_000);
