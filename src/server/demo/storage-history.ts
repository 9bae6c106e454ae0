import { sql, type SQL } from 'drizzle-orm';
import { isEmptyCustomerSql } from '../../domain/empty-vault-sql';
import type { Db } from '../db/client';

// Issue 31 §6: the demo's storage reads as three months of business, counted back from the
// demo's day. Every choice goes by a vault's rank in insertion order, never by its id, so the
// same day gives the same demo in a fresh database or a shared one.

/** One vault in this many goes unweighed: a scale round missed it. */
const UNWEIGHED_EVERY = 20;
/** One topmost vault in this many has had its goods delivered out. */
const RELEASED_EVERY = 12;
/** One vault on the floor in this many went through stage first, and as many moved field. */
const MOVED_EVERY = 6;

/** The demo's vaults of real customers (not the EMPTY units), ranked in insertion order. */
const rankedVaults = (companyId: number) => sql`
  SELECT v.id, v.type, v.date_in, v.field_id, v.position, row_number() OVER (ORDER BY v.id) AS n
  FROM vaults v JOIN customers c ON c.id = v.customer_id
  WHERE v.company_id = ${companyId} AND NOT ${isEmptyCustomerSql(sql`c.name`)}`;

/** A time of day on `day` (a date expression) as the history's timestamp, in UTC. */
const at = (day: SQL, time: string) =>
  sql`((${day}) + time ${sql.raw(`'${time}'`)}) AT TIME ZONE 'UTC'`;

/**
 * Weights on the vaults, released vaults, and history dated by the dates in: each vault's
 * 'created' event on its date in, some through stage or from another field before the spot
 * they hold, and a 'released' event on each release day. Runs after the dates in are set.
 */
export async function addDemoStorageHistory(
  db: Db,
  companyId: number,
  options: { day: string; actorEmail: string },
): Promise<void> {
  const day = sql`${options.day}::date`;
  await db.execute(sql`
    WITH r AS (${rankedVaults(companyId)})
    UPDATE vaults v SET weight = CASE
        WHEN r.n % ${UNWEIGHED_EVERY} = 0 THEN NULL
        WHEN r.type = 'liftvan' THEN 1500 + (r.n * 389) % 25000 / 10.0
        ELSE 400 + (r.n * 211) % 16000 / 10.0 END
    FROM r WHERE v.id = r.id`);

  await db.execute(sql`
    WITH r AS (${rankedVaults(companyId)}), topmost AS (
      SELECT r.id, r.date_in, w.name AS warehouse, f.name AS field, r.position,
             row_number() OVER (ORDER BY r.n) AS n
      FROM r JOIN fields f ON f.id = r.field_id JOIN warehouses w ON w.id = f.warehouse_id
      WHERE r.date_in <= ${day} - 3
        AND NOT EXISTS (SELECT 1 FROM vaults above
                        WHERE above.field_id = r.field_id AND above.position > r.position)
    ), chosen AS (
      SELECT id, warehouse, field, position,
             date_in + 1 + ((n * 13) % (${day} - date_in - 1))::int AS released_on
      FROM topmost WHERE n % ${RELEASED_EVERY} = 0
    ), history AS (
      INSERT INTO vault_events (company_id, vault_id, vault_name, kind, actor_email, details, at)
      SELECT v.company_id, v.id, v.name, 'released', ${options.actorEmail},
             jsonb_build_object(
               'from', jsonb_build_object('warehouse', c.warehouse, 'field', c.field, 'position', c.position),
               'on', to_char(c.released_on, 'YYYY-MM-DD')),
             ${at(sql`c.released_on`, '16:30')}
      FROM chosen c JOIN vaults v ON v.id = c.id
    )
    UPDATE vaults v SET field_id = NULL, position = NULL,
                        released_on = c.released_on, released_by = ${options.actorEmail}
    FROM chosen c WHERE v.id = c.id`);

  // Dates the 'created' events on the dates in, through the morning.
  await db.execute(sql`
    WITH r AS (SELECT v.id, v.date_in, row_number() OVER (ORDER BY v.id) AS n
               FROM vaults v WHERE v.company_id = ${companyId})
    UPDATE vault_events e
    SET at = ${at(sql`r.date_in`, '16:00')} + (r.n % 9) * interval '23 minutes'
    FROM r WHERE e.vault_id = r.id AND e.company_id = ${companyId} AND e.kind = 'created'`);

  // Vaults on the floor that came in at least two days ago: some waited in stage, some stood
  // in a neighbouring field of their warehouse, before moving to the spot they hold.
  await db.execute(sql`
    WITH r AS (${rankedVaults(companyId)}), neighbours AS (
      SELECT id, coalesce(lag(name) OVER w, lead(name) OVER w) AS other
      FROM fields WHERE company_id = ${companyId}
      WINDOW w AS (PARTITION BY warehouse_id ORDER BY id)
    ), moved AS (
      SELECT r.id, r.n % ${MOVED_EVERY} = 0 AS from_stage,
             r.date_in + 1 + (r.n % least(5, ${day} - r.date_in - 1))::int AS moved_on,
             jsonb_build_object('warehouse', w.name, 'field', f.name, 'position', r.position) AS place,
             jsonb_build_object('warehouse', w.name, 'field', nb.other, 'position', 1) AS earlier
      FROM r JOIN fields f ON f.id = r.field_id JOIN warehouses w ON w.id = f.warehouse_id
      JOIN neighbours nb ON nb.id = f.id
      WHERE r.date_in <= ${day} - 2 AND r.n % ${MOVED_EVERY} IN (0, 3) AND nb.other IS NOT NULL
    ), first_places AS (
      UPDATE vault_events e
      SET details = jsonb_set(e.details, '{to}',
                              CASE WHEN m.from_stage THEN 'null'::jsonb ELSE m.earlier END)
      FROM moved m
      WHERE e.company_id = ${companyId} AND e.vault_id = m.id AND e.kind = 'created'
      RETURNING e.vault_id
    )
    INSERT INTO vault_events (company_id, vault_id, vault_name, kind, actor_email, details, at)
    SELECT v.company_id, v.id, v.name, 'moved', ${options.actorEmail},
           jsonb_build_object('from', CASE WHEN m.from_stage THEN NULL ELSE m.earlier END,
                              'to', m.place),
           ${at(sql`m.moved_on`, '18:15')}
    FROM moved m JOIN vaults v ON v.id = m.id JOIN first_places fp ON fp.vault_id = m.id`);

  // Pallets went onto their shelves over the same three months; they bill from that day.
  await db.execute(sql`
    WITH r AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM pallets
               WHERE company_id = ${companyId})
    UPDATE pallets p SET created_at = ${at(sql`${day} - ((r.n * 29) % 91)::int`, '17:00')}
    FROM r WHERE p.id = r.id`);
}
