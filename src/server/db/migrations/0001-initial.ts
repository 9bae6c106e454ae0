// The whole first schema, every domain at once, so that features built in parallel share
// one set of tables. Every row carries company_id: tenant scoping is a column check in
// every query, and it keeps per-warehouse permissions and live events cheap to add later.
export const name = '0001-initial';

export const sql = /* sql */ `
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE companies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  slug text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  email text NOT NULL UNIQUE CHECK (email = lower(email)),
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX users_company_idx ON users(company_id);

CREATE TABLE sessions (
  id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sessions_user_idx ON sessions(user_id);
CREATE INDEX sessions_expires_idx ON sessions(expires_at);

CREATE TABLE login_attempts (
  id bigserial PRIMARY KEY,
  ip text NOT NULL,
  email text NOT NULL,
  attempted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempts_email_idx ON login_attempts(email, attempted_at);
CREATE INDEX login_attempts_ip_idx ON login_attempts(ip, attempted_at);

CREATE TABLE warehouses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  name text NOT NULL,
  slug text NOT NULL,
  rows integer NOT NULL CHECK (rows >= 0),
  cols integer NOT NULL CHECK (cols >= 0),
  field_capacity integer NOT NULL DEFAULT 3 CHECK (field_capacity BETWEEN 0 AND 10),
  length double precision NOT NULL CHECK (length >= 0),
  width double precision NOT NULL CHECK (width >= 0),
  fieldgrid_x double precision NOT NULL DEFAULT 0,
  fieldgrid_y double precision NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX warehouses_company_name_key ON warehouses(company_id, lower(name));
CREATE UNIQUE INDEX warehouses_company_slug_key ON warehouses(company_id, slug);
CREATE INDEX warehouses_slug_idx ON warehouses(slug);

CREATE TABLE fields (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  warehouse_id uuid NOT NULL REFERENCES warehouses(id) ON DELETE CASCADE,
  name text NOT NULL,
  col_index integer NOT NULL,
  row_index integer NOT NULL,
  type text NOT NULL DEFAULT 'vault' CHECK (type IN ('vault', 'couchbox-T', 'couchbox-B')),
  "full" boolean NOT NULL DEFAULT false
);
CREATE UNIQUE INDEX fields_warehouse_name_key ON fields(warehouse_id, name);
CREATE INDEX fields_company_idx ON fields(company_id);

CREATE TABLE customers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (name = upper(name))
);
CREATE UNIQUE INDEX customers_company_name_key ON customers(company_id, name);
CREATE INDEX customers_name_trgm_idx ON customers USING gin (name gin_trgm_ops);

CREATE TABLE orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  name text NOT NULL
);
CREATE UNIQUE INDEX orders_company_name_key ON orders(company_id, name);
CREATE INDEX orders_name_trgm_idx ON orders USING gin (name gin_trgm_ops);

CREATE TABLE vaults (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  name text,
  customer_id uuid REFERENCES customers(id),
  order_id uuid REFERENCES orders(id),
  type text NOT NULL DEFAULT 'vault' CHECK (type IN ('vault', 'liftvan', 't2', 'couchbox')),
  field_id uuid REFERENCES fields(id) ON DELETE CASCADE,
  position integer,
  old_field_id uuid,
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((field_id IS NULL) = (position IS NULL))
);
-- The database, not the screen, makes a position in a field single-occupancy.
CREATE UNIQUE INDEX vaults_field_position_key ON vaults(field_id, position) WHERE field_id IS NOT NULL;
CREATE UNIQUE INDEX vaults_company_name_key ON vaults(company_id, name) WHERE name IS NOT NULL;
CREATE INDEX vaults_company_field_idx ON vaults(company_id, field_id);
CREATE INDEX vaults_customer_idx ON vaults(customer_id);
CREATE INDEX vaults_order_idx ON vaults(order_id);
CREATE INDEX vaults_name_trgm_idx ON vaults USING gin (name gin_trgm_ops);

CREATE TABLE vault_attachments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  vault_id uuid NOT NULL REFERENCES vaults(id) ON DELETE CASCADE,
  file_name text NOT NULL,
  storage_key text NOT NULL,
  content_type text NOT NULL,
  size_bytes integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vault_attachments_vault_idx ON vault_attachments(vault_id);

-- Append-only: no foreign key to vaults, so a deleted vault keeps its history.
CREATE TABLE vault_events (
  id bigserial PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  vault_id uuid NOT NULL,
  vault_name text,
  kind text NOT NULL,
  actor_user_id uuid,
  actor_email text,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vault_events_vault_idx ON vault_events(company_id, vault_id, at);

CREATE TABLE racks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  warehouse_id uuid NOT NULL REFERENCES warehouses(id) ON DELETE CASCADE,
  name text NOT NULL,
  orientation text NOT NULL DEFAULT 'horizontal' CHECK (orientation IN ('horizontal', 'vertical')),
  x double precision NOT NULL DEFAULT 0,
  y double precision NOT NULL DEFAULT 0,
  width double precision NOT NULL DEFAULT 1,
  length double precision NOT NULL DEFAULT 1,
  capacity integer NOT NULL DEFAULT 1 CHECK (capacity >= 1),
  num_shelves integer NOT NULL DEFAULT 1 CHECK (num_shelves >= 1),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX racks_warehouse_idx ON racks(company_id, warehouse_id);

CREATE TABLE shelves (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  rack_id uuid NOT NULL REFERENCES racks(id) ON DELETE CASCADE,
  shelf_index integer NOT NULL,
  capacity integer NOT NULL CHECK (capacity >= 1)
);
CREATE UNIQUE INDEX shelves_rack_index_key ON shelves(rack_id, shelf_index);

CREATE TABLE pallets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  shelf_id uuid NOT NULL REFERENCES shelves(id) ON DELETE CASCADE,
  name text NOT NULL DEFAULT '',
  customer_id uuid NOT NULL REFERENCES customers(id),
  pallet_number text NOT NULL DEFAULT '',
  notes text NOT NULL DEFAULT '',
  weight double precision NOT NULL DEFAULT 0,
  shelf_spots integer NOT NULL DEFAULT 1 CHECK (shelf_spots >= 1),
  slot_index integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pallets_shelf_idx ON pallets(shelf_id);
CREATE INDEX pallets_customer_idx ON pallets(customer_id);

CREATE TABLE checklists (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  warehouse_id uuid NOT NULL REFERENCES warehouses(id) ON DELETE CASCADE,
  description text NOT NULL DEFAULT '',
  is_active boolean NOT NULL DEFAULT true,
  tasks jsonb NOT NULL DEFAULT '[]'::jsonb,
  filled_out_by text NOT NULL DEFAULT '',
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX checklists_one_active_key ON checklists(warehouse_id) WHERE is_active;
CREATE INDEX checklists_company_idx ON checklists(company_id, created_at);

CREATE TABLE checklist_images (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  checklist_id uuid NOT NULL REFERENCES checklists(id) ON DELETE CASCADE,
  file_name text NOT NULL,
  storage_key text NOT NULL,
  content_type text NOT NULL,
  size_bytes integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX checklist_images_checklist_idx ON checklist_images(checklist_id);
`;
