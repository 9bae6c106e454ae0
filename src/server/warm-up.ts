import { sql } from 'drizzle-orm';
import type { SessionUser } from '../contracts/auth';
import { queryRows, type Db } from './db/client';
import { printListAnswer } from './features/print/print.service';
import { SEARCH_INDEX_COMPANIES, searchIndexSettled } from './features/search/search-index';
import { suggest } from './features/search/search.service';
import { getStatistics } from './features/statistics/statistics.service';
import {
  listCompanyWarehouses,
  listWarehouseSummaries,
} from './features/warehouses/warehouses.service';

/**
 * Companies warmed at most: as many as the search index keeps names for; warming more
 * would push out the first ones.
 */
const MAX_COMPANIES = SEARCH_INDEX_COMPANIES;

export interface WarmUpResult {
  companies: number;
  ms: number;
  /** Whether the time budget ran out before every company was warmed. */
  cutShort: boolean;
}

/**
 * The answers staff ask for first after a restart, built before the server takes requests
 * (decision 0112): the dashboard list, the company call (every warehouse's answer, which
 * the floor screens and field calls are cut from), the print list, the statistics and the
 * search index. Without this, the first few calls after a start built them while the health
 * probe and every short call waited behind the heap growing to hold them (a 48 ms full
 * collection 6 s after a start). Companies whose staff signed in most recently go first; the
 * warm-up stops between steps once `budgetMs` has passed, and a step that fails is left to
 * the first request that needs it.
 */
export async function warmUp(
  db: Db,
  budgetMs: number,
  onError: (error: unknown) => void,
): Promise<WarmUpResult> {
  const start = performance.now();
  const left = () => performance.now() - start < budgetMs;
  let companies = 0;
  if (!left()) return { companies, ms: 0, cutShort: true };
  // Nothing to warm is no reason not to start: the first requests build what they need.
  const users = await usersToWarm(db).catch((error: unknown) => {
    onError(error);
    return [];
  });
  for (const user of users) {
    const steps = warmSteps(db, user);
    for (const step of steps) {
      if (!left()) return { companies, ms: performance.now() - start, cutShort: true };
      await step().catch(onError);
    }
    companies++;
  }
  return { companies, ms: performance.now() - start, cutShort: false };
}

/** One user per company, the most recently signed-in companies first, then the rest. */
async function usersToWarm(db: Db): Promise<SessionUser[]> {
  return queryRows<SessionUser>(
    db,
    sql`SELECT u.id, u.email, c.id AS "companyId", c.name AS "companyName"
        FROM companies c
        JOIN LATERAL (SELECT id, email FROM users WHERE company_id = c.id ORDER BY id LIMIT 1) u
          ON true
        LEFT JOIN LATERAL (SELECT max(s.created_at) AS at FROM sessions s
                           JOIN users su ON su.id = s.user_id
                           WHERE su.company_id = c.id) latest ON true
        ORDER BY latest.at DESC NULLS LAST, c.id
        LIMIT ${MAX_COMPANIES}`,
  );
}

/** Each a call's own service, so what is kept is exactly what that call would keep. */
function warmSteps(db: Db, user: SessionUser): (() => Promise<unknown>)[] {
  return [
    () => listWarehouseSummaries(db, user),
    () => listCompanyWarehouses(db, user, user.companyId),
    () => printListAnswer(db, user),
    () => getStatistics(db, user),
    async () => {
      // Any search starts reading every warehouse's names into the index; this waits for it.
      await suggest(db, user, { q: 'a' });
      await searchIndexSettled(db);
    },
  ];
}
