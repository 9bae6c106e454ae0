// A field's name stays unique within its warehouse, but the check may wait for the end of
// the transaction when a statement asks: moving every column of a grid one letter over is then
// one UPDATE instead of one per column, each of which landed on names its neighbour had just
// freed (issue 30). Every other statement still checks at once.
export const name = '0023-field-names-checked-at-commit';

export const sql = `
DROP INDEX fields_warehouse_name_key;
ALTER TABLE fields ADD CONSTRAINT fields_warehouse_name_key
  UNIQUE (warehouse_id, name) DEFERRABLE INITIALLY IMMEDIATE;
`;
