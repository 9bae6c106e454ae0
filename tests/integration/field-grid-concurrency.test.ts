import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { RemoveFieldsResponse } from '../../src/contracts/field-grid';
import type { Warehouse } from '../../src/contracts/warehouses';
import { columnLetters } from '../../src/domain/field-names';
import { makeCompanyWithUser, makeWarehouse } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

const ROWS = 177;
const COLS = 113;
const DIRECTIONS = ['left', 'right', 'bottom'] as const;
const CALLS = 12;

it('twelve concurrent removals of a row or column on a large grid all succeed and leave a whole grid', async () => {
  const staff = await makeCompanyWithUser(app);
  const w = await makeWarehouse(staff, { rows: ROWS, cols: COLS });
  const calls = Array.from({ length: CALLS }, (_, i) => {
    const form = new FormData();
    form.append('warehouse_id', String(w.id));
    form.append('direction', DIRECTIONS[i % DIRECTIONS.length] ?? 'bottom');
    form.append('count', '1');
    const started = performance.now();
    return staff.client
      .request('DELETE', '/api/fields/', { form })
      .then((res) => ({ res, ms: performance.now() - started }));
  });
  const answers = await Promise.all(calls);
  const times = answers.map((a) => Math.round(a.ms)).sort((a, b) => a - b);
  console.info(`removal times (ms), slowest last: ${times.join(' ')}`);
  expect(answers.map((a) => a.res.status)).toEqual(Array.from({ length: CALLS }, () => 200));

  const bottoms = Math.ceil(CALLS / DIRECTIONS.length);
  const rows = ROWS - bottoms;
  const cols = COLS - (CALLS - bottoms);
  const last = answers
    .map((a) => a.res.body as RemoveFieldsResponse)
    .find((b) => b.newWarehouseRowsCount === rows && b.newWarehouseColsCount === cols);
  expect(last, 'one answer names the final size').toBeDefined();

  const read = await staff.client.get(`/api/warehouse/${w.id}`);
  const after = read.body as Warehouse;
  expect(after).toMatchObject({ rows, cols });
  const expected = Array.from({ length: cols }, (_, c) =>
    Array.from({ length: rows }, (_, r) => `${columnLetters(c)}${r + 1}`),
  ).flat();
  expect(
    Object.values(after.fields)
      .map((f) => f.name)
      .sort(),
  ).toEqual(expected.sort());
}, 120_000);
