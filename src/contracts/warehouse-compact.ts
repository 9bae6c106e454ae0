import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import type { Field } from './fields';
import { vaultSchema, type Vault } from './vaults';
import { slugParamsSchema, warehouseSchema, type Warehouse } from './warehouses';

/**
 * One warehouse for our own client, about a quarter of the spec's answer (decision 0092):
 * the same keys, except that `fields` is a list of rows and each vault a row of its values,
 * without what its field already says (`field_id`, `field_name`, `warehouse_name`). Parsing
 * the spec's 1.3 MiB answer of a 1,000-field warehouse took the browser about 17 ms before
 * the grid could be drawn. `warehouseFromCompact` gives back the spec's shape exactly, so
 * every screen, cache update and live update works on one shape.
 */
const v = vaultSchema.shape;

/** `[id, name, customer_name, customer_id, order_id, order_name, type, position, note, attachments, old_field_id]` */
const compactVaultSchema = z.tuple([
  v.id,
  v.name,
  v.customer_name,
  v.customer_id,
  v.order_id,
  v.order_name,
  v.type,
  v.position,
  v.note,
  v.attachments,
  v.old_field_id,
]);
type CompactVault = z.infer<typeof compactVaultSchema>;

const f = warehouseSchema.shape.fields.valueType.shape;

/** `[id, name, type, full, vaults]`, the vaults in ascending id order. */
const compactFieldSchema = z.tuple([f.id, f.name, f.type, f.full, z.array(compactVaultSchema)]);
export type CompactField = z.infer<typeof compactFieldSchema>;

const compactWarehouseSchema = warehouseSchema.extend({ fields: z.array(compactFieldSchema) });
export type CompactWarehouse = z.infer<typeof compactWarehouseSchema>;

export const getCompactWarehouseBySlug = defineEndpoint({
  method: 'GET',
  path: '/api/warehouse/by-slug/:slug/compact',
  summary:
    "One warehouse found by its route slug, in the web client's compact form: fields and vaults as rows of values.",
  tag: 'warehouses',
  access: 'session',
  params: slugParamsSchema,
  response: compactWarehouseSchema,
});

/** A field's vault as the spec's answer writes it, keys in the same order. */
function compactVault(vault: Vault): CompactVault {
  return [
    vault.id,
    vault.name,
    vault.customer_name,
    vault.customer_id,
    vault.order_id,
    vault.order_name,
    vault.type,
    vault.position,
    vault.note,
    vault.attachments,
    vault.old_field_id,
  ];
}

/** A field of the spec's answer as its compact row. */
export function compactField(field: Field): CompactField {
  return [
    field.id,
    field.name,
    field.type,
    field.full,
    Object.values(field.vaults).map(compactVault),
  ];
}

/**
 * The spec's answer from the compact one: the same values, keys in the same order as the
 * server writes them (the stage dialog compares vaults by their JSON text).
 */
export function warehouseFromCompact(compact: CompactWarehouse): Warehouse {
  const fields: Record<string, Field> = {};
  for (const [id, name, type, full, rows] of compact.fields) {
    const vaults: Record<string, Vault> = {};
    for (const row of rows) {
      vaults[row[0]] = {
        id: row[0],
        name: row[1],
        customer_name: row[2],
        customer_id: row[3],
        order_id: row[4],
        order_name: row[5],
        type: row[6],
        position: row[7],
        note: row[8],
        attachments: row[9],
        field_id: id,
        old_field_id: row[10],
        field_name: name,
        warehouse_name: compact.name,
      };
    }
    fields[id] = { id, name, warehouse_id: compact.id, type, full, vaults };
  }
  return { ...compact, fields };
}
