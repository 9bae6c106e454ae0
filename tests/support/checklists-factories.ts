import { expect } from 'vitest';
import type { Checklist } from '../../src/contracts/checklists';
import type { Warehouse } from '../../src/contracts/warehouses';
import type { SignedInStaff } from './factories';
import { HttpClient } from './http-client';
import type { TestApp } from './test-app';

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
