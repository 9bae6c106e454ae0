import { sql } from 'drizzle-orm';
import { isEmptyCustomerSql } from '../../domain/empty-vault-sql';
import { queryRows, type Db } from '../db/client';

/** Storage began within this many days, so the report has three months to show. */
const SPREAD_DAYS = 91;

interface AccountPlan {
  accountType: 'sit' | 'permanent';
  /** Days before today the goods came in. */
  startedDaysAgo: number;
  authorisedDays?: number;
  /** Days from today to a conversion set by hand. */
  convertsInDays?: number;
  phone: string;
  email: string;
  address: string;
  notes: string;
}

// SIT clocks at every stage the dashboard and the letter care about, and permanent accounts
// beside them. Dates count back from the demo's day.
const ACCOUNTS: AccountPlan[] = [
  {
    accountType: 'sit',
    startedDaysAgo: 84,
    phone: '+1 415 555 0142',
    email: 'a.anderson@example.com',
    address: '218 Valencia St\nSan Francisco, CA 94103',
    notes: 'Military move (DPS). Authorised 90 days of SIT.',
  },
  {
    accountType: 'sit',
    startedDaysAgo: 78,
    phone: '+1 510 555 0177',
    email: 'dbaker@example.com',
    address: '61 Grand Ave\nOakland, CA 94612',
    notes: 'Corporate relocation; carrier pays SIT.',
  },
  {
    accountType: 'sit',
    startedDaysAgo: 95,
    phone: '+1 650 555 0109',
    email: 'carter.family@example.com',
    address: '9 Alma St\nPalo Alto, CA 94301',
    notes: 'Extension requested from the carrier, not yet granted.',
  },
  {
    accountType: 'sit',
    startedDaysAgo: 60,
    authorisedDays: 90,
    convertsInDays: 10,
    phone: '+1 408 555 0193',
    email: 'j.chen@example.com',
    address: '400 Santana Row\nSan Jose, CA 95128',
    notes: 'Converts early by agreement with the carrier.',
  },
  {
    accountType: 'sit',
    startedDaysAgo: 30,
    phone: '+1 415 555 0120',
    email: 'davis.r@example.com',
    address: '75 Howard St\nSan Francisco, CA 94105',
    notes: '',
  },
  {
    accountType: 'permanent',
    startedDaysAgo: 88,
    phone: '+1 925 555 0155',
    email: 'garcia.home@example.com',
    address: '12 Main St\nWalnut Creek, CA 94596',
    notes: 'Pays by card on file, monthly.',
  },
  {
    accountType: 'permanent',
    startedDaysAgo: 40,
    phone: '+1 415 555 0188',
    email: 'hill.t@example.com',
    address: '3 Bay St\nSausalito, CA 94965',
    notes: '',
  },
];

/**
 * Issue 31 §6: dates in spread over three months, and customers on both account types with
 * SIT clocks near their ends, contact and notes.
 */
export async function addDemoCustomers(db: Db, companyId: number, day: string): Promise<void> {
  const today = sql`${day}::date`;
  // A fixed spread by the vault's rank in insertion order, so every load on the same day is
  // the same, in a fresh database or a shared one.
  await db.execute(sql`
    UPDATE vaults v SET date_in = ${today} - ((r.n * 37) % ${SPREAD_DAYS})::int
    FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM vaults
          WHERE company_id = ${companyId}) r
    WHERE v.id = r.id`);
  await db.execute(sql`
    UPDATE customers c SET storage_start = first.day
    FROM (SELECT customer_id, min(date_in) AS day FROM vaults
          WHERE company_id = ${companyId} AND customer_id IS NOT NULL GROUP BY customer_id) first
    WHERE c.company_id = ${companyId} AND first.customer_id = c.id`);
  const withVaults = await queryRows<{ id: number }>(
    db,
    sql`
      SELECT c.id FROM customers c
      WHERE c.company_id = ${companyId} AND NOT ${isEmptyCustomerSql(sql`c.name`)}
        AND EXISTS (SELECT 1 FROM vaults v WHERE v.customer_id = c.id)
      ORDER BY c.name COLLATE "C"`,
  );
  const step = Math.max(1, Math.floor(withVaults.length / ACCOUNTS.length));
  for (const [i, plan] of ACCOUNTS.entries()) {
    const customer = withVaults[i * step];
    if (!customer) break;
    await db.execute(sql`
      UPDATE customers SET
        account_type = ${plan.accountType},
        storage_start = ${today} - ${plan.startedDaysAgo}::int,
        authorised_days = ${plan.authorisedDays ?? 90},
        conversion_date = ${plan.convertsInDays === undefined ? null : sql`${today} + ${plan.convertsInDays}::int`},
        phone = ${plan.phone}, email = ${plan.email}, address = ${plan.address}, notes = ${plan.notes}
      WHERE id = ${customer.id}`);
    // The goods of an account came in with it.
    await db.execute(sql`
      UPDATE vaults SET date_in = ${today} - ${plan.startedDaysAgo}::int
      WHERE company_id = ${companyId} AND customer_id = ${customer.id}`);
  }
}
