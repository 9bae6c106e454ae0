import type { Field } from '../../../contracts/fields';
import type { Vault } from '../../../contracts/vaults';
import type { Warehouse } from '../../../contracts/warehouses';
import { countCouchboxFields, warehouseCapacity } from '../../../domain/slots';
import { groupBy } from '../../lib/group-by';
import { rackPresenter } from '../racks/racks.presenter';
import type { PalletRow, RackRow, ShelfRow } from '../racks/racks.repository';
import { presentVault } from '../vaults/vaults.presenter';
import type * as repo from './warehouses.repository';

type Rows<F extends (...args: never[]) => Promise<unknown[]>> = Awaited<ReturnType<F>>;

export interface WarehouseContents {
  fields: Rows<typeof repo.listFields>;
  vaults: Rows<typeof repo.listPlacedVaults>;
  attachments: Rows<typeof repo.listAttachments>;
  racks: RackRow[];
  shelves: ShelfRow[];
  pallets: PalletRow[];
}

/** Turns the rows of several warehouses into the API's nested shape, in one pass per table. */
export function presentWarehouses(
  rows: readonly repo.WarehouseRow[],
  contents: WarehouseContents,
): Warehouse[] {
  const attachmentsByVault = groupBy(contents.attachments, (a) => a.vaultId);
  const vaultsByField = groupBy(contents.vaults, (v) => v.fieldId);
  const fieldsByWarehouse = groupBy(contents.fields, (f) => f.warehouseId);
  const racksByWarehouse = groupBy(contents.racks, (r) => r.warehouseId);
  const presentRack = rackPresenter(contents.shelves, contents.pallets);

  return rows.map((w) => {
    const customers = new Set<string>();
    const orders = new Set<string>();
    const fields: Record<string, Field> = {};
    const warehouseFields = fieldsByWarehouse.get(w.id) ?? [];
    for (const f of warehouseFields) {
      const vaults: Record<string, Vault> = {};
      for (const v of vaultsByField.get(f.id) ?? []) {
        if (v.customerName) customers.add(v.customerName);
        if (v.orderName) orders.add(v.orderName);
        vaults[v.id] = presentVault(v, attachmentsByVault.get(v.id) ?? []);
      }
      fields[f.id] = {
        id: f.id,
        name: f.name,
        warehouse_id: f.warehouseId,
        type: f.type,
        full: f.full,
        vaults,
      };
    }
    const racks = (racksByWarehouse.get(w.id) ?? []).map(presentRack);
    for (const rack of racks)
      for (const shelf of rack.shelves)
        for (const p of shelf.pallets) customers.add(p.customerName);
    return {
      id: w.id,
      name: w.name,
      slug: w.slug,
      width: w.width,
      length: w.length,
      rows: w.rows,
      cols: w.cols,
      fieldCapacity: w.fieldCapacity,
      field_capacity: w.fieldCapacity,
      warehouseCapacity: warehouseCapacity(
        w,
        countCouchboxFields(warehouseFields.map((f) => f.type)),
      ),
      fields,
      racks,
      fieldgridLocation: { x: w.fieldgridX, y: w.fieldgridY },
      customers: [...customers].sort(),
      orders: [...orders].sort(),
    };
  });
}
