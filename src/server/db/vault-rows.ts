import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, WithSubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { WithSubquery } from 'drizzle-orm';
import type { Db } from './client';
import { jsonColumns, jsonRows, parseJsonColumns } from './json-rows';
import { fields, warehouses } from './schema/warehouses';
import { customers, orders, vaults, vaultTags } from './schema/vaults';

// Shared by the vault calls and the warehouse answer, which nests every placed vault.

/**
 * The columns of the vault row itself that an answer shows: all but the tenant and the row's
 * own timestamps, so a column added to the table is read, written back and answered here
 * without being listed again. The rest comes from joins.
 */
const NOT_ANSWERED = ['companyId', 'createdAt', 'updatedAt'] as const;
type VaultColumns = ReturnType<typeof getTableColumns<typeof vaults>>;
type OwnKey = Exclude<keyof VaultColumns, (typeof NOT_ANSWERED)[number]>;
const OWN_KEYS = Object.keys(getTableColumns(vaults)).filter(
  (key): key is OwnKey => !(NOT_ANSWERED as readonly string[]).includes(key),
);
export const vaultOwnColumns = Object.fromEntries(
  OWN_KEYS.map((key) => [key, vaults[key]]),
) as Pick<VaultColumns, OwnKey>;

type OwnAnswer<R extends Record<OwnKey, unknown>> = {
  [K in OwnKey as VaultColumns[K]['_']['name']]: R[K];
};
const ANSWER_NAMES = OWN_KEYS.map((key) => [key, vaults[key].name] as const);

/**
 * A vault answer: the row's own columns by the table's (snake_case) names, so a column added
 * to the table reaches every vault answer without a line of its own, and beside them the keys
 * `restKeys` names, which the caller gives. Each answer is a copy of one object that already
 * has every key: an answer grown key by key, or spread into a larger one, is an object V8
 * writes out as JSON several times slower, and the company call writes every vault it has.
 */
export function vaultAnswerOf<const RestKey extends string>(restKeys: readonly RestKey[]) {
  const names = [...ANSWER_NAMES.map(([, name]) => name), ...restKeys];
  const template = Object.fromEntries(names.map((name) => [name, null]));
  // A key of `rest` that `restKeys` lacks would be dropped from the answer: the type refuses it.
  type Rest<E> = Record<RestKey, unknown> & Record<Exclude<keyof E, RestKey>, never>;
  return <R extends Record<OwnKey, unknown>, E extends Rest<E>>(
    row: R,
    rest: E,
  ): OwnAnswer<R> & E => {
    const answer: Record<string, unknown> = { ...template };
    for (const [key, name] of ANSWER_NAMES) answer[name] = row[key];
    for (const key of restKeys) answer[key] = rest[key];
    return answer as OwnAnswer<R> & E;
  };
}

/** What an answer shows of one inventory tag range of a vault. */
export const TAG_COLUMNS = {
  vaultId: vaultTags.vaultId,
  lot: vaultTags.lot,
  firstTag: vaultTags.firstTag,
  lastTag: vaultTags.lastTag,
};
export type TagRow = { vaultId: number; lot: string; firstTag: number; lastTag: number };

/** A vault with its customer, order, field and warehouse names: what every vault answer shows. */
function vaultColumns<B extends Record<OwnKey, AnyPgColumn>>(v: B) {
  const own = Object.fromEntries(OWN_KEYS.map((key) => [key, v[key]])) as Pick<B, OwnKey>;
  return {
    ...own,
    customerName: customers.name,
    orderName: orders.name,
    fieldName: fields.name,
    warehouseId: warehouses.id,
    warehouseName: warehouses.name,
    warehouseSlug: warehouses.slug,
  };
}

/** A statement's CTE named `written` that answers a vault row it wrote (see below). */
export type WrittenVault = WithSubqueryWithSelection<typeof vaultOwnColumns, 'written'>;

/**
 * The same rows read from `base`, a statement's own CTE over the vault row it wrote (its
 * `RETURNING vaultOwnColumns`), so the write and the answer's read are one statement.
 */
export function selectVaultRowsFrom(db: Db, base: WrittenVault, ...ctes: WithSubquery[]) {
  return db
    .with(base, ...ctes)
    .select(vaultColumns(base))
    .from(base)
    .leftJoin(fields, eq(fields.id, base.fieldId))
    .leftJoin(warehouses, eq(warehouses.id, fields.warehouseId))
    .leftJoin(customers, eq(customers.id, base.customerId))
    .leftJoin(orders, eq(orders.id, base.orderId));
}

/** The columns of every vault read from the table itself, built once. */
const vaultRowColumns = vaultColumns(vaultOwnColumns);

export function selectVaultRows(db: Db) {
  return db
    .select(vaultRowColumns)
    .from(vaults)
    .leftJoin(fields, eq(fields.id, vaults.fieldId))
    .leftJoin(warehouses, eq(warehouses.id, fields.warehouseId))
    .leftJoin(customers, eq(customers.id, vaults.customerId))
    .leftJoin(orders, eq(orders.id, vaults.orderId));
}

/** The rows of `selectVaultRows` as one JSON text of columns (`jsonColumns`), in no order. */
export function selectVaultRowColumns(db: Db) {
  return db
    .select({ rows: jsonColumns(vaultRowColumns) })
    .from(vaults)
    .leftJoin(fields, eq(fields.id, vaults.fieldId))
    .leftJoin(warehouses, eq(warehouses.id, fields.warehouseId))
    .leftJoin(customers, eq(customers.id, vaults.customerId))
    .leftJoin(orders, eq(orders.id, vaults.orderId));
}

/** The rows of a `selectVaultRowColumns` answer. */
export function parseVaultRowColumns<T>(result: readonly { rows: string }[]): T[] {
  return parseJsonColumns(result, vaultRowColumns) as T[];
}

/**
 * The rows of `selectVaultRows` as one JSON text (`jsonRows`), for staged vaults only: they
 * stand in no field, so their field and warehouse are null without a join, which the planner
 * would answer by reading every field.
 */
export function selectStagedVaultRowsJson(db: Db, orderBy: SQL) {
  const none = sql`NULL`;
  const columns = {
    ...vaultRowColumns,
    fieldName: none,
    warehouseId: none,
    warehouseName: none,
    warehouseSlug: none,
  };
  return db
    .select({ rows: jsonRows(columns, orderBy) })
    .from(vaults)
    .leftJoin(customers, eq(customers.id, vaults.customerId))
    .leftJoin(orders, eq(orders.id, vaults.orderId));
}
