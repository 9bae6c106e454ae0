// The price of running the embedded engine on its own thread: one trivial statement through
// the worker (message out, PGlite, message back, parse) beside the same on this thread.
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../src/server/db/client';

const ROUNDS = 2000;

async function perQuery(run: (i: number) => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 200; i++) await run(i);
  const start = performance.now();
  for (let i = 0; i < ROUNDS; i++) await run(i);
  return (performance.now() - start) / ROUNDS;
}

export async function measureEngineHop(): Promise<void> {
  const database = await openDatabase({ databaseUrl: undefined, dataDir: '', inMemory: true });
  const viaWorker = await perQuery((i) => database.db.execute(sql`SELECT ${i}::int AS n`));
  await database.close();
  const inThread = new PGlite();
  await inThread.waitReady;
  const direct = await perQuery((i) => inThread.query('SELECT $1::int AS n', [i]));
  await inThread.close();
  console.log(
    `Embedded engine, one trivial statement: ${viaWorker.toFixed(3)} ms through the worker, ` +
      `${direct.toFixed(3)} ms on the calling thread (the hop costs ${(viaWorker - direct).toFixed(3)} ms)\n`,
  );
}
