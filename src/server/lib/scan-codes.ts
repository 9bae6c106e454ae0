import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SCAN_CODE_ALPHABET, SCAN_CODE_LENGTH } from '../../contracts/scan-codes';
import { queryRows, type Db } from '../db/client';
import { isForeignKeyViolation } from '../db/errors';

// The scan-code table is shared by the features that print codes (labels) and the ones that
// read them back (vaults): its SQL lives here so neither reaches into the other (decision 0035).

export type ScanTarget = 'vault' | 'field';

/** 10 characters of a 32-letter alphabet: 50 random bits, so codes cannot be guessed or counted. */
function newScanCode(): string {
  const bytes = randomBytes(SCAN_CODE_LENGTH);
  let code = '';
  for (const byte of bytes) code += SCAN_CODE_ALPHABET[byte % SCAN_CODE_ALPHABET.length];
  return code;
}

const column = (target: ScanTarget) => sql.raw(target === 'vault' ? 'vault_id' : 'field_id');
const table = (target: ScanTarget) => sql.raw(target === 'vault' ? 'vaults' : 'fields');

async function readCodes(
  db: Db,
  companyId: number,
  target: ScanTarget,
  ids: readonly number[],
): Promise<Map<number, string>> {
  const rows = await queryRows<{ id: number; code: string }>(
    db,
    sql`SELECT ${column(target)} AS id, code FROM scan_codes
        WHERE company_id = ${companyId} AND ${column(target)} = ANY(${sql.param([...ids])}::bigint[])`,
  );
  return new Map(rows.map((r) => [r.id, r.code]));
}

// Two printers may issue codes for one vault at once: the unique index keeps one, and both
// read back the winner. A random clash with another code (2^-50 per pair) is simply retried.
const ISSUE_ATTEMPTS = 3;

/**
 * The code of each vault (or field) of the company, made on first use. Ids of other companies
 * get no code: the insert only takes rows whose target belongs to `companyId`.
 */
export async function issueScanCodes(
  db: Db,
  companyId: number,
  target: ScanTarget,
  ids: readonly number[],
): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  let codes = await readCodes(db, companyId, target, unique);
  for (let attempt = 0; attempt < ISSUE_ATTEMPTS; attempt++) {
    const missing = unique.filter((id) => !codes.has(id));
    if (missing.length === 0) return codes;
    const fresh = missing.map(() => newScanCode());
    try {
      await queryRows(
        db,
        sql`INSERT INTO scan_codes (code, company_id, ${column(target)})
            SELECT n.code, ${companyId}, t.id
            FROM unnest(${sql.param(fresh)}::text[], ${sql.param(missing)}::bigint[]) AS n(code, id)
            JOIN ${table(target)} t ON t.id = n.id AND t.company_id = ${companyId}
            ON CONFLICT DO NOTHING`,
      );
    } catch (error) {
      // A vault or field deleted while this statement ran: the next round's join leaves it
      // out, and its label prints without a code instead of the call failing with a 500.
      if (!isForeignKeyViolation(error)) throw error;
    }
    codes = await readCodes(db, companyId, target, unique);
  }
  return codes;
}

interface ScannedFieldRow {
  fieldId: number;
  fieldName: string;
  fieldType: 'vault' | 'couchbox-T' | 'couchbox-B';
  full: boolean;
  warehouseId: number;
  warehouseName: string;
  warehouseSlug: string;
  fieldCapacity: number;
}

export type ScanCodeTarget =
  { kind: 'vault'; vaultId: number } | ({ kind: 'field' } & ScannedFieldRow);

/** What a code names, or null when it is not one of this company's codes. */
export async function findScanCode(
  db: Db,
  companyId: number,
  code: string,
): Promise<ScanCodeTarget | null> {
  const rows = await queryRows<{ vault_id: number | null; field_id: number | null }>(
    db,
    sql`SELECT vault_id, field_id FROM scan_codes WHERE code = ${code} AND company_id = ${companyId}`,
  );
  const row = rows[0];
  if (!row) return null;
  if (row.vault_id !== null) return { kind: 'vault', vaultId: row.vault_id };
  if (row.field_id === null) return null;
  const fields = await queryRows<ScannedFieldRow>(
    db,
    sql`SELECT f.id AS "fieldId", f.name AS "fieldName", f.type AS "fieldType", f.full,
               w.id AS "warehouseId", w.name AS "warehouseName", w.slug AS "warehouseSlug",
               w.field_capacity AS "fieldCapacity"
        FROM fields f JOIN warehouses w ON w.id = f.warehouse_id AND w.company_id = f.company_id
        WHERE f.id = ${row.field_id} AND f.company_id = ${companyId}`,
  );
  const field = fields[0];
  return field ? { kind: 'field', ...field } : null;
}
