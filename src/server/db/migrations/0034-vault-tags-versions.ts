// A vault's inventory tags (0025) show in its warehouse's answer, which the server keeps by
// the warehouse's version (decision 0401); until now only writes to `vaults` and the tables
// 0010 named bumped it. A write to `vault_tags` now bumps it too and tells live clients, as a
// write to `vault_attachments` does, so a tag changed by any path (an edit, an import, a
// repair by hand) never leaves a kept answer stale. A staged vault's tags announce its former
// warehouse, as its other changes do; a vault deleted with its tags needs nothing here, its
// own trigger has run.
export const name = '0034-vault-tags-versions';

/** (company, warehouse, vault) of each changed tag row of `rel`. */
const changed = (
  rel: string,
) => `SELECT t.company_id, f.warehouse_id, t.vault_id AS id FROM ${rel} t
      JOIN vaults v ON v.id = t.vault_id
      LEFT JOIN fields f ON f.id = coalesce(v.field_id, v.old_field_id)`;

function writes(rels: string[]): string {
  const rows = rels.map(changed).join(' UNION ALL ');
  return `
    INSERT INTO live_events (company_id, warehouse_id, entity, entity_id)
      SELECT company_id, warehouse_id, 'vault',
             CASE WHEN count(DISTINCT id) = 1 THEN min(id) END
        FROM (${rows}) AS changed
       GROUP BY company_id, warehouse_id;
    PERFORM bump_warehouse_versions(ARRAY(
      SELECT DISTINCT r.warehouse_id FROM (${rels
        .map(
          (rel) => `SELECT f.warehouse_id FROM ${rel} t
        JOIN vaults v ON v.id = t.vault_id JOIN fields f ON f.id = v.field_id`,
        )
        .join(' UNION ')}) r));`;
}

export const sql = /* sql */ `
CREATE FUNCTION vault_tags_after_write() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN${writes(['new_rows'])}
  ELSIF TG_OP = 'DELETE' THEN${writes(['old_rows'])}
  ELSE${writes(['old_rows', 'new_rows'])}
  END IF;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER vault_tags_after_insert AFTER INSERT ON vault_tags
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vault_tags_after_write();
CREATE TRIGGER vault_tags_after_update AFTER UPDATE ON vault_tags
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vault_tags_after_write();
CREATE TRIGGER vault_tags_after_delete AFTER DELETE ON vault_tags
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vault_tags_after_write();
`;
