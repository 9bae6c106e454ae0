// Short codes printed in label QR codes (decision 0035). A code names one vault or one field of
// one company; the URL `/s/{code}` carries nothing else, so a label read by a stranger tells
// nothing about whose goods it marks. Codes are made when a label is first printed and kept,
// so a label stays good for as long as its vault or field exists.
export const name = '0007-scan-codes';

export const sql = /* sql */ `
CREATE TABLE scan_codes (
  code text PRIMARY KEY,
  company_id bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  vault_id bigint REFERENCES vaults(id) ON DELETE CASCADE,
  field_id bigint REFERENCES fields(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT scan_codes_one_target CHECK ((vault_id IS NULL) <> (field_id IS NULL))
);
CREATE UNIQUE INDEX scan_codes_vault_key ON scan_codes (vault_id) WHERE vault_id IS NOT NULL;
CREATE UNIQUE INDEX scan_codes_field_key ON scan_codes (field_id) WHERE field_id IS NOT NULL;
`;
