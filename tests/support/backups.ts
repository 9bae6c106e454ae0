import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../src/server/db/client';

/**
 * A digest of every table (its rows as text, sorted) and every sequence's position: two
 * databases with equal digests hold the same data.
 */
export async function tableDigests(db: Db): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const digests: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ d: string; n: number }>(
      db,
      sql.raw(`SELECT md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS d,
        count(*)::int AS n FROM public."${name}" t`),
    );
    digests[name] = `${row?.n} rows ${row?.d}`;
  }
  const sequences = await queryRows<{ name: string; last: string | null }>(
    db,
    sql`SELECT sequencename AS name, last_value::text AS last FROM pg_sequences
        WHERE schemaname = 'public' ORDER BY 1`,
  );
  for (const s of sequences) digests[`sequence ${s.name}`] = String(s.last);
  return digests;
}

/** SHA-256 of every file under `folder`, by its path there. */
export function fileHashes(folder: string): Record<string, string> {
  const hashes: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        hashes[path.relative(folder, full)] = crypto
          .createHash('sha256')
          .update(fs.readFileSync(full))
          .digest('hex');
      }
    }
  };
  if (fs.existsSync(folder)) walk(folder);
  return hashes;
}
