/**
 * pg_dump's options for a backup's dump, the same on both engines: plain SQL with INSERTs
 * (PGlite runs SQL text, not psql's COPY data blocks), many rows per INSERT so it loads
 * quickly, and no owners or grants, which name roles the other engine does not have.
 */
export const DUMP_ARGS = ['--no-owner', '--no-privileges', '--rows-per-insert=1000'] as const;

/**
 * Lines a dump may carry that one of the two engines refuses: psql's `\restrict` guard
 * (pg_dump since 15.14) is a psql command PGlite cannot run, and `transaction_timeout`
 * (PostgreSQL 17 and later, so in PGlite's dumps) is unknown to PostgreSQL 15 and 16.
 */
const ENGINE_SPECIFIC_LINE = /^(?:\\(?:un)?restrict .*|SET transaction_timeout = 0;)$/;

/** The dump as both engines load it: the lines one of them refuses taken out. */
export function portableDump(dump: Buffer): Buffer {
  const text = dump.toString('utf8');
  // Only the header and footer hold these lines; the rows are never scanned line by line.
  const head = text.indexOf('\nCREATE ');
  const cut = head < 0 ? text.length : head;
  const keep = (part: string) =>
    part
      .split('\n')
      .filter((line) => !ENGINE_SPECIFIC_LINE.test(line))
      .join('\n');
  const tailStart = text.lastIndexOf('\n--\n-- PostgreSQL database dump complete');
  if (tailStart < cut) return Buffer.from(keep(text), 'utf8');
  return Buffer.from(
    keep(text.slice(0, cut)) + text.slice(cut, tailStart) + keep(text.slice(tailStart)),
    'utf8',
  );
}

/** The tables a backup counts: every table of the application's schema. */
export const TABLES_SQL = `SELECT table_name AS name FROM information_schema.tables
  WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`;

/** One statement answering `(name, rows)` for each table named. */
export function countRowsSql(tables: readonly string[]): string {
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const literal = (name: string) => `'${name.replaceAll("'", "''")}'`;
  return tables
    .map((t) => `SELECT ${literal(t)} AS name, count(*)::int8 AS rows FROM public.${quote(t)}`)
    .join(' UNION ALL ');
}

/** Every uploaded file the database refers to. */
export const STORAGE_KEYS_SQL = `SELECT storage_key AS key FROM vault_attachments
  UNION SELECT storage_key FROM checklist_images ORDER BY 1`;

/** The migrations applied, which make the schema's version. */
export const MIGRATIONS_SQL = 'SELECT name FROM schema_migrations ORDER BY name';

/** What was read beside a dump, in its snapshot. */
export interface DumpSnapshot {
  /** Rows per table. */
  tables: Record<string, number>;
  /** The uploaded files the dump refers to. */
  fileKeys: string[];
  migrations: string[];
}

/** The rows `dumpPglite` answers, as a snapshot. */
export function snapshotFromRows(rows: (string | null)[][]): DumpSnapshot {
  const snapshot: DumpSnapshot = { tables: {}, fileKeys: [], migrations: [] };
  for (const [kind, name, value] of rows) {
    if (!name) continue;
    if (kind === 'table') snapshot.tables[name] = Number(value);
    else if (kind === 'file') snapshot.fileKeys.push(name);
    else if (kind === 'migration') snapshot.migrations.push(name);
  }
  return snapshot;
}
