// Customers become records (issue 31): contact, account type and the SIT clock's dates, and
// every vault gets the day it came in, which the storage report bills from (decision 0490).
// Existing vaults came in the day their row was made; existing customers started storing
// with their first vault or pallet. The database's calendar day is the one clock everywhere.
export const name = '0019-customer-records';

export const sql = `
ALTER TABLE customers
  ADD COLUMN phone text NOT NULL DEFAULT '',
  ADD COLUMN email text NOT NULL DEFAULT '',
  ADD COLUMN address text NOT NULL DEFAULT '',
  ADD COLUMN notes text NOT NULL DEFAULT '',
  ADD COLUMN account_type text NOT NULL DEFAULT 'permanent'
    CONSTRAINT customers_account_type_known CHECK (account_type IN ('sit', 'permanent')),
  ADD COLUMN storage_start date NOT NULL DEFAULT CURRENT_DATE,
  ADD COLUMN authorised_days integer NOT NULL DEFAULT 90
    CONSTRAINT customers_authorised_days_positive CHECK (authorised_days > 0),
  ADD COLUMN conversion_date date;

ALTER TABLE vaults ADD COLUMN date_in date;
UPDATE vaults SET date_in = created_at::date;
ALTER TABLE vaults ALTER COLUMN date_in SET DEFAULT CURRENT_DATE, ALTER COLUMN date_in SET NOT NULL;

UPDATE customers c SET storage_start = first.day
FROM (
  SELECT customer_id, min(day) AS day FROM (
    SELECT customer_id, date_in AS day FROM vaults WHERE customer_id IS NOT NULL
    UNION ALL
    SELECT customer_id, created_at::date FROM pallets
  ) t GROUP BY customer_id
) first
WHERE first.customer_id = c.id;

ALTER TABLE companies ADD COLUMN report_counts_staged boolean NOT NULL DEFAULT true;
`;
