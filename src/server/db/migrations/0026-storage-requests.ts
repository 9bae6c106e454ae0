// A customer's requests (issue 32): release all, some vaults, items by tag, or access to a
// vault. The vaults a request takes are rows of their own, resolved when the office confirms
// it, so the day's pull list reads them without resolving tags again and each vault's pull is
// recorded where the crew scanned it. History is its own table, as vault_events is. The
// customer's link is a random token on the customer, like the checklist links (decision 0015);
// null until the office makes one, and renewing it replaces it.
export const name = '0026-storage-requests';

export const sql = /* sql */ `
CREATE TABLE storage_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  customer_id bigint NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  kind text NOT NULL CONSTRAINT storage_requests_kind_known
    CHECK (kind IN ('release_all', 'release_vaults', 'release_items', 'access')),
  due_on date NOT NULL,
  status text NOT NULL DEFAULT 'asked' CONSTRAINT storage_requests_status_known
    CHECK (status IN ('asked', 'confirmed', 'in_progress', 'done', 'cancelled')),
  items jsonb NOT NULL DEFAULT '[]'::jsonb,
  note text NOT NULL DEFAULT '',
  asked_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX storage_requests_day_idx ON storage_requests (company_id, due_on, status);
CREATE INDEX storage_requests_customer_idx ON storage_requests (company_id, customer_id, id DESC);

CREATE TABLE storage_request_vaults (
  request_id bigint NOT NULL REFERENCES storage_requests(id) ON DELETE CASCADE,
  company_id bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  vault_id bigint NOT NULL REFERENCES vaults(id) ON DELETE CASCADE,
  pulled_at timestamptz,
  pulled_by text,
  PRIMARY KEY (request_id, vault_id)
);
CREATE INDEX storage_request_vaults_vault_idx ON storage_request_vaults (vault_id);

CREATE TABLE storage_request_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  request_id bigint NOT NULL REFERENCES storage_requests(id) ON DELETE CASCADE,
  kind text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  actor text,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX storage_request_events_request_idx ON storage_request_events (request_id, id);

ALTER TABLE customers ADD COLUMN portal_token text;
CREATE UNIQUE INDEX customers_portal_token_key ON customers (portal_token);
`;
