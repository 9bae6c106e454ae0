import type { Rack } from '../../../contracts/racks';
import type { Warehouse } from '../../../contracts/warehouses';
import { warehouseCapacity } from '../../../domain/slots';
import { groupBy } from '../../lib/group-by';
import type { FieldRow } from '../fields/fields.repository';
import { presentField, type AttachmentFields } from '../vaults/vaults.presenter';
import type { TagRow } from '../../db/vault-rows';
import type { VaultRow } from '../vaults/vaults.repository';
import type { WarehouseRow } from './warehouses.repository';

/** Distinct non-empty names, sorted: the warehouse's customer and order pickers. */
function namesOf(names: Iterable<string | null>): string[] {
  const set = new Set<string>();
  for (const name of names) if (name) set.add(name);
  return [...set].sort();
}

/**
 * One warehouse in full from its rows: the fields with their vaults (by the field presenter,
 * so a vault reads the same in every answer), its racks, and the names its pickers offer.
 */
export function presentWarehouse(
  w: WarehouseRow,
  fields: readonly FieldRow[],
  vaults: readonly VaultRow[],
  attachments: readonly AttachmentFields[],
  tags: readonly TagRow[],
  racks: readonly Rack[],
): Warehouse {
  const vaultsByField = groupBy<VaultRow, number | null>(vaults, (v) => v.fieldId);
  const attachmentsByVault = groupBy(attachments, (a) => a.vaultId);
  const tagsByVault = groupBy(tags, (t) => t.vaultId);
  const presented: Warehouse['fields'] = {};
  let couchboxTops = 0;
  let couchboxBottoms = 0;
  for (const f of fields) {
    if (f.type === 'couchbox-T') couchboxTops++;
    else if (f.type === 'couchbox-B') couchboxBottoms++;
    const own = vaultsByField.get(f.id) ?? [];
    presented[f.id] = presentField(f, own, {
      attachments: own.flatMap((v) => attachmentsByVault.get(v.id) ?? []),
      tags: own.flatMap((v) => tagsByVault.get(v.id) ?? []),
    });
  }
  const palletCustomers = racks.flatMap((r) =>
    r.shelves.flatMap((s) => s.pallets.map((p) => p.customerName)),
  );
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
    warehouseCapacity: warehouseCapacity(w, { couchboxTops, couchboxBottoms }),
    fields: presented,
    racks: [...racks],
    fieldgridLocation: { x: w.fieldgridX, y: w.fieldgridY },
    customers: namesOf([...vaults.map((v) => v.customerName), ...palletCustomers]),
    orders: namesOf(vaults.map((v) => v.orderName)),
  };
}
