import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Makes the demo look lived-in for the vault screens: a 'created' history event for every
 * vault (bulk-generated vaults have none), and couchbox pairs made from empty fields of
 * column A whose field below is also empty.
 */
export async function addDemoVaultExtras(db: Db, companyId: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO vault_events (company_id, vault_id, vault_name, kind, actor_email, details)
    SELECT v.company_id, v.id, v.name, 'created', 'demo@vaultgrid.example',
           CASE WHEN f.id IS NULL THEN jsonb_build_object('to', NULL, 'note', 'demo data')
                ELSE jsonb_build_object('to', jsonb_build_object('warehouse', w.name, 'field', f.name, 'position', v.position),
                                        'note', 'demo data') END
    FROM vaults v
    LEFT JOIN fields f ON f.id = v.field_id
    LEFT JOIN warehouses w ON w.id = f.warehouse_id
    WHERE v.company_id = ${companyId}`);
  // Pairs (An, An+1) with both halves empty, at most two per warehouse, never overlapping.
  await db.execute(sql`
    WITH candidates AS (
      SELECT top.id AS top_id, below.id AS below_id, top.warehouse_id, top.row_index,
             row_number() OVER (PARTITION BY top.warehouse_id ORDER BY top.row_index) AS n
      FROM fields top
      JOIN fields below ON below.warehouse_id = top.warehouse_id AND below.col_index = top.col_index
                       AND below.row_index = top.row_index + 1
      WHERE top.company_id = ${companyId} AND top.col_index = 0 AND top.row_index % 2 = 1
        AND NOT EXISTS (SELECT 1 FROM vaults v WHERE v.field_id IN (top.id, below.id))
    ), chosen AS (SELECT * FROM candidates WHERE n <= 2)
    UPDATE fields f SET type = CASE WHEN f.id = c.top_id THEN 'couchbox-T' ELSE 'couchbox-B' END
    FROM chosen c WHERE f.id IN (c.top_id, c.below_id)`);
}
