// The spreadsheet import carries what is in a vault (issue 31 §6): each staged row keeps its
// weight, date in, seal and inventory tags as they will be written. `date_in` null: a new vault
// comes in the day it lands; `tags` null: the file says nothing of tags, so the vault keeps its
// own.
export const name = '0033-import-vault-contents';

export const sql = /* sql */ `
ALTER TABLE import_staged_rows
  ADD COLUMN weight numeric(8, 1),
  ADD COLUMN date_in date,
  ADD COLUMN seal text NOT NULL DEFAULT '',
  ADD COLUMN tags jsonb;
`;
