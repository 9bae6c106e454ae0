// The embedded engine keeps each statement prepared (decision 0058) so that PostgreSQL plans
// it once. PostgreSQL keeps one plan for all values only when that plan costs about as much
// as one made for the values given; otherwise it plans the statement again at every run. The
// add's warehouse lock did so until decision 0116. This runs the floor writes on a
// warehouse big enough for the costs to differ, and reads from the engine's own session
// which statements it still plans afresh, without timing anything.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { makeCompanyWithUser, makeWarehouse, fieldByName } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';
import { makeVault } from '../support/vault-factories';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

/** PostgreSQL compares its first five runs' custom plans with the generic one. */
const FIRST_PLANS = 5;
const ROUNDS = 12;

// node-postgres sends unnamed statements, which PostgreSQL plans at every run by design.
describe.skipIf(inject('postgresUrl') !== null)('statements kept by the embedded engine', () => {
  it(
    'are planned once for all values by the floor writes: add, stage and move',
    { timeout: 120_000 },
    async () => {
      const staff = await makeCompanyWithUser(app);
      // Six warehouses of a thousand fields, as the bench company has them: with fewer, the
      // costs of a plan for any value and of one for the value given come out too close to
      // tell the add's old warehouse lock from the others.
      const warehouses = [];
      for (let i = 0; i < 6; i++)
        warehouses.push(await makeWarehouse(staff, { rows: 40, cols: 25 }));
      await app.database.maintain();
      const [warehouse] = warehouses;
      if (!warehouse) throw new Error('no warehouse');

      for (let i = 0; i < ROUNDS; i++) {
        const field = fieldByName(warehouse, `A${i + 1}`);
        const vault = await makeVault(staff, { field_id: field.id, position: 1 });
        const staged = await staff.client.post(`/api/stage/vaults/${vault.id}`);
        expect(staged.status).toBe(200);
        const moved = await staff.client.put('/api/vaults/move', {
          vaultId: vault.id,
          fieldId: field.id,
          position: 1,
        });
        expect(moved.status).toBe(200);
      }

      const planned = await queryRows<{ statement: string; custom: number }>(
        app.database.db,
        sql`SELECT statement, custom_plans::int AS custom FROM pg_prepared_statements
            WHERE generic_plans + custom_plans >= ${ROUNDS}`,
      );
      // The writes ran: their statements are among those kept.
      expect(planned.some((p) => p.statement.includes('insert into "vaults"'))).toBe(true);
      expect(planned.filter((p) => p.custom > FIRST_PLANS).map((p) => p.statement)).toEqual([]);
    },
  );
});
