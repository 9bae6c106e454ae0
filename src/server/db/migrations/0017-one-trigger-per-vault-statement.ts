// A write to `vaults` fired three statement triggers, each a PL/pgSQL call of its own: the live
// event (0006), the warehouse version bump (0010) and the answer field marks (0013). Here one
// function does the same three writes, in the same order (event, bump, marks: the marks copy
// the version the bump just made), for each of INSERT, UPDATE and DELETE (decision 0105).
export const name = '0017-one-trigger-per-vault-statement';

/** The three writes over the transition tables named in `rels`. */
function writes(rels: string[]): string {
  const each = (select: (rel: string) => string, joiner: string) =>
    rels.map(select).join(` ${joiner} `);
  return `
    INSERT INTO live_events (company_id, warehouse_id, entity, entity_id)
      SELECT company_id, warehouse_id, 'vault',
             CASE WHEN count(DISTINCT id) = 1 THEN min(id) END
        FROM (${each(
          (rel) => `SELECT v.company_id, f.warehouse_id, v.id FROM ${rel} v
          LEFT JOIN fields f ON f.id = coalesce(v.field_id, v.old_field_id)`,
          'UNION ALL',
        )}) AS changed
       GROUP BY company_id, warehouse_id;
    PERFORM bump_warehouse_versions(ARRAY(
      SELECT DISTINCT w FROM (${each(
        (rel) => `SELECT f.warehouse_id FROM ${rel} r JOIN fields f ON f.id = r.field_id`,
        'UNION',
      )}) x(w) WHERE w IS NOT NULL));
    INSERT INTO answer_field_marks (field_id, warehouse_id, version)
      SELECT DISTINCT ON (t.f) t.f, t.w, wv.version
      FROM (${each(
        (rel) => `SELECT f.id, f.warehouse_id FROM ${rel} r
          JOIN fields f ON f.id IN (r.field_id, r.old_field_id)`,
        'UNION',
      )}) t(f, w) JOIN warehouse_versions wv ON wv.warehouse_id = t.w
      WHERE t.f IS NOT NULL
      ORDER BY t.f
    ON CONFLICT (field_id)
      DO UPDATE SET warehouse_id = excluded.warehouse_id, version = excluded.version;`;
}

export const sql = /* sql */ `
DROP TRIGGER vaults_live_insert ON vaults;
DROP TRIGGER vaults_live_update ON vaults;
DROP TRIGGER vaults_live_delete ON vaults;
DROP TRIGGER vaults_versions_insert ON vaults;
DROP TRIGGER vaults_versions_update ON vaults;
DROP TRIGGER vaults_versions_delete ON vaults;
DROP TRIGGER vaults_zz_answer_marks_insert ON vaults;
DROP TRIGGER vaults_zz_answer_marks_update ON vaults;
DROP TRIGGER vaults_zz_answer_marks_delete ON vaults;
DROP FUNCTION live_vaults();
DROP FUNCTION vaults_bump_warehouse_versions();
DROP FUNCTION vaults_mark_answer_fields();

CREATE FUNCTION vaults_after_write() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN${writes(['new_rows'])}
  ELSIF TG_OP = 'DELETE' THEN${writes(['old_rows'])}
  ELSE${writes(['old_rows', 'new_rows'])}
  END IF;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER vaults_after_insert AFTER INSERT ON vaults
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vaults_after_write();
CREATE TRIGGER vaults_after_update AFTER UPDATE ON vaults
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vaults_after_write();
CREATE TRIGGER vaults_after_delete AFTER DELETE ON vaults
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vaults_after_write();
`;
