// Reads now query the database and go through the presenters, with nothing kept between
// requests (decision 0400). What only served the kept answers goes: the answer field marks
// (0013, and their part of 0017's vault trigger) and the notices that kept each process's
// copy of the warehouse versions.
export const name = '0021-plain-reads';

/** The live event and the version bump of 0017's vault trigger, over `rels`. */
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
      )}) x(w) WHERE w IS NOT NULL));`;
}

const dropMarks = (table: string, events: string[]) =>
  events
    .map((event) => `DROP TRIGGER ${table}_zz_answer_marks_${event} ON ${table};`)
    .concat(`DROP FUNCTION ${table}_mark_answer_fields();`)
    .join('\n');

export const sql = /* sql */ `
CREATE OR REPLACE FUNCTION vaults_after_write() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN${writes(['new_rows'])}
  ELSIF TG_OP = 'DELETE' THEN${writes(['old_rows'])}
  ELSE${writes(['old_rows', 'new_rows'])}
  END IF;
  RETURN NULL;
END
$fn$;
${dropMarks('fields', ['insert', 'update', 'delete'])}
${dropMarks('vault_attachments', ['insert', 'update', 'delete'])}
${dropMarks('customers', ['update'])}
${dropMarks('orders', ['update'])}
DROP TABLE answer_field_marks;

DROP TRIGGER warehouse_versions_notify_insert ON warehouse_versions;
DROP TRIGGER warehouse_versions_notify_update ON warehouse_versions;
DROP TRIGGER warehouse_versions_notify_delete ON warehouse_versions;
DROP FUNCTION warehouse_versions_notify();
`;
