import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * A select's rows as one JSON text, an object per row keyed as `columns`, in `orderBy`'s
 * order: the embedded engine hands rows to this thread one at a time, at several times the
 * cost of parsing the same rows as one text (decision 0400). Only for columns whose JSON
 * value is the one Drizzle maps them to: numbers, text, booleans, not timestamps.
 */
export function jsonRows(columns: Record<string, SQLWrapper>, orderBy: SQL): SQL<string> {
  const pairs = Object.entries(columns).map(([key, column]) => sql`${key}::text, ${column}`);
  return sql<string>`coalesce(json_agg(json_build_object(${sql.join(pairs, sql`, `)}) ORDER BY ${orderBy}), '[]')::text`;
}

/** The rows of a `jsonRows` text. */
export function parseJsonRows<T>(result: readonly { rows: string }[]): T[] {
  const [first] = result;
  return first ? (JSON.parse(first.rows) as T[]) : [];
}
