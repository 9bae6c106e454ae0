// The embedded engine has no autovacuum: without the server's own upkeep, each column edit
// left a warehouse's worth of dead rows behind, the data folder grew without bound and the
// planner's statistics went stale. This replays thousands of column edits on a real data
// folder and checks what the caller would feel, without timing anything: the bytes on disk,
// the dead rows, and how well the planner knows the fields table.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Warehouse } from '../../src/contracts/warehouses';
import { queryRows } from '../../src/server/db/client';
import { folderBytes } from '../../src/server/db/maintenance';
import { addFields, removeFields } from '../../src/server/features/fields/field-grid.service';
import { makeCompanyWithUser, makeWarehouse, type SignedInStaff } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';

const EDITS = Number(process.env.MAINTENANCE_EDITS ?? 3000);

let app: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultgrid-maintenance-'));
  app = await startTestApp(null, {}, { dataDir });
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The planner's row estimate for one warehouse's fields, beside the true count. */
async function fieldEstimate(warehouse: Warehouse) {
  const [plan] = await queryRows<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    app.deps.db,
    sql`EXPLAIN (FORMAT JSON) SELECT * FROM fields WHERE warehouse_id = ${warehouse.id}`,
  );
  const [count] = await queryRows<{ n: number }>(
    app.deps.db,
    sql`SELECT count(*)::int AS n FROM fields WHERE warehouse_id = ${warehouse.id}`,
  );
  return { estimated: plan?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0, actual: count?.n ?? 0 };
}

describe.skipIf(inject('postgresUrl') !== null)('embedded database upkeep', () => {
  let staff: SignedInStaff;
  let warehouse: Warehouse;

  beforeAll(async () => {
    staff = await makeCompanyWithUser(app);
    warehouse = await makeWarehouse(staff, { rows: 10, cols: 5 });
    // Other warehouses, so the planner has a choice to get wrong.
    for (let i = 0; i < 3; i++) await makeWarehouse(staff, { rows: 10, cols: 5 });
    await app.database.maintain();
  });

  it(
    `keeps the data folder and the planner's estimates steady through ${EDITS} column edits`,
    { timeout: 240_000 },
    async () => {
      const folder = path.join(dataDir, 'pglite');
      const startBytes = folderBytes(folder);
      const start = await fieldEstimate(warehouse);
      expect(start.actual).toBe(50);

      let cols = 5;
      for (let i = 0; i < EDITS; i++) {
        // The same call the route makes: add a column on the left, then take it away again.
        const change = await (i % 2 === 0 ? addFields : removeFields)(app.deps.db, staff.user, {
          warehouse_id: warehouse.id,
          direction: 'left',
          count: 1,
          warehouse_cols: cols,
        });
        cols = change.newWarehouseColsCount;
      }
      expect(cols).toBe(5);

      const status = await app.database.status();
      const end = await fieldEstimate(warehouse);
      expect(folderBytes(folder)).toBeLessThan(2 * startBytes);
      expect(status.deadRowRatio).toBeLessThan(0.5);
      expect(end.actual).toBe(50);
      expect(end.estimated).toBeGreaterThan(end.actual / 2);
      expect(end.estimated).toBeLessThan(end.actual * 2);
      expect(status.lastMaintenance?.steps.some((s) => s.action === 'vacuum')).toBe(true);
    },
  );
});
