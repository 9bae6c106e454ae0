// What lets each instance keep answers it already gave (decisions 0054 and 0055).
//
// Sessions: each instance keeps the sessions it resolved; a trigger tells every instance
// when sessions end (logout, a new password, a removed user by cascade, the expiry sweep),
// after the commit, so a logout on one instance is honoured by the others. One notice per
// statement: the ended ids (hashes of 64 characters), or "*" when listing them would pass
// NOTIFY's 8,000-byte payload limit.
//
// Versions: the embedded engine's server keeps each company's warehouse versions in memory
// and forgets them when this trigger names the company (decision 0056).
//
// Fields: which fields of a warehouse changed at which of its versions, so a kept answer is
// brought up to date by reading those fields only. One row per field, moved forward by every
// write to the field, its vaults or their attachments, or a rename of a customer or order its
// vaults name; a deleted field keeps its row, so readers learn that it went.
export const name = '0013-kept-reads';

/** (field id, warehouse id) pairs touched by the rows of `rel` (a transition table, `r`). */
type FieldsOf = (rel: string) => string;

const EVENTS = ['INSERT', 'UPDATE', 'DELETE'] as const;

/**
 * Marks the fields a statement on `table` touched with their warehouse's version. Named
 * `<table>_zz_...` because PostgreSQL fires a table's statement triggers in name order: these
 * run after `<table>_versions_...` (migration 0010) has bumped the version they copy.
 */
function markTrigger(
  table: string,
  fieldsOf: FieldsOf,
  events: readonly (typeof EVENTS)[number][] = EVENTS,
): string {
  const fn = `${table}_mark_answer_fields`;
  const mark = (pairs: string) => `
    INSERT INTO answer_field_marks (field_id, warehouse_id, version)
      SELECT DISTINCT ON (t.f) t.f, t.w, wv.version
      FROM (${pairs}) t(f, w) JOIN warehouse_versions wv ON wv.warehouse_id = t.w
      WHERE t.f IS NOT NULL
      ORDER BY t.f
    ON CONFLICT (field_id)
      DO UPDATE SET warehouse_id = excluded.warehouse_id, version = excluded.version;`;
  const triggers = events.map((event) => {
    const refs =
      event === 'INSERT'
        ? 'NEW TABLE AS new_rows'
        : event === 'DELETE'
          ? 'OLD TABLE AS old_rows'
          : 'OLD TABLE AS old_rows NEW TABLE AS new_rows';
    return `CREATE TRIGGER ${table}_zz_answer_marks_${event.toLowerCase()} AFTER ${event} ON ${table}
  REFERENCING ${refs} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();`;
  });
  return `
CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN${mark(fieldsOf('new_rows'))}
  ELSIF TG_OP = 'DELETE' THEN${mark(fieldsOf('old_rows'))}
  ELSE${mark(`${fieldsOf('new_rows')} UNION ${fieldsOf('old_rows')}`)}
  END IF;
  RETURN NULL;
END
$fn$;
${triggers.join('\n')}
`;
}

/**
 * Only a real rename of a customer or order marks the fields whose vaults name it: the upsert
 * every vault add makes (`ON CONFLICT DO UPDATE` to the same name) fires the trigger too.
 */
const renamedIn = (column: string) => (rel: string) =>
  rel === 'old_rows'
    ? 'SELECT NULL::bigint, NULL::bigint'
    : `SELECT f.id, f.warehouse_id FROM new_rows n JOIN old_rows o ON o.id = n.id
         JOIN vaults v ON v.${column} = n.id JOIN fields f ON f.id IN (v.field_id, v.old_field_id)
       WHERE n.name IS DISTINCT FROM o.name`;

export const sql = /* sql */ `
CREATE FUNCTION sessions_notify_ended() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE ended bigint;
BEGIN
  SELECT count(*) INTO ended FROM old_rows;
  IF ended = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('vaultgrid_sessions', CASE WHEN ended <= 100
    THEN (SELECT string_agg(id, ',') FROM old_rows) ELSE '*' END);
  RETURN NULL;
END
$fn$;
CREATE TRIGGER sessions_notify_ended AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sessions_notify_ended();

CREATE FUNCTION warehouse_versions_notify() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE companies text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT string_agg(DISTINCT company_id::text, ',') INTO companies FROM new_rows;
  ELSE
    SELECT string_agg(DISTINCT company_id::text, ',') INTO companies FROM old_rows;
  END IF;
  IF companies IS NOT NULL THEN
    PERFORM pg_notify('vaultgrid_versions', CASE WHEN length(companies) < 7000
      THEN companies ELSE '*' END);
  END IF;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER warehouse_versions_notify_insert AFTER INSERT ON warehouse_versions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION warehouse_versions_notify();
CREATE TRIGGER warehouse_versions_notify_update AFTER UPDATE ON warehouse_versions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION warehouse_versions_notify();
CREATE TRIGGER warehouse_versions_notify_delete AFTER DELETE ON warehouse_versions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION warehouse_versions_notify();

CREATE TABLE answer_field_marks (
  field_id bigint PRIMARY KEY,
  warehouse_id bigint NOT NULL,
  version bigint NOT NULL
);
CREATE INDEX answer_field_marks_warehouse_version ON answer_field_marks (warehouse_id, version);
${markTrigger('fields', (rel) => `SELECT r.id, r.warehouse_id FROM ${rel} r`)}
${markTrigger(
  'vaults',
  (rel) =>
    `SELECT f.id, f.warehouse_id FROM ${rel} r JOIN fields f ON f.id IN (r.field_id, r.old_field_id)`,
)}
${markTrigger(
  'vault_attachments',
  (rel) =>
    `SELECT f.id, f.warehouse_id FROM ${rel} r JOIN vaults v ON v.id = r.vault_id
       JOIN fields f ON f.id IN (v.field_id, v.old_field_id)`,
)}
${markTrigger('customers', renamedIn('customer_id'), ['UPDATE'])}
${markTrigger('orders', renamedIn('order_id'), ['UPDATE'])}
`;
