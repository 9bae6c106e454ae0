// The trigram indexes behind search (decision 0102) write new entries straight into the
// index instead of a pending list (decision 0074). With the default `fastupdate`, inserted
// names wait in an unsorted list that every search reads through until a vacuum merges it;
// the embedded engine has no autovacuum and its upkeep vacuums only for dead rows, so after
// the bench company's 54,000 inserts the vaults' list held 293 pages. Merged: the vault list
// for "son" went from 2.0 to 0.33 ms on PGlite, for "123" from 7.6 to 0.77 ms, while a single
// insert cost the same (median 0.19 ms either way). The lists already there are merged now.
export const name = '0015-trigram-indexes-without-pending-list';

const INDEXES = ['customers_name_trgm_idx', 'orders_name_trgm_idx', 'vaults_name_trgm_idx'];

export const sql = /* sql */ `
${INDEXES.map((index) => `ALTER INDEX ${index} SET (fastupdate = off);`).join('\n')}
SELECT ${INDEXES.map((index) => `gin_clean_pending_list('${index}'::regclass)`).join(', ')};
`;
