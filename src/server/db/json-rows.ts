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

/**
 * A select's rows as one JSON text of columns, an array of every row's values per key of
 * `columns`, in no order: far less of the engine's time than `jsonRows`, which builds an
 * object per row. For reads that order the rows themselves; the same columns as `jsonRows`.
 */
export function jsonColumns(columns: Record<string, SQLWrapper>): SQL<string> {
  const arrays = Object.values(columns).map((column) => sql`json_agg(${column})`);
  return sql<string>`json_build_array(${sql.join(arrays, sql`, `)})::text`;
}

/** The rows of a `jsonColumns` text over the same `columns`, an object per row again. */
export function parseJsonColumns<T>(
  result: readonly { rows: string }[],
  columns: Record<keyof T, SQLWrapper>,
): T[] {
  const [first] = result;
  if (!first) return [];
  const keys = Object.keys(columns);
  // Every aggregate of one select sees the same rows in the same order; none when no row.
  const arrays = JSON.parse(first.rows) as (unknown[] | null)[];
  const count = arrays[0]?.length ?? 0;
  const rows: T[] = [];
  for (let i = 0; i < count; i++) {
    const row: Record<string, unknown> = {};
    keys.forEach((key, k) => (row[key] = arrays[k]?.[i]));
    rows.push(row as T);
  }
  return rows;
}
