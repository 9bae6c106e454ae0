import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { insertWarehouseWithFields } from '../db/warehouse-rows';
import { emptyCustomerName, isEmptyVaultCustomer } from '../../domain/empty-vault';
import { slugify } from '../../domain/slug';
import { vaultTypes } from '../../contracts/vaults';

const SURNAMES = [
  'JOHNSON',
  'SMITH',
  'GARCIA',
  'NGUYEN',
  'PATEL',
  'MILLER',
  'DAVIS',
  'RODRIGUEZ',
  'MARTINEZ',
  'HERNANDEZ',
  'LOPEZ',
  'GONZALEZ',
  'WILSON',
  'ANDERSON',
  'THOMAS',
  'TAYLOR',
  'MOORE',
  'JACKSON',
  'MARTIN',
  'LEE',
  'PEREZ',
  'THOMPSON',
  'WHITE',
  'HARRIS',
  'SANCHEZ',
  'CLARK',
  'RAMIREZ',
  'LEWIS',
  'ROBINSON',
  'WALKER',
  'YOUNG',
  'ALLEN',
  'KING',
  'WRIGHT',
  'SCOTT',
  'TORRES',
  'HILL',
  'FLORES',
  'GREEN',
  'ADAMS',
  'NELSON',
  'BAKER',
  'HALL',
  'RIVERA',
  'CAMPBELL',
  'MITCHELL',
  'CARTER',
  'ROBERTS',
  'CHEN',
  'OKAFOR',
];

/** A small deterministic generator, so the demo and the bench build the same data every time. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

interface WarehousePlan {
  name: string;
  rows: number;
  cols: number;
  fieldCapacity: number;
  length: number;
  width: number;
  /** Chance that each next slot of a field is taken, 0..1; fields fill from position 1 up. */
  fill: number;
}

export interface GenerateOptions {
  companyId: number;
  warehouses: WarehousePlan[];
  stagedVaults: number;
  /** Share of placed vaults that are EMPTY units. */
  emptyShare: number;
  seed?: number;
  /** First vault number; numbers are unique per company. */
  firstVaultNumber?: number;
}

const CHUNK = 2000;

/**
 * Fills a company with warehouses, customers, orders and vaults in bulk SQL. Used by the
 * demo and the bench; vaults stack from position 1 without gaps, as the rules require.
 */
export async function generateCompanyData(db: Db, options: GenerateOptions) {
  const rnd = random(options.seed ?? 42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const companyId = options.companyId;

  const customerNames = new Set<string>();
  for (const surname of SURNAMES) {
    for (const initial of ['A', 'B', 'C', 'D', 'E', 'J', 'M', 'R', 'S', 'T'])
      customerNames.add(`${surname}, ${initial}`);
  }
  for (const type of vaultTypes) customerNames.add(emptyCustomerName(type));
  const customerRows = await queryRows<{ id: number; name: string }>(
    db,
    sql`INSERT INTO customers (company_id, name)
        SELECT ${companyId}, n FROM unnest(${sql.param([...customerNames])}::text[]) AS n
        ON CONFLICT (company_id, name) DO UPDATE SET name = EXCLUDED.name
        RETURNING id, name`,
  );
  const regularCustomers = customerRows.filter((c) => !isEmptyVaultCustomer(c.name));
  const emptyCustomer = new Map(
    customerRows.filter((c) => isEmptyVaultCustomer(c.name)).map((c) => [c.name, c.id]),
  );

  const orderNames = Array.from({ length: 400 }, (_, i) => `SO-${String(24000 + i)}`);
  const orderRows = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO orders (company_id, name)
        SELECT ${companyId}, n FROM unnest(${sql.param(orderNames)}::text[]) AS n
        ON CONFLICT (company_id, name) DO UPDATE SET name = EXCLUDED.name
        RETURNING id`,
  );

  let vaultNumber = options.firstVaultNumber ?? 10001;
  const vaultRows: {
    name: string | null;
    customerId: number | null;
    orderId: number | null;
    type: string;
    fieldId: number | null;
    position: number | null;
    note: string;
  }[] = [];
  const makeVault = (fieldId: number | null, position: number | null) => {
    const isEmpty = rnd() < options.emptyShare;
    if (isEmpty) {
      const type = pick(['vault', 'vault', 'liftvan', 't2'] as const);
      const numbered = type === 'vault' || type === 't2';
      vaultRows.push({
        name: numbered ? String(vaultNumber++) : null,
        customerId: emptyCustomer.get(emptyCustomerName(type)) ?? null,
        orderId: null,
        type,
        fieldId,
        position,
        note: '',
      });
      return;
    }
    const customer = pick(regularCustomers);
    vaultRows.push({
      name: String(vaultNumber++),
      customerId: customer.id,
      orderId: pick(orderRows).id,
      type: rnd() < 0.1 ? 'liftvan' : 'vault',
      fieldId,
      position,
      note:
        rnd() < 0.15
          ? pick([
              'Fragile: piano inside',
              'Customer pickup scheduled',
              'Needs re-wrap',
              'Damaged corner, noted on intake',
            ])
          : '',
    });
  };

  const warehouseIds: number[] = [];
  for (const plan of options.warehouses) {
    const w = await insertWarehouseWithFields(db, {
      companyId,
      name: plan.name,
      slug: slugify(plan.name) || 'warehouse',
      rows: plan.rows,
      cols: plan.cols,
      fieldCapacity: plan.fieldCapacity,
      length: plan.length,
      width: plan.width,
    });
    warehouseIds.push(w.id);
    const fieldRows = await queryRows<{ id: number }>(
      db,
      sql`SELECT id FROM fields WHERE warehouse_id = ${w.id} ORDER BY col_index, row_index`,
    );
    for (const field of fieldRows) {
      for (let p = 1; p <= plan.fieldCapacity && rnd() < plan.fill; p++) makeVault(field.id, p);
    }
  }
  for (let i = 0; i < options.stagedVaults; i++) makeVault(null, null);

  for (let i = 0; i < vaultRows.length; i += CHUNK) {
    const chunk = vaultRows.slice(i, i + CHUNK);
    await db.execute(sql`
      INSERT INTO vaults (company_id, name, customer_id, order_id, type, field_id, position, note)
      SELECT ${companyId}, v.name, v.customer_id, v.order_id, v.type, v.field_id, v.position, v.note
      FROM unnest(
        ${sql.param(chunk.map((v) => v.name))}::text[],
        ${sql.param(chunk.map((v) => v.customerId))}::bigint[],
        ${sql.param(chunk.map((v) => v.orderId))}::bigint[],
        ${sql.param(chunk.map((v) => v.type))}::text[],
        ${sql.param(chunk.map((v) => v.fieldId))}::bigint[],
        ${sql.param(chunk.map((v) => v.position))}::int[],
        ${sql.param(chunk.map((v) => v.note))}::text[]
      ) AS v(name, customer_id, order_id, type, field_id, position, note)`);
  }
  // Fresh planner statistics after a bulk load (PGlite has no autovacuum to do it).
  await db.execute(sql`ANALYZE`);
  return { warehouseIds, vaultCount: vaultRows.length };
}
