import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { CustomerDetail, CustomerSummary } from '../../src/contracts/customers';
import type { PrintVault } from '../../src/contracts/print';
import { makeCompanyWithUser, makeWarehouse, type SignedInStaff } from '../support/factories';
import {
  csvText,
  optionsFor,
  previewImport,
  runImport,
  uploadImport,
  waitForImport,
} from '../support/import-factories';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

const HEADER = [
  'Vault',
  'Customer',
  'Warehouse',
  'Field',
  'Position',
  'Weight',
  'Date In',
  'Seal',
  'Tags',
  'Phone',
  'Email',
  'Address',
];

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await app.deps.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Weight as the print list answers it, by vault number. */
async function weights(staff: SignedInStaff) {
  const res = await staff.client.get('/api/vaults/all');
  expect(res.status).toBe(200);
  return Object.fromEntries((res.body as PrintVault[]).map((v) => [v.name, v.weight]));
}

/** The customer's record and the date in of each of its vaults, as the customer screen reads them. */
async function customer(staff: SignedInStaff, name: string) {
  const list = (await staff.client.get('/api/customers')).body as CustomerSummary[];
  const id = list.find((c) => c.name === name)?.id;
  const res = await staff.client.get(`/api/customers/${id}`);
  expect(res.status).toBe(200);
  const detail = res.body as CustomerDetail;
  return {
    record: detail.customer,
    dateIn: Object.fromEntries(detail.vaults.map((v) => [v.name, v.dateIn])),
  };
}

/** Seal and tags straight from the database: the vault answer gains them in another change. */
async function contents(staff: SignedInStaff, name: string) {
  const [vault] = await rows<{ id: number; seal: string }>(
    sql`SELECT id, seal FROM vaults WHERE company_id = ${staff.user.companyId} AND name = ${name}`,
  );
  const tags = await rows<{ lot: string; first_tag: number; last_tag: number }>(
    sql`SELECT lot, first_tag, last_tag FROM vault_tags
        WHERE company_id = ${staff.user.companyId} AND vault_id = ${vault?.id}
        ORDER BY lot, first_tag`,
  );
  return { seal: vault?.seal, tags: tags.map((t) => `${t.lot}:${t.first_tag}-${t.last_tag}`) };
}

describe('importing what is in a vault', () => {
  it('maps weight, date in, seal, tags and contact; the preview shows what Start writes', async () => {
    const staff = await makeCompanyWithUser(app);
    await makeWarehouse(staff, { name: 'Main', rows: 2, cols: 2, field_capacity: 3 });
    // A customer the office already keeps a phone for: the record's own phone wins.
    await app.deps.db.execute(
      sql`INSERT INTO customers (company_id, name, phone) VALUES (${staff.user.companyId}, 'JONES', '555-0300')`,
    );
    const file = csvText([
      HEADER,
      [
        '501',
        'Smith',
        'Main',
        'A1',
        1,
        '1,250',
        '2026-03-04',
        'S-1',
        'LOT 4471, tags 1-120, 130',
        '555-0100',
        'smith@example.com',
        '1 Main St',
      ],
      [
        '502',
        'Smith',
        'Main',
        'A1',
        2,
        '800 lb',
        '11/3/2025',
        '',
        'LOT 4472, tags 5-9',
        '555-0200',
        '',
        '',
      ],
      ['503', 'Jones', '', '', '', '', '', '', '', '555-0999', 'jones@example.com', ''],
    ]);
    const job = await uploadImport(staff, file);
    expect(job.suggested_mapping).toMatchObject({
      weight: 5,
      date_in: 6,
      seal: 7,
      tags: 8,
      phone: 9,
      email: 10,
      address: 11,
    });
    const preview = await previewImport(staff, job);
    expect(preview.errors).toEqual([]);
    expect(preview.rows.map((r) => [r.vault_number, r.weight, r.date_in, r.seal, r.tags])).toEqual([
      ['501', 1250, '2026-03-04', 'S-1', 'LOT 4471, tags 1-120, 130'],
      ['502', 800, '2025-11-03', '', 'LOT 4472, tags 5-9'],
      ['503', null, null, '', ''],
    ]);
    expect(preview.contacts).toEqual([
      { customer: 'SMITH', phone: '555-0100', email: 'smith@example.com', address: '1 Main St' },
      { customer: 'JONES', phone: '', email: 'jones@example.com', address: '' },
    ]);

    const start = await staff.client.post(`/api/imports/${job.id}/start`, optionsFor(job));
    expect(start.status).toBe(200);
    const done = await waitForImport(staff, job.id);
    expect(done.status, done.message ?? '').toBe('done');
    expect(done.result).toEqual({ created: 3, updated: 0, unchanged: 0, refused: 0 });

    expect(await weights(staff)).toEqual({ '501': 1250, '502': 800, '503': null });
    const smith = await customer(staff, 'SMITH');
    expect(smith.dateIn).toMatchObject({ '501': '2026-03-04', '502': '2025-11-03' });
    expect(smith.record).toMatchObject({
      phone: '555-0100',
      email: 'smith@example.com',
      address: '1 Main St',
    });
    const jones = await customer(staff, 'JONES');
    expect(jones.record).toMatchObject({ phone: '555-0300', email: 'jones@example.com' });
    // No date in the file: it came in the day it was imported.
    const [today] = await rows<{ day: string }>(
      sql`SELECT to_char(CURRENT_DATE, 'YYYY-MM-DD') AS day`,
    );
    expect(jones.dateIn['503']).toBe(today?.day);
    expect(await contents(staff, '501')).toEqual({
      seal: 'S-1',
      tags: ['4471:1-120', '4471:130-130'],
    });
    expect(await contents(staff, '502')).toEqual({ seal: '', tags: ['4472:5-9'] });
  });

  it('refuses a bad value on its row with a sentence and imports the others', async () => {
    const staff = await makeCompanyWithUser(app);
    const file = csvText([
      ['Vault', 'Customer', 'Weight', 'Date In', 'Lot', 'Tags', 'Email'],
      ['601', 'Lee', '-5', '', '', '', ''],
      ['602', 'Lee', '', '2026-02-30', '', '', ''],
      ['603', 'Lee', '', '', '4471', '', ''],
      ['604', 'Lee', '', '', '', '1-120', ''],
      ['605', 'Lee', '', '', '', '', 'lee-at-example'],
      ['606', 'Lee', '12.5', '2026-01-15', '4471', '37, 40-42', ''],
    ]);
    const job = await uploadImport(staff, file);
    const preview = await previewImport(staff, job);
    expect(preview.errors).toEqual([
      { row: 2, column: 'Weight (lb)', reason: 'Weight must be 0 pounds or more.' },
      {
        row: 3,
        column: 'Date in',
        reason: 'Date in "2026-02-30" is not a real date written YYYY-MM-DD or M/D/YYYY.',
      },
      { row: 4, column: 'Tags', reason: 'Lot 4471 needs its tag numbers, as in 1-120, 130.' },
      {
        row: 5,
        column: 'Tags',
        reason: 'Tags "1-120" need their lot: write "LOT 4471, tags 1-120" or map a Lot column.',
      },
      { row: 6, column: 'Customer email', reason: 'Email must look like name@example.com.' },
    ]);
    const start = await staff.client.post(
      `/api/imports/${job.id}/start`,
      optionsFor(job, { import_valid_rows: true }),
    );
    expect(start.status).toBe(200);
    const done = await waitForImport(staff, job.id);
    expect(done.result).toEqual({ created: 1, updated: 0, unchanged: 0, refused: 5 });
    expect(await weights(staff)).toEqual({ '606': 12.5 });
    expect((await customer(staff, 'LEE')).dateIn).toEqual({ '606': '2026-01-15' });
    expect(await contents(staff, '606')).toEqual({
      seal: '',
      tags: ['4471:37-37', '4471:40-42'],
    });
  });

  it('reads an XLSX with a date cell, a number weight and Lot and Tags columns', async () => {
    const staff = await makeCompanyWithUser(app);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Vaults');
    sheet.addRow(['Vault Number', 'Customer Name', 'Weight', 'Date In', 'Seal No', 'Lot', 'Tags']);
    sheet.addRow([
      701,
      'Park',
      930.5,
      new Date(Date.UTC(2025, 9, 1)),
      'A-77',
      'LOT 5001',
      '1-40; 45',
    ]);
    sheet.addRow([702, 'Park', 0, '2025-10-02', '', '', '']);
    const data = Buffer.from(await book.xlsx.writeBuffer());
    const job = await runImport(staff, data, {}, 'vaults.xlsx');
    expect(job.status, job.message ?? '').toBe('done');
    expect(await weights(staff)).toEqual({ '701': 930.5, '702': 0 });
    expect((await customer(staff, 'PARK')).dateIn).toEqual({
      '701': '2025-10-01',
      '702': '2025-10-02',
    });
    expect(await contents(staff, '701')).toEqual({
      seal: 'A-77',
      tags: ['5001:1-40', '5001:45-45'],
    });
    expect(await contents(staff, '702')).toEqual({ seal: '', tags: [] });
  });

  it('updates a stored vault, keeps what a file leaves out, and counts a same file unchanged', async () => {
    const staff = await makeCompanyWithUser(app);
    const first = csvText([
      ['Vault', 'Customer', 'Weight', 'Date In', 'Seal', 'Tags'],
      ['801', 'Ng', '500', '2025-05-05', 'S-9', 'LOT 9, tags 1-10'],
    ]);
    expect((await runImport(staff, first)).result).toMatchObject({ created: 1 });
    expect((await runImport(staff, first)).result).toEqual({
      created: 0,
      updated: 0,
      unchanged: 1,
      refused: 0,
    });
    const second = csvText([
      ['Vault', 'Weight', 'Tags'],
      ['801', '650', 'LOT 9, tags 11-20'],
    ]);
    expect((await runImport(staff, second)).result).toMatchObject({ updated: 1 });
    expect(await weights(staff)).toEqual({ '801': 650 });
    expect((await customer(staff, 'NG')).dateIn).toEqual({ '801': '2025-05-05' });
    expect(await contents(staff, '801')).toEqual({ seal: 'S-9', tags: ['9:11-20'] });
    const third = csvText([
      ['Vault', 'Note'],
      ['801', 'moved to cold room'],
    ]);
    expect((await runImport(staff, third)).result).toMatchObject({ updated: 1 });
    expect(await contents(staff, '801')).toEqual({ seal: 'S-9', tags: ['9:11-20'] });
    expect(await weights(staff)).toEqual({ '801': 650 });
  });
});
