// The print list reads a company's held vaults a slice at a time, in id order (decision
// 0611): this index finds each slice without reading the company's vaults before it.
export const name = '0035-held-vaults-by-id';

export const sql = /* sql */ `
CREATE INDEX vaults_held_by_id_idx ON vaults (company_id, id) WHERE released_on IS NULL;
`;
