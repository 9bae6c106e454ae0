// Printed checklist links carry a random token instead of a guessable warehouse name
// (decision 0015). Existing checklists get one here; new ones get one from the server.
// gen_random_uuid() is built into PostgreSQL 13+ and PGlite: 122 random bits as 32 hex digits.
// The company setting lets staff turn off the spec's guessable name links.
export const name = '0004-checklist-tokens';

export const sql = /* sql */ `
ALTER TABLE checklists ADD COLUMN fill_token text;
UPDATE checklists SET fill_token = replace(gen_random_uuid()::text, '-', '');
ALTER TABLE checklists ALTER COLUMN fill_token SET NOT NULL;
CREATE UNIQUE INDEX checklists_fill_token_key ON checklists (fill_token);

ALTER TABLE companies ADD COLUMN checklist_name_links boolean NOT NULL DEFAULT true;
`;
