import type { Field } from '../../../contracts/fields';
import type { Rack } from '../../../contracts/racks';
import type { Vault } from '../../../contracts/vaults';
import type { Warehouse } from '../../../contracts/warehouses';
import { warehouseCapacity } from '../../../domain/occupancy';
import type * as repo from './warehouses.repository';

type Rows<F extends (...args: never[]) => Promise<unknown[]>> = Awaited<ReturnType<F>>;

export interface WarehouseContents {
  fields: Rows<typeof repo.listFields>;
  vaults: Rows<typeof repo.listPlacedVaults>;
  attachments: Rows<typeof repo.listAttachments>;
  racks: Rows<typeof repo.listRacks>;
  shelves: Rows<typeof repo.listShelves>;
  pallets: Rows<typeof repo.listPallets>;
}

export function attachmentUrl(id: string): string {
  return `/api/vaults/attachments/${id}`;
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

/** Turns the rows of several warehouses into the API's nested shape, in one pass per table. */
export function presentWarehouses(rows: readonly repo.WarehouseRow[], contents: WarehouseContents): Warehouse[] {
  const attachmentsByVault = groupBy(contents.attachments, (a) => a.vaultId);
  const vaultsByField = groupBy(contents.vaults, (v) => v.fieldId);
  const fieldsByWarehouse = groupBy(contents.fields, (f) => f.warehouseId);
  const palletsByShelf = groupBy(contents.pallets, (p) => p.shelfId);
  const shelvesByRack = groupBy(contents.shelves, (s) => s.rackId);
  const racksByWarehouse = groupBy(contents.racks, (r) => r.warehouseId);

  return rows.map((w) => {
    const customers = new Set<string>();
    const orders = new Set<string>();
    const fields: Record<string, Field> = {};
    for (const f of fieldsByWarehouse.get(w.id) ?? []) {
      const vaults: Record<string, Vault> = {};
      for (const v of vaultsByField.get(f.id) ?? []) {
        if (v.customerName) customers.add(v.customerName);
        if (v.orderName) orders.add(v.orderName);
        vaults[v.id] = {
          id: v.id,
          name: v.name,
          customer_name: v.customerName ?? '',
          customer_id: v.customerId,
          order_id: v.orderId,
          order_name: v.orderName,
          type: v.type,
          position: v.position,
          note: v.note,
          attachments: (attachmentsByVault.get(v.id) ?? []).map((a) => ({
            id: a.id,
            vault_id: a.vaultId,
            file_name: a.fileName,
            file_url: attachmentUrl(a.id),
            size_bytes: a.sizeBytes,
            content_type: a.contentType,
          })),
          field_id: v.fieldId,
          old_field_id: v.oldFieldId,
          field_name: v.fieldName,
          warehouse_name: v.warehouseName,
        };
      }
      fields[f.id] = { id: f.id, name: f.name, warehouse_id: f.warehouseId, type: f.type, full: f.full, vaults };
    }
    const racks: Rack[] = (racksByWarehouse.get(w.id) ?? []).map((r) => ({
      id: r.id,
      name: r.name,
      orientation: r.orientation,
      width: r.width,
      length: r.length,
      position: { x: r.x, y: r.y },
      capacity: r.capacity,
      num_shelves: r.numShelves,
      shelves: (shelvesByRack.get(r.id) ?? []).map((s) => ({
        id: s.id,
        index: s.shelfIndex,
        capacity: s.capacity,
        pallets: (palletsByShelf.get(s.id) ?? []).map((p) => {
          customers.add(p.customerName);
          return {
            id: p.id,
            name: p.name,
            customerName: p.customerName,
            customerId: p.customerId,
            pallet_number: p.palletNumber,
            notes: p.notes,
            weight: p.weight,
            shelf_spots: p.shelfSpots,
            pallet_spaces: p.shelfSpots,
            shelf_id: p.shelfId,
            slot_index: p.slotIndex,
          };
        }),
      })),
    }));
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
      warehouseCapacity: warehouseCapacity(w.rows, w.cols, w.fieldCapacity),
      fields,
      racks,
      fieldgridLocation: { x: w.fieldgridX, y: w.fieldgridY },
      customers: [...customers].sort(),
      orders: [...orders].sort(),
    };
  });
}
