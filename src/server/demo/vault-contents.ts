import { sql } from 'drizzle-orm';
import { isEmptyCustomerSql } from '../../domain/empty-vault-sql';
import type { Db } from '../db/client';

/** The first lot number the demo's customers get, one lot each, in customer order. */
const FIRST_LOT = 4401;
/** Items per vault: a vault holds between these many tagged items. */
const FEWEST_ITEMS = 18;
const ITEM_SPREAD = 40;
/** The seal before the demo's first: seals are seven digits, as printed on a pack. */
const FIRST_SEAL = 281_000;

/**
 * Issue 31 §2 in the demo: as a mover tags a shipment, each customer's goods carry one lot's
 * stickers and each of their vaults holds the next run of them, so a customer's vaults hold
 * contiguous ranges ("LOT 4471, tags 1-37", the next "38-61"); each vault is sealed, seals
 * numbered in the same order as they come off a pack. Empty units hold nothing. Fixed by
 * vault id, so every load of the demo holds the same tags.
 */
export async function addDemoVaultContents(db: Db, companyId: number): Promise<void> {
  await db.execute(sql`
    WITH regular AS (
      SELECT v.id, v.customer_id,
             dense_rank() OVER (ORDER BY v.customer_id) AS customer_rank,
             row_number() OVER (PARTITION BY v.customer_id ORDER BY v.id) AS n,
             row_number() OVER (ORDER BY v.customer_id, v.id) AS sealed,
             ${FEWEST_ITEMS} + (v.id * 7919) % ${ITEM_SPREAD} AS items
      FROM vaults v JOIN customers c ON c.id = v.customer_id
      WHERE v.company_id = ${companyId} AND NOT ${isEmptyCustomerSql(sql`c.name`)}
    ), ranged AS (
      SELECT id, customer_rank, items,
             sum(items) OVER (PARTITION BY customer_id ORDER BY n) - items + 1 AS first_tag
      FROM regular
    ), tagged AS (
      INSERT INTO vault_tags (company_id, vault_id, lot, first_tag, last_tag)
      SELECT ${companyId}, id, (${FIRST_LOT - 1} + customer_rank)::text, first_tag,
             first_tag + items - 1
      FROM ranged ORDER BY id
    )
    UPDATE vaults v SET seal = lpad((${FIRST_SEAL} + r.sealed)::text, 7, '0')
    FROM regular r WHERE v.id = r.id`);
}
