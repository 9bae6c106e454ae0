// Statements a service issues together (decision 0058) travel to the embedded engine in one
// message: they must still run in the order written, since that order is the lock order of
// decision 0014, and a failing one must fail its group and leave nothing behind.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { queryRows, type Db } from '../../src/server/db/client';
import { together } from '../../src/server/db/statement-groups';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let db: Db;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
  db = app.database.db;
  await db.execute(
    sql`CREATE TABLE group_probe (id int GENERATED ALWAYS AS IDENTITY, label text NOT NULL)`,
  );
});
afterAll(async () => {
  await app?.close();
});

const insert = (tx: Db, label: string) =>
  tx.execute(sql`INSERT INTO group_probe (label) VALUES (${label})`);

async function labelsInOrder(): Promise<string[]> {
  const rows = await queryRows<{ label: string }>(
    db,
    sql`SELECT label FROM group_probe ORDER BY id`,
  );
  return rows.map((r) => r.label);
}

describe('statements issued together', () => {
  it('run in the order written, even when a later one is issued first', async () => {
    await db.execute(sql`DELETE FROM group_probe`);
    await db.transaction(async (tx) => {
      await together(tx, [
        async (t) => {
          // Issued after the second one: a few turns of the microtask queue later.
          for (let i = 0; i < 5; i++) await Promise.resolve();
          return insert(t, 'first');
        },
        (t) => insert(t, 'second'),
        (t) => insert(t, 'third'),
      ]);
    });
    expect(await labelsInOrder()).toEqual(['first', 'second', 'third']);
  });

  it('keep the order of a group inside a group', async () => {
    await db.execute(sql`DELETE FROM group_probe`);
    await db.transaction(async (tx) => {
      await together(tx, [
        (g) =>
          together(g, [
            async (t) => {
              await Promise.resolve();
              return insert(t, 'a1');
            },
            (t) => insert(t, 'a2'),
          ]),
        (t) => insert(t, 'b'),
      ]);
    });
    expect(await labelsInOrder()).toEqual(['a1', 'a2', 'b']);
  });

  it('fail together when one fails, and the transaction leaves nothing behind', async () => {
    await db.execute(sql`DELETE FROM group_probe`);
    const failed = db.transaction(async (tx) => {
      await together(tx, [
        (t) => insert(t, 'kept?'),
        (t) => t.execute(sql`SELECT 1 / (SELECT count(*) FROM group_probe WHERE label = 'none')`),
      ]);
    });
    await expect(failed).rejects.toThrow();
    expect(await labelsInOrder()).toEqual([]);
    // The engine's session is free again for the next caller.
    await db.transaction(async (tx) => {
      await insert(tx, 'after');
    });
    expect(await labelsInOrder()).toEqual(['after']);
  });

  it('refuse, on the embedded engine, a statement issued on the transaction beside its group', async () => {
    await db.execute(sql`DELETE FROM group_probe`);
    // Outside its group a statement has no place in the group's order (the lock order); on
    // PostgreSQL a group runs one statement after another, so there is no order to leave.
    const stray = db.transaction(async (tx) => {
      await together(tx, [(t) => insert(t, 'placed'), () => insert(tx, 'stray')]);
    });
    if (inject('postgresUrl')) {
      await stray;
      expect(await labelsInOrder()).toEqual(['placed', 'stray']);
    } else {
      await expect(stray).rejects.toMatchObject({
        cause: { message: 'A statement of a group was issued outside its group.' },
      });
      expect(await labelsInOrder()).toEqual([]);
    }
  });
});
