// Spreadsheet imports run as background jobs (decision 0043). The job's state lives here,
// not in the server's memory, so a reloaded page finds it again and any instance can answer
// for it; `runner` names the instance that took it, which alone runs it. The file is kept as
// the table it was read into (`sheet`, JSON text), so preview and run never parse it again
// and the refused rows can be written back as CSV with their own columns.
export const name = '0009-import-jobs';

export const sql = /* sql */ `
CREATE TABLE import_jobs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  created_by bigint REFERENCES users(id) ON DELETE SET NULL,
  file_name text NOT NULL,
  status text NOT NULL DEFAULT 'uploaded'
    CHECK (status IN ('uploaded', 'running', 'done', 'refused', 'failed', 'cancelled')),
  headers jsonb NOT NULL,
  suggested_mapping jsonb NOT NULL,
  sheet text NOT NULL,
  row_count integer NOT NULL CHECK (row_count >= 0),
  encoding_note text,
  options jsonb,
  runner text,
  rows_done integer NOT NULL DEFAULT 0,
  rows_refused integer NOT NULL DEFAULT 0,
  cancel_requested boolean NOT NULL DEFAULT false,
  result jsonb,
  message text,
  refused jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX import_jobs_company_idx ON import_jobs (company_id, created_at DESC);
`;
