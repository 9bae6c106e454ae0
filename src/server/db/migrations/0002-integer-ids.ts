// Every entity id turns from a uuid into a bigint identity (decision 0009). Each row gets
// its number from a mapping table, every reference is rewritten through that mapping, the
// uuid columns go, and every key, index and constraint of 0001 comes back under its name.
// No row and no file is lost: storage keys are random and never held an entity id.
export const name = '0002-integer-ids';

interface Reference {
  table: string;
  column: string;
  parent: string;
  notNull: boolean;
  /** The foreign key's ON DELETE action; null for columns that carry no foreign key. */
  onDelete: 'CASCADE' | 'RESTRICT' | 'NO ACTION' | null;
}

// Numbered in the order rows were made, so the oldest warehouse is 1; ties by the old id.
const tables: readonly { table: string; order: string }[] = [
  { table: 'companies', order: 'created_at, id' },
  { table: 'users', order: 'created_at, id' },
  { table: 'warehouses', order: 'created_at, id' },
  { table: 'fields', order: 'warehouse_id, col_index, row_index, id' },
  { table: 'customers', order: 'company_id, name, id' },
  { table: 'orders', order: 'company_id, name, id' },
  { table: 'vaults', order: 'created_at, id' },
  { table: 'vault_attachments', order: 'created_at, id' },
  { table: 'racks', order: 'created_at, id' },
  { table: 'shelves', order: 'rack_id, shelf_index, id' },
  { table: 'pallets', order: 'created_at, id' },
  { table: 'checklists', order: 'created_at, id' },
  { table: 'checklist_images', order: 'created_at, id' },
];

const company = (table: string): Reference => ({
  table,
  column: 'company_id',
  parent: 'companies',
  notNull: true,
  onDelete: 'CASCADE',
});

const references: readonly Reference[] = [
  company('users'),
  { table: 'sessions', column: 'user_id', parent: 'users', notNull: true, onDelete: 'CASCADE' },
  company('warehouses'),
  company('fields'),
  {
    table: 'fields',
    column: 'warehouse_id',
    parent: 'warehouses',
    notNull: true,
    onDelete: 'CASCADE',
  },
  company('customers'),
  company('orders'),
  company('vaults'),
  {
    table: 'vaults',
    column: 'customer_id',
    parent: 'customers',
    notNull: false,
    onDelete: 'NO ACTION',
  },
  { table: 'vaults', column: 'order_id', parent: 'orders', notNull: false, onDelete: 'NO ACTION' },
  // RESTRICT, no longer CASCADE: a field that holds vaults can never be deleted by accident.
  { table: 'vaults', column: 'field_id', parent: 'fields', notNull: false, onDelete: 'RESTRICT' },
  // A hint of where a staged vault came from; a field deleted since maps to null.
  { table: 'vaults', column: 'old_field_id', parent: 'fields', notNull: false, onDelete: null },
  company('vault_attachments'),
  {
    table: 'vault_attachments',
    column: 'vault_id',
    parent: 'vaults',
    notNull: true,
    onDelete: 'CASCADE',
  },
  company('vault_events'),
  // No foreign key: history outlives the vault. Deleted vaults have numbers in the map too.
  { table: 'vault_events', column: 'vault_id', parent: 'vaults', notNull: true, onDelete: null },
  // A deleted user maps to null; actor_email still says who it was.
  {
    table: 'vault_events',
    column: 'actor_user_id',
    parent: 'users',
    notNull: false,
    onDelete: null,
  },
  company('racks'),
  {
    table: 'racks',
    column: 'warehouse_id',
    parent: 'warehouses',
    notNull: true,
    onDelete: 'CASCADE',
  },
  company('shelves'),
  { table: 'shelves', column: 'rack_id', parent: 'racks', notNull: true, onDelete: 'CASCADE' },
  company('pallets'),
  { table: 'pallets', column: 'shelf_id', parent: 'shelves', notNull: true, onDelete: 'CASCADE' },
  {
    table: 'pallets',
    column: 'customer_id',
    parent: 'customers',
    notNull: true,
    onDelete: 'NO ACTION',
  },
  company('checklists'),
  {
    table: 'checklists',
    column: 'warehouse_id',
    parent: 'warehouses',
    notNull: true,
    onDelete: 'CASCADE',
  },
  company('checklist_images'),
  {
    table: 'checklist_images',
    column: 'checklist_id',
    parent: 'checklists',
    notNull: true,
    onDelete: 'CASCADE',
  },
];

// 0001's indexes and constraints on id columns, by their names; dropping a column drops them.
const indexes = /* sql */ `
CREATE INDEX users_company_idx ON users(company_id);
CREATE INDEX sessions_user_idx ON sessions(user_id);
CREATE UNIQUE INDEX warehouses_company_name_key ON warehouses(company_id, lower(name));
CREATE UNIQUE INDEX warehouses_company_slug_key ON warehouses(company_id, slug);
CREATE UNIQUE INDEX fields_warehouse_name_key ON fields(warehouse_id, name);
CREATE INDEX fields_company_idx ON fields(company_id);
CREATE UNIQUE INDEX customers_company_name_key ON customers(company_id, name);
CREATE UNIQUE INDEX orders_company_name_key ON orders(company_id, name);
ALTER TABLE vaults ADD CONSTRAINT vaults_check CHECK ((field_id IS NULL) = (position IS NULL));
CREATE UNIQUE INDEX vaults_field_position_key ON vaults(field_id, position) WHERE field_id IS NOT NULL;
CREATE UNIQUE INDEX vaults_company_name_key ON vaults(company_id, name) WHERE name IS NOT NULL;
CREATE INDEX vaults_company_field_idx ON vaults(company_id, field_id);
CREATE INDEX vaults_customer_idx ON vaults(customer_id);
CREATE INDEX vaults_order_idx ON vaults(order_id);
CREATE INDEX vault_attachments_vault_idx ON vault_attachments(vault_id);
CREATE INDEX vault_events_vault_idx ON vault_events(company_id, vault_id, at);
CREATE INDEX racks_warehouse_idx ON racks(company_id, warehouse_id);
CREATE UNIQUE INDEX shelves_rack_index_key ON shelves(rack_id, shelf_index);
CREATE INDEX pallets_shelf_idx ON pallets(shelf_id);
CREATE INDEX pallets_customer_idx ON pallets(customer_id);
CREATE UNIQUE INDEX checklists_one_active_key ON checklists(warehouse_id) WHERE is_active;
CREATE INDEX checklists_company_idx ON checklists(company_id, created_at);
CREATE INDEX checklist_images_checklist_idx ON checklist_images(checklist_id);
`;

const statements: string[] = [];
const add = (...lines: string[]) => statements.push(...lines);

// 1. One map per table: old uuid -> new number.
for (const { table, order } of tables) {
  add(`CREATE TEMP TABLE map_${table} ON COMMIT DROP AS
  SELECT id AS old_id, row_number() OVER (ORDER BY ${order}) AS new_id FROM ${table};`);
  add(`CREATE UNIQUE INDEX ON map_${table}(old_id);`);
}
// Events of vaults deleted before this migration: each such vault gets a number after every
// live vault, from the same sequence, so it can never be mistaken for a live vault's history.
add(`INSERT INTO map_vaults (old_id, new_id)
  SELECT e.vault_id, (SELECT count(*) FROM map_vaults) + row_number() OVER (ORDER BY min(e.at), e.vault_id)
  FROM vault_events e WHERE NOT EXISTS (SELECT 1 FROM map_vaults m WHERE m.old_id = e.vault_id)
  GROUP BY e.vault_id;`);

// 2. New columns, filled through the maps.
for (const { table } of tables) {
  add(`ALTER TABLE ${table} ADD COLUMN new_id bigint;`);
  add(`UPDATE ${table} t SET new_id = m.new_id FROM map_${table} m WHERE m.old_id = t.id;`);
}
for (const r of references) {
  add(`ALTER TABLE ${r.table} ADD COLUMN new_${r.column} bigint;`);
  add(`UPDATE ${r.table} t SET new_${r.column} = m.new_id FROM map_${r.parent} m
  WHERE m.old_id = t.${r.column};`);
}

// 3. The uuid columns go (their keys, indexes and checks with them), children first.
for (const r of references) add(`ALTER TABLE ${r.table} DROP COLUMN ${r.column};`);
for (const { table } of tables) add(`ALTER TABLE ${table} DROP COLUMN id;`);

// 4. Renamed into place; primary keys as identities that continue after the highest number.
for (const { table } of tables) {
  add(`ALTER TABLE ${table} RENAME COLUMN new_id TO id;`);
  add(`ALTER TABLE ${table} ALTER COLUMN id SET NOT NULL;`);
  add(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_pkey PRIMARY KEY (id);`);
  add(`ALTER TABLE ${table} ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY;`);
  add(`SELECT setval(pg_get_serial_sequence('${table}', 'id'),
  (SELECT coalesce(max(new_id), 0) + 1 FROM map_${table}), false);`);
}
for (const r of references) {
  add(`ALTER TABLE ${r.table} RENAME COLUMN new_${r.column} TO ${r.column};`);
  if (r.notNull) add(`ALTER TABLE ${r.table} ALTER COLUMN ${r.column} SET NOT NULL;`);
  if (r.onDelete) {
    add(`ALTER TABLE ${r.table} ADD CONSTRAINT ${r.table}_${r.column}_fkey FOREIGN KEY (${r.column})
  REFERENCES ${r.parent}(id) ON DELETE ${r.onDelete};`);
  }
}

export const sql = [...statements, indexes].join('\n');
