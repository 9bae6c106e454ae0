// Imports check and write their rows in short steps and land them in one short transaction
// (decision 0050). `import_staged_rows` holds the checked rows of a running job between those
// steps: each row as it will be written, with the field it goes to named by key (the field of
// a warehouse the import creates has no id until the last step). A job's heartbeat says its
// server is still running it; a job without one for a while was left by a server that stopped.
export const name = '0012-import-staging';

export const sql = /* sql */ `
ALTER TABLE import_jobs ADD COLUMN heartbeat_at timestamptz;
CREATE TABLE import_staged_rows (
  job_id bigint NOT NULL REFERENCES import_jobs(id) ON DELETE CASCADE,
  company_id bigint NOT NULL,
  sheet_row integer NOT NULL,
  name text NOT NULL,
  vault_id bigint,
  customer_name text NOT NULL,
  order_name text,
  type text NOT NULL,
  note text NOT NULL,
  target_key text,
  position integer,
  lift boolean NOT NULL,
  details jsonb NOT NULL,
  PRIMARY KEY (job_id, sheet_row)
);
`;
