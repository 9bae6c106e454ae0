import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

/**
 * A digest of everything the staged list shows: each staged vault's whole row, its customer's
 * and order's names and its attachments' rows. Staged vaults belong to no warehouse, so no
 * warehouse version tells of them (decision 0075). One short statement over the
 * (company, field) index; the staged vaults are a small share of a company's.
 */
export async function stagedListDigest(db: Db, companyId: number): Promise<string> {
  const [row] = await queryRows<{ digest: string }>(
    db,
    sql`SELECT md5(coalesce(string_agg(
          v::text || '|' || coalesce(c.name, '') || '|' || coalesce(o.name, '') || '|' || coalesce((
            SELECT string_agg(a::text, ',' ORDER BY a.id) FROM vault_attachments a
            WHERE a.vault_id = v.id AND a.company_id = ${companyId}), ''),
          ',' ORDER BY v.id), '')) AS digest
        FROM vaults v
        LEFT JOIN customers c ON c.id = v.customer_id
        LEFT JOIN orders o ON o.id = v.order_id
        WHERE v.company_id = ${companyId} AND v.field_id IS NULL`,
  );
  return row?.digest ?? '';
}
