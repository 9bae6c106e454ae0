// Runs on the embedded engine's thread, beside the PGlite instance it dumps.
import fsp from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import {
  countRowsSql,
  DUMP_ARGS,
  MIGRATIONS_SQL,
  STORAGE_KEYS_SQL,
  TABLES_SQL,
} from './dump-format';

/**
 * PGlite's own pg_dump, compiled to WebAssembly, talking to the engine in this thread. It
 * runs its queries synchronously inside one call, and the caller holds the engine's one
 * session meanwhile, so the counts, the file keys and the dump see the same data. pg_dump
 * leaves settings of its own in that session (search path, date style ...), reset after it.
 * Answers rows `['table', name, rows]`, `['file', key]` and `['migration', name]`.
 */
export async function dumpPglite(pglite: PGlite, path: string): Promise<string[][]> {
  const tables = (await pglite.query<{ name: string }>(TABLES_SQL)).rows.map((t) => t.name);
  const counts = await pglite.query<{ name: string; rows: number }>(countRowsSql(tables));
  const keys = await pglite.query<{ key: string }>(STORAGE_KEYS_SQL);
  const applied = await pglite.query<{ name: string }>(MIGRATIONS_SQL);
  const file = await pgDump({ pg: pglite, args: [...DUMP_ARGS] });
  // pg_dump ends by leaving its session, which ends its transaction on a server; here the
  // session is the engine's one, so its read-only transaction is ended by hand.
  await pglite.exec('ROLLBACK; RESET ALL');
  await fsp.writeFile(path, Buffer.from(await file.arrayBuffer()));
  return [
    ...counts.rows.map((row) => ['table', row.name, String(row.rows)]),
    ...keys.rows.map((row) => ['file', row.key]),
    ...applied.rows.map((row) => ['migration', row.name]),
  ];
}
