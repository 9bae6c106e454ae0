// Floor audits and dig-outs (issue 14 §3-4). Both keep the names of the warehouse, fields and
// vaults they met as text, and hold no foreign key to them, like vault_events: an audit or a
// dig-out stays readable after a field or warehouse is removed, and a layout change never
// waits on these rows (decision 0014 locks only warehouses, vaults and fields).
export const name = '0008-audits-and-dig-outs';

export const sql = /* sql */ `
CREATE TABLE audits (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  warehouse_id bigint NOT NULL,
  warehouse_name text NOT NULL,
  scope text NOT NULL CHECK (scope IN ('field', 'column', 'warehouse')),
  scope_label text NOT NULL,
  started_by_user_id bigint,
  started_by_email text,
  started_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audits_company_started_idx ON audits (company_id, started_at DESC, id DESC);

CREATE TABLE audit_fields (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  audit_id bigint NOT NULL REFERENCES audits(id) ON DELETE CASCADE,
  field_id bigint NOT NULL,
  field_name text NOT NULL,
  sort_order integer NOT NULL,
  seen jsonb,
  findings jsonb NOT NULL DEFAULT '[]'::jsonb,
  checked_by_email text,
  checked_at timestamptz,
  UNIQUE (audit_id, field_id)
);

CREATE TABLE dig_outs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  warehouse_id bigint NOT NULL,
  warehouse_name text NOT NULL,
  vault_id bigint NOT NULL,
  vault_name text,
  field_name text NOT NULL,
  position integer NOT NULL,
  steps jsonb NOT NULL,
  notice text,
  left_behind jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_by_email text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dig_outs_company_idx ON dig_outs (company_id, id);
`;
