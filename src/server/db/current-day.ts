import { sql } from 'drizzle-orm';
import { queryRows, type Db } from './client';

/** The database's calendar day: the one clock for dates in, the SIT clock, the report and releases. */
export async function currentDay(db: Db): Promise<string> {
  const [row] = await queryRows<{ today: string }>(
    db,
    sql`SELECT to_char(CURRENT_DATE, 'YYYY-MM-DD') AS today`,
  );
  if (!row) throw new Error('No current date');
  return row.today;
}
