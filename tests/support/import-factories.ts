import { expect } from 'vitest';
import type { ImportJob, ImportOptionsInput, ImportPreview } from '../../src/contracts/imports';
import type { SignedInStaff } from './factories';

/** A CSV text from rows of cells, quoted where needed. */
export function csvText(rows: readonly (readonly (string | number)[])[]): string {
  const cell = (v: string | number) => {
    const text = String(v);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

export function fileForm(data: Buffer | string, fileName = 'vaults.csv'): FormData {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
  return form;
}

/** Uploads a file and answers the raw response (for refusals). */
export function postImportFile(staff: SignedInStaff, data: Buffer | string, fileName?: string) {
  return staff.client.request('POST', '/api/imports', { form: fileForm(data, fileName) });
}

export async function uploadImport(
  staff: SignedInStaff,
  data: Buffer | string,
  fileName?: string,
): Promise<ImportJob> {
  const res = await postImportFile(staff, data, fileName);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as ImportJob;
}

/** The mapping the server suggested, with the options given. */
export function optionsFor(job: ImportJob, extra: Partial<ImportOptionsInput> = {}) {
  return { mapping: job.suggested_mapping, ...extra };
}

export async function previewImport(
  staff: SignedInStaff,
  job: ImportJob,
  extra: Partial<ImportOptionsInput> = {},
): Promise<ImportPreview> {
  const res = await staff.client.post(`/api/imports/${job.id}/preview`, optionsFor(job, extra));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as ImportPreview;
}

/** Polls until the job ends; the job runs in the background of the server. */
export async function waitForImport(
  staff: SignedInStaff,
  id: number,
  timeoutMs = 120_000,
): Promise<ImportJob> {
  const started = Date.now();
  for (;;) {
    const res = await staff.client.get(`/api/imports/${id}`);
    // The embedded engine's one session is the import's during its last transaction (decision
    // 0050): busy means later.
    if (res.status === 503) continue;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const job = res.body as ImportJob;
    if (job.status !== 'running') return job;
    if (Date.now() - started > timeoutMs) throw new Error(`Import ${id} still running`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Uploads, starts with the suggested mapping and waits for the end. */
export async function runImport(
  staff: SignedInStaff,
  data: Buffer | string,
  extra: Partial<ImportOptionsInput> = {},
  fileName?: string,
): Promise<ImportJob> {
  const job = await uploadImport(staff, data, fileName);
  const res = await staff.client.post(`/api/imports/${job.id}/start`, optionsFor(job, extra));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return waitForImport(staff, job.id);
}
