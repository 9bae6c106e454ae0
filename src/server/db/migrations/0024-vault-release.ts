// A vault can be released: the goods went out to the customer (issue 31, decision 0492). The
// row stays, off the floor, so its history, its storage up to the release day and its number
// stay in the records. Who released it is kept by email, as history names its actors, so the
// record outlives the user.
export const name = '0024-vault-release';

export const sql = `
ALTER TABLE vaults
  ADD COLUMN released_on date,
  ADD COLUMN released_by text,
  ADD CONSTRAINT vaults_released_off_floor CHECK (released_on IS NULL OR field_id IS NULL);
CREATE INDEX vaults_released_on_idx ON vaults (company_id, released_on) WHERE released_on IS NOT NULL;
`;
