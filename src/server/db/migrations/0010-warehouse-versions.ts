// Every warehouse carries a version that every write touching what its answer shows bumps,
// in the writing transaction, so the server can keep each warehouse's answer and know
// exactly when it is stale (decision 0025). Triggers, not calls in each service: a write
// added later (imports, audits) cannot forget it, and several instances sharing one
// PostgreSQL all see the same number. The triggers run once per statement over its
// transition tables, so a bulk insert of thousands of vaults bumps each warehouse once.
export const name = '0010-warehouse-versions';

/** Warehouse ids touched by the rows of `rel` (a transition table, aliased `r`). */
type WarehousesOf = (rel: string) => string;

function bumpTrigger(table: string, warehousesOf: WarehousesOf): string {
  const fn = `${table}_bump_warehouse_versions`;
  const ids = (rel: string) => `SELECT w FROM (${warehousesOf(rel)}) t(w)`;
  return `
CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE ids bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    ids := ARRAY(SELECT DISTINCT w FROM (${ids('new_rows')}) x(w) WHERE w IS NOT NULL);
  ELSIF TG_OP = 'DELETE' THEN
    ids := ARRAY(SELECT DISTINCT w FROM (${ids('old_rows')}) x(w) WHERE w IS NOT NULL);
  ELSE
    ids := ARRAY(SELECT DISTINCT w FROM (${ids('new_rows')} UNION ${ids('old_rows')}) x(w)
                 WHERE w IS NOT NULL);
  END IF;
  PERFORM bump_warehouse_versions(ids);
  RETURN NULL;
END
$fn$;
CREATE TRIGGER ${table}_versions_insert AFTER INSERT ON ${table}
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();
CREATE TRIGGER ${table}_versions_update AFTER UPDATE ON ${table}
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();
CREATE TRIGGER ${table}_versions_delete AFTER DELETE ON ${table}
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();
`;
}

/**
 * Customer and order names show in every warehouse of the company; a rename or a delete bumps
 * them all. Only a real rename: the upsert every vault add makes (`ON CONFLICT DO UPDATE` to
 * the same name) fires the update trigger too, and bumping every warehouse there would both
 * throw away every kept answer and take the company's version rows before the placement's
 * warehouse lock, against the lock order of decision 0014.
 */
function companyBumpTrigger(table: string): string {
  const fn = `${table}_bump_company_versions`;
  return `
CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM bump_warehouse_versions(ARRAY(
    SELECT wv.warehouse_id FROM warehouse_versions wv
    WHERE wv.company_id IN (SELECT company_id FROM old_rows)));
  RETURN NULL;
END
$fn$;
CREATE FUNCTION ${fn}_renamed() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM bump_warehouse_versions(ARRAY(
    SELECT wv.warehouse_id FROM warehouse_versions wv
    WHERE wv.company_id IN (
      SELECT o.company_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE n.name IS DISTINCT FROM o.name)));
  RETURN NULL;
END
$fn$;
CREATE TRIGGER ${table}_versions_update AFTER UPDATE ON ${table}
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ${fn}_renamed();
CREATE TRIGGER ${table}_versions_delete AFTER DELETE ON ${table}
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();
`;
}

export const sql = /* sql */ `
CREATE TABLE warehouse_versions (
  warehouse_id bigint PRIMARY KEY REFERENCES warehouses (id) ON DELETE CASCADE,
  company_id bigint NOT NULL,
  version bigint NOT NULL DEFAULT 1
);
CREATE INDEX warehouse_versions_company_id_idx ON warehouse_versions (company_id);
INSERT INTO warehouse_versions (warehouse_id, company_id) SELECT id, company_id FROM warehouses;

-- Rows are locked in id order before the update, so two writes that touch the same
-- warehouses (a move between two of them) cannot deadlock on the version rows.
CREATE FUNCTION bump_warehouse_versions(ids bigint[]) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  IF cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  IF cardinality(ids) > 1 THEN
    PERFORM 1 FROM warehouse_versions WHERE warehouse_id = ANY (ids)
      ORDER BY warehouse_id FOR UPDATE;
  END IF;
  UPDATE warehouse_versions SET version = version + 1 WHERE warehouse_id = ANY (ids);
END
$fn$;

CREATE FUNCTION warehouses_add_version() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO warehouse_versions (warehouse_id, company_id)
    SELECT id, company_id FROM new_rows;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER warehouses_versions_insert AFTER INSERT ON warehouses
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION warehouses_add_version();

CREATE FUNCTION warehouses_bump_versions() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM bump_warehouse_versions(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END
$fn$;
CREATE TRIGGER warehouses_versions_update AFTER UPDATE ON warehouses
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION warehouses_bump_versions();
${bumpTrigger('fields', (rel) => `SELECT r.warehouse_id FROM ${rel} r`)}
${bumpTrigger('vaults', (rel) => `SELECT f.warehouse_id FROM ${rel} r JOIN fields f ON f.id = r.field_id`)}
${bumpTrigger(
  'vault_attachments',
  (rel) =>
    `SELECT f.warehouse_id FROM ${rel} r JOIN vaults v ON v.id = r.vault_id JOIN fields f ON f.id = v.field_id`,
)}
${bumpTrigger('racks', (rel) => `SELECT r.warehouse_id FROM ${rel} r`)}
${bumpTrigger('shelves', (rel) => `SELECT k.warehouse_id FROM ${rel} r JOIN racks k ON k.id = r.rack_id`)}
${bumpTrigger(
  'pallets',
  (rel) =>
    `SELECT k.warehouse_id FROM ${rel} r JOIN shelves s ON s.id = r.shelf_id JOIN racks k ON k.id = s.rack_id`,
)}
${companyBumpTrigger('customers')}
${companyBumpTrigger('orders')}
`;
