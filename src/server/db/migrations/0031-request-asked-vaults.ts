// The vaults a customer or the office named when asking (release some vaults, or access), kept
// apart from storage_request_vaults, which holds what a confirmed request takes and where the
// crew scanned it: a request asked for tomorrow may name a vault that another request takes
// today, and the office sees both before confirming (decision 0541).
export const name = '0031-request-asked-vaults';

export const sql = /* sql */ `
CREATE TABLE storage_request_asked_vaults (
  request_id bigint NOT NULL REFERENCES storage_requests(id) ON DELETE CASCADE,
  company_id bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  vault_id bigint NOT NULL REFERENCES vaults(id) ON DELETE CASCADE,
  PRIMARY KEY (request_id, vault_id)
);
CREATE INDEX storage_request_asked_vaults_vault_idx ON storage_request_asked_vaults (vault_id);
`;
