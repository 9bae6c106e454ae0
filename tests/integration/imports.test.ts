import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import type { PrintVault } from '../../src/contracts/print';
import type { Vault } from '../../src/contracts/vaults';
import type { VaultEvent } from '../../src/contracts/vault-events';
import { makeCompanyWithUser, makeWarehouse } from '../support/factories';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import type { ImportJob } from '../../src/contracts/imports';
import { MISSING_ID } from '../support/ids';
import type { Rack } from '../../src/contracts/racks';
import { makeRack } from '../support/racks-factories';
import {
  csvText,
  optionsFor,
  postImportFile,
  previewImport,
  runImport,
  uploadImport,
  waitForImport,
} from '../support/import-factories';
import { holdRunLock } from '../../src/server/features/imports/import-jobs.repository';
import { startTestApp, type TestApp } from '../support/test-app';
import { buildZip, workbookParts } from '../support/zip';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

const HEADER = ['Vault', 'Customer', 'Order', 'Type', 'Warehouse', 'Field', 'Position', 'Note'];

async function printList(staff: Awaited<ReturnType<typeof makeCompanyWithUser>>) {
  const res = await staff.client.get('/api/vaults/all');
  expect(res.status).toBe(200);
  return res.body as PrintVault[];
}

describe('importing vaults from a spreadsheet', () => {
  it('places vaults, stages rows without a place, and records an imported event per vault', async () => {
    const staff = await makeCompanyWithUser(app);
    await makeWarehouse(staff, { name: 'Main', rows: 2, cols: 2, field_capacity: 3 });
    const file = csvText([
      HEADER,
      ['101', 'smith ', 'o-1', 'vault', 'Main', 'A1', 1, 'fragile'],
      ['102', 'Smith', 'o-1', 'liftvan', 'main', 'a1', 2, ''],
      ['103', 'Jones', '', '', 'Main', 'B2', '', ''],
      ['104', 'Jones', '', '', '', '', '', 'no place'],
    ]);
    const job = await runImport(staff, file);
    expect(job.status, job.message ?? '').toBe('done');
    expect(job.result).toEqual({ created: 4, updated: 0, unchanged: 0, refused: 0 });
    const list = await printList(staff);
    const byName = new Map(list.map((v) => [v.name, v]));
    expect(byName.get('101')).toMatchObject({
      customer_name: 'SMITH',
      field_name: 'A1',
      position: 1,
      warehouse_name: 'Main',
      note: 'fragile',
    });
    expect(byName.get('102')).toMatchObject({ type: 'liftvan', field_name: 'A1', position: 2 });
    expect(byName.get('103')).toMatchObject({ field_name: 'B2', position: 1 });
    expect(byName.get('104')).toMatchObject({ field_name: 'staged', position: null });

    const vault = (await staff.client.get('/api/vaults/lookup/101')).body as Vault;
    const history = (await staff.client.get(`/api/vaults/${vault.id}/history`))
      .body as VaultEvent[];
    expect(history).toHaveLength(1);
    expect(history[0]?.kind).toBe('imported');
    expect(history[0]?.details).toMatchObject({
      import_id: job.id,
      file_name: 'vaults.csv',
      action: 'created',
      to: { warehouse: 'Main', field: 'A1', position: 1 },
    });
  });

  it('changes nothing when the same file is imported twice', async () => {
    const staff = await makeCompanyWithUser(app);
    await makeWarehouse(staff, { name: 'Main', rows: 2, cols: 2 });
    const file = csvText([
      HEADER,
      ['201', 'Smith', 'O1', 'vault', 'Main', 'A1', 1, ''],
      ['202', 'Smith', 'O1', 'vault', 'Main', 'A1', 2, ''],
      ['203', 'Lee', '', 'vault', '', '', '', ''],
    ]);
    const first = await runImport(staff, file);
    expect(first.result).toMatchObject({ created: 3 });
    const before = await printList(staff);
    const second = await runImport(staff, file);
    expect(second.status).toBe('done');
    expect(second.result).toEqual({ created: 0, updated: 0, unchanged: 3, refused: 0 });
    expect(await printList(staff)).toEqual(before);
    const vault = (await staff.client.get('/api/vaults/lookup/201')).body as Vault;
    const history = (await staff.client.get(`/api/vaults/${vault.id}/history`))
      .body as VaultEvent[];
    expect(history).toHaveLength(1);
  });

  it("maps the Print Studio export's own columns and reimports it unchanged", async () => {
    const staff = await makeCompanyWithUser(app);
    await makeWarehouse(staff, { name: 'Main', rows: 2, cols: 2 });
    await runImport(
      staff,
      csvText([
        HEADER,
        ['301', 'Smith', 'O1', 'vault', 'Main', 'A1', 1, '-fragile-'],
        ['302', 'Smith', '', 't2', 'Main', 'B1', 1, ''],
        ['303', 'EMPTY', '', 'vault', '', '', '', ''],
      ]),
    );
    const exported = await staff.client.get('/api/print/vaults.csv');
    expect(exported.status).toBe(200);
    const job = await uploadImport(staff, exported.text);
    expect(job.suggested_mapping).toMatchObject({
      vault_number: 0,
      customer: 1,
      type: 2,
      position: 3,
      field: 4,
      warehouse: 5,
      note: 6,
      order: null,
    });
    const preview = await previewImport(staff, job);
    expect(preview.counts).toEqual({ created: 0, updated: 0, unchanged: 3, refused: 0 });
  });

  it('moves a vault named again to its new place and keeps who stands where in order', async () => {
    const staff = await makeCompanyWithUser(app);
    await makeWarehouse(staff, { name: 'Main', rows: 2, cols: 2 });
    await runImport(
      staff,
      csvText([
        HEADER,
        ['401', 'Smith', '', '', 'Main', 'A1', 1, ''],
        ['402', 'Smith', '', '', 'Main', 'A1', 2, ''],
      ]),
    );
    const job = await runImport(
      staff,
      csvText([HEADER, ['402', 'Smith', '', '', 'Main', 'B1', 1, '']]),
    );
    expect(job.result).toEqual({ created: 0, updated: 1, unchanged: 0, refused: 0 });
    const byName = new Map((await printList(staff)).map((v) => [v.name, v]));
    expect(byName.get('402')).toMatchObject({ field_name: 'B1', position: 1 });
    const vault = (await staff.client.get('/api/vaults/lookup/402')).body as Vault;
    const history = (await staff.client.get(`/api/vaults/${vault.id}/history`))
      .body as VaultEvent[];
    expect(history[0]?.details).toMatchObject({
      action: 'moved',
      from: { warehouse: 'Main', field: 'A1', position: 2 },
      to: { warehouse: 'Main', field: 'B1', position: 1 },
    });

    // 401 is below nothing now, but a vault under another cannot be lifted out.
    const blocked = await runImport(
      staff,
      csvText([HEADER, ['403', 'Smith', '', '', 'Main', 'A1', 2, '']]),
    );
    expect(blocked.status).toBe('done');
    const refused = await runImport(
      staff,
      csvText([HEADER, ['401', 'Smith', '', '', 'Main', 'B2', 1, '']]),
    );
    expect(refused.status).toBe('refused');
    expect(refused.rows_refused).toBe(1);
  });
});

describe('refused rows', () => {
  const file = () =>
    csvText([
      HEADER,
      ['501', 'Smith', '', '', 'Main', 'A1', 1, ''],
      ['502', 'Smith', '', 'crate', 'Main', 'A1', 2, ''],
      ['503', '', '', '', 'Main', 'B1', 1, ''],
      ['504', 'Smith', '', '', 'Main', 'B1', 3, ''],
      ['505', 'Smith', '', 'couchbox', 'Main', 'A2', 1, ''],
      ['501', 'Smith', '', '', 'Main', 'A2', 1, ''],
      ['506', '=HYPERLINK("http://x")', '', '', 'Nowhere', 'A1', 1, ''],
      ['507', 'Smith', '', '', 'Main', 'Z9', 1, ''],
    ]);

  it('refuses the whole import for one bad row, naming row, column and reason in the error file', async () => {
    const staff = await makeCompanyWithUser(app);
    await makeWarehouse(staff, { name: 'Main', rows: 2, cols: 2 });
    const upload = await uploadImport(staff, file(), 'stock list.csv');
    const preview = await previewImport(staff, upload);
    expect(preview.counts).toEqual({ created: 1, updated: 0, unchanged: 0, refused: 7 });
    expect(preview.missing_warehouses).toEqual(['Nowhere']);
    // A field missing from an existing warehouse is listed; unticked, its grid is left as it is.
    expect(preview.missing_fields).toEqual(['Main Z9']);
    expect(preview.errors).toEqual([
      {
        row: 3,
        column: 'Type',
        reason: 'Type "crate" is not one of vault, liftvan, t2, couchbox.',
      },
      { row: 4, column: 'Customer', reason: 'A customer name is required.' },
      {
        row: 5,
        column: 'Position',
        reason: 'Only the lowest free position of field B1 (position 1) can take a vault.',
      },
      {
        row: 6,
        column: 'Type',
        reason: 'A couchbox can only go into a couchbox field; A2 is not one.',
      },
      { row: 7, column: 'Vault number', reason: 'Vault 501 is already on row 2 of this file.' },
      {
        row: 8,
        column: 'Warehouse',
        reason:
          'Warehouse Nowhere does not exist; tick "create missing warehouses and fields" to create it.',
      },
      {
        row: 9,
        column: 'Field',
        reason:
          'Warehouse Main has no field Z9. Tick "create missing warehouses and fields" to grow its grid to the right or bottom, add the row or column on the warehouse page, or correct the field.',
      },
    ]);

    const start = await staff.client.post(`/api/imports/${upload.id}/start`, optionsFor(upload));
    expect(start.status).toBe(200);
    const job = await waitForImport(staff, upload.id);
    expect(job.status).toBe('refused');
    expect(job.rows_refused).toBe(7);
    expect(await printList(staff)).toEqual([]);

    const csv = await staff.client.get(`/api/imports/${upload.id}/refused.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe(
      'attachment; filename="stock_list-refused.csv"',
    );
    const records = parse(csv.text, { bom: true }) as string[][];
    expect(records[0]).toEqual([...HEADER, 'error']);
    expect(records).toHaveLength(8);
    expect(records[1]).toEqual([
      '502',
      'Smith',
      '',
      'crate',
      'Main',
      'A1',
      '2',
      '',
      'Row 3, Type: Type "crate" is not one of vault, liftvan, t2, couchbox.',
    ]);
    // A cell a spreadsheet would run as a formula goes out neutralised.
    expect(records[6]?.[1]).toBe(`'=HYPERLINK("http://x")`);
  });

  it('imports the valid rows when asked, and the fixed error file completes the import', async () => {
    const staff = await makeCompanyWithUser(app);
    await makeWarehouse(staff, { name: 'Main', rows: 2, cols: 2 });
    const job = await runImport(staff, file(), { import_valid_rows: true });
    expect(job.status).toBe('done');
    expect(job.result).toEqual({ created: 1, updated: 0, unchanged: 0, refused: 7 });
    expect((await printList(staff)).map((v) => v.name)).toEqual(['501']);

    const csv = await staff.client.get(`/api/imports/${job.id}/refused.csv`);
    const records = parse(csv.text, { bom: true }) as string[][];
    const fixed = csvText([
      HEADER,
      ...records
        .slice(1)
        .filter((r) => r[0] !== '501')
        .map((r) => [r[0] ?? '', 'Smith', '', 'vault', '', '', '', '']),
    ]);
    const again = await runImport(staff, fixed);
    expect(again.result).toEqual({ created: 6, updated: 0, unchanged: 0, refused: 0 });
  });

  it('creates missing warehouses only when ticked, with the rows, columns and capacity given', async () => {
    const staff = await makeCompanyWithUser(app);
    const rows = csvText([
      HEADER,
      ['601', 'Smith', '', '', 'North', 'B3', 1, ''],
      ['602', 'Smith', '', '', 'North', 'B3', '', ''],
    ]);
    const upload = await uploadImport(staff, rows);
    const spec = { name: 'North', rows: 3, cols: 2, field_capacity: 2 };
    const preview = await previewImport(staff, upload, {
      create_missing_warehouses: true,
      new_warehouses: [spec],
    });
    expect(preview.counts).toMatchObject({ created: 2, refused: 0 });
    expect(preview.rows[1]).toMatchObject({ warehouse: 'North', field: 'B3', position: 2 });
    const start = await staff.client.post(
      `/api/imports/${upload.id}/start`,
      optionsFor(upload, { create_missing_warehouses: true, new_warehouses: [spec] }),
    );
    expect(start.status).toBe(200);
    expect((await waitForImport(staff, upload.id)).status).toBe('done');
    expect(
      (await printList(staff)).map((v) => [v.warehouse_name, v.field_name, v.position]),
    ).toEqual([
      ['North', 'B3', 1],
      ['North', 'B3', 2],
    ]);
  });

  it('keeps the capacity of a field', async () => {
    const staff = await makeCompanyWithUser(app);
    await makeWarehouse(staff, { name: 'Main', rows: 1, cols: 1, field_capacity: 2 });
    const job = await runImport(
      staff,
      csvText([
        HEADER,
        ['701', 'Smith', '', '', 'Main', 'A1', '', ''],
        ['702', 'Smith', '', '', 'Main', 'A1', '', ''],
        ['703', 'Smith', '', '', 'Main', 'A1', '', ''],
      ]),
      { import_valid_rows: true },
    );
    expect(job.result).toMatchObject({ created: 2, refused: 1 });
    const csv = await staff.client.get(`/api/imports/${job.id}/refused.csv`);
    expect(csv.text).toContain('Row 4, Position: Field A1 is full: it holds 2 vaults.');
  });
});

describe('files that cannot be read', () => {
  it.each([
    ['an unclosed quote', 'Vault,Customer\r\n1,"Smith\r\n', /could not be read as CSV/],
    ['an empty file', '', /The file is empty/],
    ['a heading without rows', 'Vault,Customer\r\n', /no rows below it/],
    ['a damaged workbook', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(64, 7)]), /XLSX/],
    [
      'UTF-16 without a byte-order mark',
      Buffer.from('Vault,Customer\r\n1,Smith\r\n', 'utf16le'),
      /UTF-16 without a byte-order mark/,
    ],
  ])('answers 400 with a sentence for %s', async (_name, data, message) => {
    const staff = await makeCompanyWithUser(app);
    const res = await postImportFile(staff, data);
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toMatch(message);
  });

  it('answers 415 for an old binary Excel workbook', async () => {
    const staff = await makeCompanyWithUser(app);
    const res = await postImportFile(
      staff,
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3]),
      'a.xls',
    );
    expect(res.status).toBe(415);
    expect((res.body as { message: string }).message).toMatch(/\.xlsx/);
  });

  it('answers 400 when no file is sent', async () => {
    const staff = await makeCompanyWithUser(app);
    const res = await staff.client.request('POST', '/api/imports', { form: new FormData() });
    expect(res.status).toBe(400);
  });
});

describe('encodings', () => {
  it('reads UTF-16 with its byte-order mark as Excel saves "Unicode text"', async () => {
    const staff = await makeCompanyWithUser(app);
    const text = 'Vault\tCustomer\r\n801\tMüller\r\n';
    const data = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const job = await runImport(staff, data);
    expect(job.encoding_note).toBeNull();
    expect((await printList(staff))[0]).toMatchObject({ name: '801', customer_name: 'MÜLLER' });
  });

  it('reads a Latin-1 file and says so', async () => {
    const staff = await makeCompanyWithUser(app);
    const job = await runImport(staff, Buffer.from('Vault;Customer\r\n802;Gómez\r\n', 'latin1'));
    expect(job.encoding_note).toMatch(/not UTF-8; it was read as Windows-1252/);
    expect((await printList(staff))[0]).toMatchObject({ customer_name: 'GÓMEZ' });
  });
});

describe('XLSX workbooks', () => {
  async function workbook(fill: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Vaults');
    fill(sheet);
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  it('takes a formula cell by its saved value and refuses one without, naming the column', async () => {
    const staff = await makeCompanyWithUser(app);
    await makeWarehouse(staff, { name: 'Main', rows: 2, cols: 2 });
    const data = await workbook((sheet) => {
      sheet.addRow(['Vault Number', 'Customer', 'Warehouse', 'Field', 'Position']);
      sheet.addRow([901, 'Smith', 'Main', 'A1', { formula: '0+1', result: 1 }]);
      sheet.addRow([902, { formula: 'UPPER("x")' }, 'Main', 'A1', 2]);
      sheet.addRow([new Date(Date.UTC(2026, 0, 2)), 'Lee', '', '', '']);
    });
    const job = await runImport(staff, data, { import_valid_rows: true }, 'vaults.xlsx');
    expect(job.result).toEqual({ created: 2, updated: 0, unchanged: 0, refused: 1 });
    const list = await printList(staff);
    expect(list.map((v) => [v.name, v.position])).toEqual([
      ['901', 1],
      ['2026-01-02', null],
    ]);
    const csv = await staff.client.get(`/api/imports/${job.id}/refused.csv`);
    expect(csv.text).toContain('Row 3, Customer: The cell holds a formula without a saved value.');
  });
});

describe('spreadsheet bombs', () => {
  const MiB = 1024 * 1024;
  const repeat = (piece: Buffer, times: number) =>
    function* () {
      for (let i = 0; i < times; i++) yield piece;
    };
  const once = (text: string) => () => [Buffer.from(text)];
  const sheetOf = (rowsXml: string) =>
    once(
      `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rowsXml}</sheetData></worksheet>`,
    );
  const HEADING_ROW = '<row r="1"><c r="A1" t="s"><v>0</v></c></row>';

  /** A workbook of one cell whose text unpacks to 300 MB. */
  const hugeCell = () =>
    buildZip(
      workbookParts(sheetOf(`${HEADING_ROW}<row r="2"><c r="A2" t="s"><v>1</v></c></row>`), () => [
        Buffer.from(
          '<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>Vault Number</t></si><si><t>',
        ),
        ...repeat(Buffer.alloc(MiB, 'A'), 300)(),
        Buffer.from('</t></si></sst>'),
      ]),
    );
  /** A sheet of millions of short rows, about 100 MB unpacked. */
  const endlessRows = () => {
    const row = Buffer.from('<row><c t="s"><v>0</v></c></row>'.repeat(32_768));
    return buildZip(
      workbookParts(
        () => [
          Buffer.from(
            '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
          ),
          ...repeat(row, 100)(),
          Buffer.from('</sheetData></worksheet>'),
        ],
        once(
          '<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>Vault Number</t></si></sst>',
        ),
      ),
    );
  };

  /** The largest growth of this process's memory (the server's) while `work` runs. */
  async function peakGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growthMiB: number }> {
    const base = process.memoryUsage().rss;
    let peak = base;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 2);
    try {
      const result = await work();
      peak = Math.max(peak, process.memoryUsage().rss);
      return { result, growthMiB: (peak - base) / MiB };
    } finally {
      clearInterval(sampler);
    }
  }

  it('refuses a workbook that unpacks past its limit, within 100 MiB, before building it', async () => {
    const staff = await makeCompanyWithUser(app);
    const bombs = [await hugeCell(), await endlessRows()];
    expect(Math.max(...bombs.map((b) => b.length))).toBeLessThan(2 * MiB);
    for (const bomb of bombs) {
      const { result: res, growthMiB } = await peakGrowth(() =>
        postImportFile(staff, bomb, 'bomb.xlsx'),
      );
      console.log(
        `xlsx bomb of ${(bomb.length / 1024).toFixed(0)} KB: +${growthMiB.toFixed(0)} MiB`,
      );
      expect(res.status).toBe(400);
      expect((res.body as { message: string }).message).toMatch(
        /^(The workbook unpacks to more than 8 MB\.|A cell of the workbook holds more than 10,000 characters|The file has more than 100,000 rows)/,
      );
      expect(growthMiB).toBeLessThan(100);
    }
    const { result: together, growthMiB } = await peakGrowth(() =>
      Promise.all([...bombs, ...bombs].map((b) => postImportFile(staff, b, 'bomb.xlsx'))),
    );
    console.log(`four xlsx bombs at once: +${growthMiB.toFixed(0)} MiB`);
    expect(together.map((r) => r.status)).toEqual([400, 400, 400, 400]);
    expect(growthMiB).toBeLessThan(100);
  });
});

describe('tenancy', () => {
  it("answers 404 for another company's import on every call", async () => {
    const owner = await makeCompanyWithUser(app);
    const other = await makeCompanyWithUser(app);
    const job = await uploadImport(
      owner,
      csvText([HEADER, ['1', 'Smith', '', '', '', '', '', '']]),
    );
    for (const id of [job.id, MISSING_ID]) {
      expect((await other.client.get(`/api/imports/${id}`)).status).toBe(404);
      expect((await other.client.get(`/api/imports/${id}/refused.csv`)).status).toBe(404);
      expect((await other.client.post(`/api/imports/${id}/preview`, optionsFor(job))).status).toBe(
        404,
      );
      expect((await other.client.post(`/api/imports/${id}/start`, optionsFor(job))).status).toBe(
        404,
      );
      expect((await other.client.post(`/api/imports/${id}/cancel`)).status).toBe(404);
    }
    expect((await other.client.get('/api/imports')).body).toEqual([]);
    const own = (await owner.client.get('/api/imports')).body as ImportJob[];
    expect(own.map((j) => j.id)).toEqual([job.id]);
  });

  it('starts an import once', async () => {
    const staff = await makeCompanyWithUser(app);
    const job = await uploadImport(
      staff,
      csvText([HEADER, ['1', 'Smith', '', '', '', '', '', '']]),
    );
    expect((await staff.client.post(`/api/imports/${job.id}/start`, optionsFor(job))).status).toBe(
      200,
    );
    const again = await staff.client.post(`/api/imports/${job.id}/start`, optionsFor(job));
    expect(again.status).toBe(409);
    await waitForImport(staff, job.id);
  });
});

describe('a large file', () => {
  it('imports 50,000 rows from a 20 MB file in one job', { timeout: 240_000 }, async () => {
    const staff = await makeCompanyWithUser(app);
    // 50 x 100 fields of 10 vaults each hold the 50,000 rows exactly.
    await makeWarehouse(staff, { name: 'Big', rows: 100, cols: 50, field_capacity: 10 });
    const lines = [HEADER.join(',')];
    const note = 'n'.repeat(380);
    let n = 0;
    for (let c = 0; c < 50; c++) {
      const letters = c < 26 ? String.fromCharCode(65 + c) : `A${String.fromCharCode(65 + c - 26)}`;
      for (let r = 1; r <= 100; r++) {
        for (let p = 1; p <= 10; p++) {
          n++;
          lines.push(
            `V${n},Customer ${n % 500},O${n % 2000},vault,Big,${letters}${r},${p},${note}`,
          );
        }
      }
    }
    const data = Buffer.from(lines.join('\r\n'), 'utf8');
    expect(data.length).toBeGreaterThan(20 * 1024 * 1024);
    const job = await runImport(staff, data);
    expect(job.status, job.message ?? '').toBe('done');
    expect(job.result).toEqual({ created: 50_000, updated: 0, unchanged: 0, refused: 0 });
    expect(job.rows_done).toBe(50_000);
    const list = await printList(staff);
    expect(list).toHaveLength(50_000);
    expect(list[0]).toMatchObject({ name: 'V1', field_name: 'A1', position: 1 });
  });
});

describe('pallets', () => {
  it('imports pallet rows onto their rack shelves, once, within the shelf capacity', async () => {
    const staff = await makeCompanyWithUser(app);
    const warehouse = await makeWarehouse(staff, { name: 'Main', rows: 1, cols: 1 });
    const rack = await makeRack(staff, warehouse.id, { name: 'R1', num_shelves: 2, capacity: 3 });
    const file = csvText([
      ['Warehouse', 'Rack', 'Shelf', 'Slot', 'Customer', 'Pallet Number', 'Spaces', 'Vault'],
      ['Main', 'R1', 1, 1, 'Smith', 'P-1', 2, ''],
      ['Main', 'R1', 1, '', 'Jones', 'P-2', 1, ''],
      ['Main', 'R1', 1, '', 'Jones', 'P-3', 1, ''],
      ['Main', 'R1', 3, '', 'Jones', 'P-4', 1, ''],
      ['', '', '', '', 'Lee', '', '', 'V-1'],
    ]);
    const job = await runImport(staff, file, { import_valid_rows: true });
    expect(job.status, job.message ?? '').toBe('done');
    expect(job.result).toEqual({ created: 3, updated: 0, unchanged: 0, refused: 2 });
    const csv = await staff.client.get(`/api/imports/${job.id}/refused.csv`);
    expect(csv.text).toContain(
      'Row 4, Pallet spaces: This shelf already has the maximum number of pallets (3).',
    );
    expect(csv.text).toContain(
      'Row 5, Shelf: Rack R1 of warehouse Main has 2 shelves, so no shelf 3. Correct the shelf: an import adds no shelves.',
    );

    const racks = (await staff.client.get(`/api/racks/warehouse/${warehouse.id}`)).body as Rack[];
    const shelf = racks.find((r) => r.id === rack.id)?.shelves[0];
    expect(
      shelf?.pallets.map((p) => [p.palletNumber, p.customerName, p.slotIndex, p.shelfSpots]),
    ).toEqual([
      ['P-1', 'SMITH', 0, 2],
      ['P-2', 'JONES', 2, 1],
    ]);
    expect((await printList(staff)).map((v) => v.name)).toEqual(['V-1']);

    const again = await runImport(staff, file, { import_valid_rows: true });
    expect(again.result).toEqual({ created: 0, updated: 0, unchanged: 3, refused: 2 });
  });
});

describe('cancelling', () => {
  it(
    'answers other requests and shows progress while a large import runs, and a cancel mid-run keeps none of it',
    { timeout: 240_000 },
    async () => {
      const staff = await makeCompanyWithUser(app);
      const rows: (string | number)[][] = [HEADER];
      for (let n = 1; n <= 20_000; n++)
        rows.push([`S${n}`, `Customer ${n % 50}`, '', '', '', '', '', '']);
      const upload = await uploadImport(staff, csvText(rows));
      const start = await staff.client.post(`/api/imports/${upload.id}/start`, optionsFor(upload));
      expect(start.status).toBe(200);
      // Progress shows while the job runs, not only at its end (decision 0050).
      let job = start.body as ImportJob;
      while (job.status === 'running' && job.rows_done === 0) {
        job = (await staff.client.get(`/api/imports/${upload.id}`)).body as ImportJob;
      }
      expect(job.status).toBe('running');
      expect(job.rows_done).toBeGreaterThan(0);
      // Another request is answered, and the import is still running after that answer.
      const me = await staff.client.get('/api/auth/');
      expect(me.status).toBe(200);
      const after = (await staff.client.get(`/api/imports/${upload.id}`)).body as ImportJob;
      expect(after.status).toBe('running');
      const cancel = await staff.client.post(`/api/imports/${upload.id}/cancel`);
      expect(cancel.status).toBe(200);
      const ended = await waitForImport(staff, upload.id);
      expect(ended.status).toBe('cancelled');
      expect(await printList(staff)).toEqual([]);
      const left = (await app.deps.db.execute(
        sql`SELECT (SELECT count(*) FROM import_staged_rows WHERE job_id = ${upload.id}) AS staged,
                 (SELECT count(*) FROM customers WHERE company_id = ${staff.user.companyId}) AS customers`,
      )) as unknown as { rows: { staged: number; customers: number }[] };
      expect(left.rows).toEqual([{ staged: 0, customers: 0 }]);
    },
  );

  it.runIf(inject('postgresUrl'))(
    'cancels a running import from another server instance on PostgreSQL and keeps none of it',
    async () => {
      const staff = await makeCompanyWithUser(app);
      const warehouse = await makeWarehouse(staff, { name: 'Main', rows: 2, cols: 2 });
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let holding: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        holding = resolve;
      });
      // A layout change in progress: the import waits for the warehouse lock.
      const layoutChange = app.deps.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT id FROM warehouses WHERE id = ${warehouse.id} FOR UPDATE`);
        holding();
        await gate;
      });
      await held;
      const upload = await uploadImport(
        staff,
        csvText([HEADER, ['1', 'Smith', '', '', 'Main', 'A1', 1, '']]),
      );
      const start = await staff.client.post(`/api/imports/${upload.id}/start`, optionsFor(upload));
      expect(start.status).toBe(200);
      // A second server instance over the same database: the job is not its own, so it
      // leaves the request in the job row, which the running instance reads between steps.
      const other = await buildApp(app.deps, { logger: false });
      await other.listen({ port: 0, host: '127.0.0.1' });
      try {
        const address = other.server.address();
        const port = typeof address === 'object' && address ? address.port : 0;
        const cancel = await fetch(`http://127.0.0.1:${port}/api/imports/${upload.id}/cancel`, {
          method: 'POST',
          headers: { cookie: staff.client.cookieHeader() },
        });
        expect(cancel.status).toBe(200);
        expect(((await cancel.json()) as ImportJob).cancel_requested).toBe(true);
      } finally {
        await other.close();
      }
      release();
      await layoutChange;
      const job = await waitForImport(staff, upload.id);
      expect(job.status).toBe('cancelled');
      expect(await printList(staff)).toEqual([]);
    },
  );

  it('refuses to cancel an import that is not running', async () => {
    const staff = await makeCompanyWithUser(app);
    const job = await uploadImport(
      staff,
      csvText([HEADER, ['1', 'Smith', '', '', '', '', '', '']]),
    );
    const res = await staff.client.post(`/api/imports/${job.id}/cancel`);
    expect(res.status).toBe(409);
  });
});

describe('a server that stopped', () => {
  async function runningJob(staff: Awaited<ReturnType<typeof makeCompanyWithUser>>, quiet: string) {
    const job = await uploadImport(
      staff,
      csvText([HEADER, ['1', 'Smith', '', '', '', '', '', '']]),
    );
    await app.deps.db.execute(
      sql`UPDATE import_jobs SET status = 'running', runner = 'stopped-server',
            heartbeat_at = now() - ${quiet}::interval
          WHERE id = ${job.id}`,
    );
    return job;
  }

  it('ends a job whose server stopped as failed when it is read, and keeps none of it', async () => {
    const staff = await makeCompanyWithUser(app);
    const job = await runningJob(staff, '10 minutes');
    const res = await staff.client.get(`/api/imports/${job.id}`);
    expect(res.body).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/server running this import stopped.*Start it again/),
    });
    expect(await printList(staff)).toEqual([]);
    // The same file starts again without a new upload, as the sentence says.
    const again = await staff.client.post(`/api/imports/${job.id}/again`);
    expect(again.status).toBe(200);
    const next = again.body as ImportJob;
    expect(next).toMatchObject({ status: 'uploaded', file_name: job.file_name, row_count: 1 });
    const start = await staff.client.post(`/api/imports/${next.id}/start`, optionsFor(next));
    expect(start.status).toBe(200);
    expect((await waitForImport(staff, next.id)).status).toBe('done');
    expect((await printList(staff)).map((v) => v.name)).toEqual(['1']);
  });

  it('ends such jobs at start without anyone reading them, with their staged rows', async () => {
    const staff = await makeCompanyWithUser(app);
    const job = await runningJob(staff, '10 minutes');
    await app.deps.db.execute(
      sql`INSERT INTO import_staged_rows (job_id, company_id, sheet_row, name, customer_name,
            type, note, lift, details)
          VALUES (${job.id}, ${staff.user.companyId}, 2, '1', 'SMITH', 'vault', '', false, '{}')`,
    );
    // A server starting over the same database sweeps.
    const other = await buildApp(app.deps, { logger: false });
    await other.ready();
    await other.close();
    const rows = (await app.deps.db.execute(
      sql`SELECT j.status, (SELECT count(*) FROM import_staged_rows s WHERE s.job_id = j.id) AS staged
          FROM import_jobs j WHERE j.id = ${job.id}`,
    )) as unknown as { rows: { status: string; staged: number }[] };
    expect(rows.rows).toEqual([{ status: 'failed', staged: 0 }]);
  });

  // On PostgreSQL another instance may run the job: while it holds the job's run lock and
  // beats, it is left alone, by reads and by a starting server's sweep (decision 0465). The
  // embedded engine is opened by one process only, so there another runner's job is dead.
  it('leaves a job alone while its server beats', async () => {
    const staff = await makeCompanyWithUser(app);
    const job = await runningJob(staff, '1 second');
    const lock = await holdRunLock(app.deps.db, job.id);
    try {
      const other = await buildApp(app.deps, { logger: false });
      await other.ready();
      await other.close();
      const res = await staff.client.get(`/api/imports/${job.id}`);
      expect((res.body as ImportJob).status).toBe(inject('postgresUrl') ? 'running' : 'failed');
    } finally {
      await lock?.release();
    }
  });
});
