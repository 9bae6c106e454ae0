import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { fields, warehouses } from './schema/warehouses';
import { customers, orders, vaults } from './schema/vaults';

// Shared by the vault calls and the warehouse answer, which nests every placed vault.

/** A vault with its customer, order, field and warehouse names: what every vault answer shows. */
const vaultColumns = {
  id: vaults.id,
  name: vaults.name,
  type: vaults.type,
  position: vaults.position,
  note: vaults.note,
  fieldId: vaults.fieldId,
  oldFieldId: vaults.oldFieldId,
  customerId: vaults.customerId,
  customerName: customers.name,
  orderId: vaults.orderId,
  orderName: orders.name,
  fieldName: fields.name,
  warehouseId: warehouses.id,
  warehouseName: warehouses.name,
  warehouseSlug: warehouses.slug,
};

export function selectVaultRows(db: Db) {
  return db
    .select(vaultColumns)
    .from(vaults)
    .leftJoin(fields, eq(fields.id, vaults.fieldId))
    .leftJoin(warehouses, eq(warehouses.id, fields.warehouseId))
    .leftJoin(customers, eq(customers.id, vaults.customerId))
    .leftJoin(orders, eq(orders.id, vaults.orderId));
}
