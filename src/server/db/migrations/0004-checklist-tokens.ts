// Printed checklist links carry a random token instead of a guessable warehouse name
// (decision 0015). The server makes each token from 128 random bits; the column default gives
// every existing checklist (a volatile default is evaluated per row) and any row written by
// SQL its own: gen_random_uuid() is built into PostgreSQL 13+ and PGlite, 122 random bits.
// The company setting lets staff turn off the spec's guessable name links.
export const name = '0004-checklist-tokens';

export const sql = /* sql */ `
ALTER TABLE checklists
  ADD COLUMN fill_token text NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', '');
CREATE UNIQUE INDEX checklists_fill_token_key ON checklists (fill_token);

ALTER TABLE companies ADD COLUMN checklist_name_links boolean NOT NULL DEFAULT true;
`;
