// The day's pull list is planned again from the records on every read (decision 0550), so a
// vault already moved aside drops out of the plan; this table keeps those done moves, so the
// crew's checklist and the day's move count still show them. Pulls are recorded on
// storage_request_vaults.
export const name = '0032-pull-list-moves';

export const sql = /* sql */ `
CREATE TABLE pull_list_moves (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  day date NOT NULL,
  request_id bigint NOT NULL REFERENCES storage_requests(id) ON DELETE CASCADE,
  vault_id bigint NOT NULL REFERENCES vaults(id) ON DELETE CASCADE,
  vault_name text,
  from_place jsonb NOT NULL,
  to_place jsonb,
  done_at timestamptz NOT NULL DEFAULT now(),
  done_by text NOT NULL
);
CREATE INDEX pull_list_moves_day_idx ON pull_list_moves (company_id, day, id);
`;
