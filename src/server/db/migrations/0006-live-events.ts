// Live updates (decision 0030). Every write to a table staff see is recorded by a statement
// trigger as one small event per (company, warehouse) it touched, and each event row is
// announced with NOTIFY. PostgreSQL (and PGlite) deliver a NOTIFY only when its transaction
// commits and drop it on rollback, so "publish after commit" holds for every change, however
// it is written (services, bulk imports, a repair by hand), without any service knowing.
// The table is what a dropped stream resumes from (Last-Event-ID) and what an instance
// replays after its listening connection comes back.
//
// Also here: who has a warehouse open (presence) and the request counters the public
// checklist and team calls share across instances (decision 0032).
export const name = '0006-live-events';

/**
 * One statement trigger function per table: `rows` stands for the transition table, and the
 * query yields (company_id, warehouse_id, id) for each changed row. An event names its
 * entity's id only when the statement changed exactly one; otherwise the id is null, "several".
 */
function tableTrigger(table: string, entity: string, query: string, ops: string[]): string {
  const insert = (rowsSql: string) => `
      INSERT INTO live_events (company_id, warehouse_id, entity, entity_id)
      SELECT company_id, warehouse_id, '${entity}',
             CASE WHEN count(DISTINCT id) = 1 THEN min(id) END
        FROM (${rowsSql}) AS changed
       GROUP BY company_id, warehouse_id;`;
  const over = (rows: string) => query.replaceAll('{rows}', rows);
  const triggers = ops.map((op) => {
    const referencing =
      op === 'INSERT'
        ? 'NEW TABLE AS new_rows'
        : op === 'DELETE'
          ? 'OLD TABLE AS old_rows'
          : 'OLD TABLE AS old_rows NEW TABLE AS new_rows';
    return `
CREATE TRIGGER ${table}_live_${op.toLowerCase()} AFTER ${op} ON ${table}
  REFERENCING ${referencing} FOR EACH STATEMENT EXECUTE FUNCTION live_${table}();`;
  });
  return `
CREATE FUNCTION live_${table}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN${insert(over('new_rows'))}
  ELSIF TG_OP = 'DELETE' THEN${insert(over('old_rows'))}
  ELSE${insert(`${over('old_rows')} UNION ALL ${over('new_rows')}`)}
  END IF;
  RETURN NULL;
END $$;
${triggers.join('')}
`;
}

const ALL = ['INSERT', 'UPDATE', 'DELETE'];

// A vault's warehouse is its field's, or its former field's while it is staged. A field
// deleted in the same statement (a warehouse removed) leaves the warehouse unknown: null,
// which clients read as "any warehouse".
const vaultRows = `SELECT v.company_id, f.warehouse_id, v.id FROM {rows} v
  LEFT JOIN fields f ON f.id = coalesce(v.field_id, v.old_field_id)`;

export const sql = /* sql */ `
CREATE TABLE live_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id bigint NOT NULL,
  warehouse_id bigint,
  entity text NOT NULL,
  entity_id bigint,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX live_events_company_id ON live_events (company_id, id);

CREATE FUNCTION live_events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vaultgrid_live', json_build_object(
    'version', NEW.id, 'company', NEW.company_id, 'warehouse', NEW.warehouse_id,
    'entity', NEW.entity, 'id', NEW.entity_id)::text);
  RETURN NULL;
END $$;
CREATE TRIGGER live_events_notify AFTER INSERT ON live_events
  FOR EACH ROW EXECUTE FUNCTION live_events_notify();

CREATE TABLE live_presence (
  tab text PRIMARY KEY,
  company_id bigint NOT NULL,
  warehouse_id bigint NOT NULL,
  user_id bigint NOT NULL,
  seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX live_presence_warehouse ON live_presence (company_id, warehouse_id);

CREATE TABLE rate_limit_hits (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  reset_at timestamptz NOT NULL
);
${tableTrigger('warehouses', 'warehouse', 'SELECT company_id, id AS warehouse_id, id FROM {rows}', ALL)}
${tableTrigger('fields', 'field', 'SELECT company_id, warehouse_id, id FROM {rows}', ALL)}
${tableTrigger('vaults', 'vault', vaultRows, ALL)}
${tableTrigger(
  'vault_attachments',
  'vault',
  `SELECT a.company_id, f.warehouse_id, a.vault_id AS id FROM {rows} a
     LEFT JOIN vaults v ON v.id = a.vault_id
     LEFT JOIN fields f ON f.id = coalesce(v.field_id, v.old_field_id)`,
  ALL,
)}
${tableTrigger('racks', 'rack', 'SELECT company_id, warehouse_id, id FROM {rows}', ALL)}
${tableTrigger(
  'shelves',
  'shelf',
  'SELECT s.company_id, r.warehouse_id, s.id FROM {rows} s LEFT JOIN racks r ON r.id = s.rack_id',
  ALL,
)}
${tableTrigger(
  'pallets',
  'pallet',
  `SELECT p.company_id, r.warehouse_id, p.id FROM {rows} p
     LEFT JOIN shelves s ON s.id = p.shelf_id LEFT JOIN racks r ON r.id = s.rack_id`,
  ALL,
)}
${tableTrigger('checklists', 'checklist', 'SELECT company_id, warehouse_id, id FROM {rows}', ALL)}
${tableTrigger(
  'checklist_images',
  'checklist',
  `SELECT i.company_id, c.warehouse_id, i.checklist_id AS id FROM {rows} i
     LEFT JOIN checklists c ON c.id = i.checklist_id`,
  ALL,
)}
${tableTrigger(
  'live_presence',
  'presence',
  // Each tab is its own row; the event names the warehouse, which is all a client refetches.
  'SELECT company_id, warehouse_id, warehouse_id AS id FROM {rows}',
  ['INSERT', 'DELETE'],
)}
`;
