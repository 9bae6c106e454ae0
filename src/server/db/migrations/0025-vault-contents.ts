// What is inside a vault (issue 31 §2): its seal number, the inventory tags of the items it
// holds as ranges per lot ("LOT 4471, tags 1-120"), notes on the items, and the day the
// customer expects it out, which receiving uses to put sooner releases on top (issue 32 §4).
// A vault may hold several ranges, of one lot or more, so tags are rows of their own; the
// lookup index answers "which vault holds 4471-37" without reading every range.
export const name = '0025-vault-contents';

export const sql = /* sql */ `
ALTER TABLE vaults
  ADD COLUMN seal text NOT NULL DEFAULT '',
  ADD COLUMN item_notes text NOT NULL DEFAULT '',
  ADD COLUMN expected_release date;

CREATE TABLE vault_tags (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  vault_id bigint NOT NULL REFERENCES vaults(id) ON DELETE CASCADE,
  lot text NOT NULL CONSTRAINT vault_tags_lot_given CHECK (lot <> ''),
  first_tag integer NOT NULL CONSTRAINT vault_tags_first_positive CHECK (first_tag >= 1),
  last_tag integer NOT NULL,
  CONSTRAINT vault_tags_range_ordered CHECK (last_tag >= first_tag)
);
CREATE INDEX vault_tags_lookup_idx ON vault_tags (company_id, lot, first_tag);
CREATE INDEX vault_tags_vault_idx ON vault_tags (vault_id);
`;
