// A vault's weight in pounds (issue 28): optional, in tenths as a floor scale reads them. Its
// rule (at least 0, at most the contract's maximum) lives once, in the contract's schema.
export const name = '0022-vault-weight';

export const sql = /* sql */ `
ALTER TABLE vaults ADD COLUMN weight numeric(8, 1);
`;
