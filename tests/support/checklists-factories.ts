import crypto from 'node:crypto';
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Checklist } from '../../src/contracts/checklists';
import type { Field } from '../../src/contracts/fields';
import type { Warehouse } from '../../src/contracts/warehouses';
import type { SignedInStaff } from './factories';
import { HttpClient } from './http-client';
import type { TestApp } from './test-app';

/** The field of a warehouse by its name (A1, B3 ...). */
export function fieldId(warehouse: Warehouse, name: string): Field['id'] {
  const field = Object.values(warehouse.fields).find((f) => f.name === name);
  if (!field) throw new Error(`No field ${name} in ${warehouse.name}`);
  return field.id;
}

/** A vault written straight to the database: print lists and statistics only read vaults. */
export async function insertVault(
  app: TestApp,
  staff: SignedInStaff,
  vault: {
    name?: string | null;
    customer?: string | null;
    type?: 'vault' | 'liftvan' | 't2' | 'couchbox';
    fieldId?: number | null;
    position?: number | null;
    oldFieldId?: number | null;
    note?: string;
  },
): Promise<void> {
  const companyId = staff.user.companyId;
  let customerId: number | null = null;
  if (vault.customer) {
    await app.deps.db.execute(
      sql`INSERT INTO customers (company_id, name) VALUES (${companyId}, ${vault.customer}) ON CONFLICT DO NOTHING`,
    );
    const result = (await app.deps.db.execute(
      sql`SELECT id FROM customers WHERE company_id = ${companyId} AND name = ${vault.customer}`,
    )) as unknown as { rows: { id: number }[] };
    customerId = result.rows[0]?.id ?? null;
  }
  await app.deps.db.execute(sql`
    INSERT INTO vaults (company_id, name, customer_id, type, field_id, position, old_field_id, note)
    VALUES (${companyId}, ${vault.name === undefined ? crypto.randomBytes(3).toString('hex') : vault.name},
            ${customerId}, ${vault.type ?? 'vault'}, ${vault.fieldId ?? null}, ${vault.position ?? null},
            ${vault.oldFieldId ?? null}, ${vault.note ?? ''})`);
}

export async function makeChecklist(
  staff: SignedInStaff,
  body: {
    warehouse_id: Warehouse['id'];
    tasks?: unknown[];
    description?: string;
    is_active?: boolean;
  },
): Promise<Checklist> {
  const res = await staff.client.post('/api/checklists/', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Checklist;
}

/** A 1x1 PNG: real image bytes, so the content check accepts it. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export function imageForm(
  data: Buffer,
  fileName = 'photo.png',
  type = 'image/png',
  field = 'image',
): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(data)], { type }), fileName);
  return form;
}

/**
 * A phone that opened a checklist's name page (`/<slug>-checklist`) signed out: it now holds
 * the fill grant that the spec's by-id calls ask of strangers.
 */
export async function openFillPage(app: TestApp, warehouseSlug: string): Promise<HttpClient> {
  const phone = new HttpClient(app.baseUrl);
  const res = await phone.get(`/api/checklists/warehouse/${warehouseSlug}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return phone;
}
