import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { emptyCustomerNames } from './empty-vault';

/**
 * The empty-unit rule of `empty-vault.ts` as the database applies it, for counts that never
 * load the vaults: true when the customer name is exactly one of the 'EMPTY {TYPE}' names.
 */
export function isEmptyCustomerSql(customerName: SQLWrapper): SQL {
  return sql`coalesce(${customerName} IN (${sql.join(
    emptyCustomerNames.map((n) => sql`${n}`),
    sql`, `,
  )}), false)`;
}
