import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type {
  CustomerDetail,
  CustomerRecord,
  CustomerSummary,
  StorageReport,
} from '../../src/contracts/customers';
import {
  makeCompanyWithUser,
  makeWarehouse,
  fieldId,
  type SignedInStaff,
} from '../support/factories';
import { pdfPages, textIn } from '../support/pdf';
import { makePallet, makeRack } from '../support/racks-factories';
import { sqlInsertVault } from '../support/sql-builders';
import { startTestApp, type TestApp } from '../support/test-app';
import { errorOf, makeVault } from '../support/vault-factories';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

async function customerNamed(staff: SignedInStaff, name: string): Promise<CustomerSummary> {
  const res = await staff.client.get('/api/customers');
  expect(res.status).toBe(200);
  const found = (res.body as CustomerSummary[]).find((c) => c.name === name);
  if (!found) throw new Error(`No customer ${name}`);
  return found;
}

async function today(): Promise<string> {
  const result = (await app.deps.db.execute(
    sql`SELECT to_char(CURRENT_DATE, 'YYYY-MM-DD') AS today`,
  )) as unknown as { rows: { today: string }[] };
  return result.rows[0]?.today ?? '';
}

/** A download's bytes, which the JSON client would read as text. */
async function download(staff: SignedInStaff, path: string) {
  const res = await fetch(`${app.baseUrl}${path}`, {
    headers: { cookie: staff.client.cookieHeader(path) },
  });
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

async function setDateIn(staff: SignedInStaff, vaultName: string, day: string) {
  await app.deps.db.execute(
    sql`UPDATE vaults SET date_in = ${day}::date WHERE company_id = ${staff.user.companyId} AND name = ${vaultName}`,
  );
}

describe('customers', () => {
  it('lists the names vaults are stored under as customers, never the empty-unit names', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff);
    await makeVault(staff, {
      field_id: fieldId(w, 'A1'),
      position: 1,
      customer_name: 'smith  john',
    });
    await makeVault(staff, { field_id: fieldId(w, 'A1'), position: 2, customer_name: 'EMPTY' });
    const res = await staff.client.get('/api/customers');
    expect(res.status).toBe(200);
    const list = res.body as CustomerSummary[];
    expect(list.map((c) => c.name)).toEqual(['SMITH JOHN']);
    expect(list[0]).toMatchObject({
      accountType: 'permanent',
      vaultCount: 1,
      palletCount: 0,
      sitClock: null,
      storageStart: await today(),
    });
  });

  it('keeps contact, account type and SIT dates, and runs the SIT clock from them', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff);
    await makeVault(staff, { field_id: fieldId(w, 'A1'), position: 1, customer_name: 'Okafor' });
    const { id } = await customerNamed(staff, 'OKAFOR');
    const res = await staff.client.patch(`/api/customers/${id}`, {
      phone: '+1 415 555 0100',
      email: 'okafor@example.com',
      address: '12 Bay St\nSan Francisco, CA 94110',
      notes: 'Military move, GBL 4471',
      accountType: 'sit',
      storageStart: '2026-01-10',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const record = res.body as CustomerRecord;
    expect(record).toMatchObject({
      phone: '+1 415 555 0100',
      accountType: 'sit',
      storageStart: '2026-01-10',
      authorisedDays: 90,
      conversionDate: '2026-07-09',
      conversionDateSet: false,
    });
    expect(record.sitClock).toMatchObject({ authorisedUntil: '2026-04-09', status: 'converted' });

    const again = await staff.client.patch(`/api/customers/${id}`, {
      authorisedDays: 120,
      conversionDate: '2027-06-01',
    });
    expect((again.body as CustomerRecord).sitClock).toMatchObject({
      authorisedDays: 120,
      conversionDate: '2027-06-01',
      status: 'over-authorised',
    });
    expect((again.body as CustomerRecord).address).toBe('12 Bay St\nSan Francisco, CA 94110');
  });

  it('refuses bad changes with a sentence and keeps the record', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff);
    await makeVault(staff, { field_id: fieldId(w, 'A1'), position: 1, customer_name: 'Lee' });
    const { id } = await customerNamed(staff, 'LEE');
    const cases: [unknown, string][] = [
      [{ storageStart: '2026-02-30' }, 'Storage start must be a real date written YYYY-MM-DD.'],
      [{ accountType: 'forever' }, 'Account type must be sit or permanent.'],
      [{ authorisedDays: 0 }, 'Authorised days must be at least 1.'],
      [{ email: 'not an email' }, 'Email must look like name@example.com.'],
    ];
    for (const [body, message] of cases) {
      const res = await staff.client.patch(`/api/customers/${id}`, body);
      expect(res.status).toBe(400);
      expect(errorOf(res).message).toContain(message);
    }
    const start = (await customerNamed(staff, 'LEE')).storageStart;
    const early = await staff.client.patch(`/api/customers/${id}`, {
      conversionDate: '2000-01-01',
    });
    expect(early.status).toBe(400);
    expect(errorOf(early).message).toBe(
      `The conversion date (2000-01-01) must come after the storage start (${start}).`,
    );
    expect(await customerNamed(staff, 'LEE')).toMatchObject({ accountType: 'permanent' });
  });

  it("answers another company's customer as if it did not exist", async () => {
    const owner = await makeCompanyWithUser(app);
    const w = await makeWarehouse(owner);
    await makeVault(owner, { field_id: fieldId(w, 'A1'), position: 1, customer_name: 'Private' });
    const { id } = await customerNamed(owner, 'PRIVATE');
    await owner.client.patch(`/api/customers/${id}`, { accountType: 'sit' });
    const other = await makeCompanyWithUser(app);
    expect((await other.client.get(`/api/customers/${id}`)).status).toBe(404);
    const patched = await other.client.patch(`/api/customers/${id}`, { phone: '1' });
    expect(patched.status).toBe(404);
    expect(errorOf(patched).message).toBe('Customer not found.');
    expect((await download(other, `/api/customers/${id}/conversion-notice`)).status).toBe(404);
    expect((await other.client.get('/api/customers')).body).toEqual([]);
    const month = (await today()).slice(0, 7);
    const report = await other.client.get(`/api/storage-report?from=${month}&to=${month}`);
    expect((report.body as StorageReport).rows).toEqual([]);
    expect((await owner.client.get(`/api/customers/${id}`)).status).toBe(200);
  });

  it('shows where each vault and pallet stands, its days in storage and the history', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff, { name: 'Naglee' });
    await makeVault(staff, {
      field_id: fieldId(w, 'B2'),
      position: 1,
      customer_name: 'Garcia',
      vault_id: '5001',
    });
    await sqlInsertVault(app, staff, {
      name: '5002',
      customer: 'GARCIA',
      oldFieldId: fieldId(w, 'A1'),
    });
    await setDateIn(staff, '5002', '2026-10-01');
    const rack = await makeRack(staff, w.id, { name: 'North' });
    const shelf = rack.shelves[1];
    if (!shelf) throw new Error('no shelf');
    await makePallet(staff, shelf.id, { customer_name: 'garcia', name: 'Piano', shelf_spots: 2 });
    const { id } = await customerNamed(staff, 'GARCIA');

    const res = await staff.client.get(`/api/customers/${id}`);
    expect(res.status).toBe(200);
    const detail = res.body as CustomerDetail;
    const day = await today();
    expect(detail.vaults).toEqual([
      expect.objectContaining({
        name: '5002',
        standing: { at: 'stage', lastField: 'A1' },
        dateIn: '2026-10-01',
      }),
      expect.objectContaining({
        name: '5001',
        standing: {
          at: 'field',
          warehouse: 'Naglee',
          warehouseSlug: 'naglee',
          field: 'B2',
          position: 1,
        },
        dateIn: day,
        daysInStorage: 1,
      }),
    ]);
    expect(detail.pallets).toEqual([
      expect.objectContaining({
        name: 'PIANO',
        warehouse: 'Naglee',
        rack: 'North',
        shelf: 2,
        shelfSpots: 2,
        dateIn: day,
      }),
    ]);
    expect(detail.history.map((e) => [e.kind, e.vault_name])).toEqual([['created', '5001']]);
  });

  it('lists SIT accounts that end or convert within 14 days on the dashboard', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff);
    const day = await today();
    const back = (days: number) => {
      const d = new Date(`${day}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() - days);
      return d.toISOString().slice(0, 10);
    };
    const plans: [string, Record<string, unknown>][] = [
      ['ENDING', { accountType: 'sit', storageStart: back(80) }],
      ['RUNNING', { accountType: 'sit', storageStart: back(10) }],
      ['OVER', { accountType: 'sit', storageStart: back(100) }],
      ['CONVERTED', { accountType: 'sit', storageStart: back(200) }],
      ['KEPT', { accountType: 'permanent', storageStart: back(80) }],
    ];
    for (const [i, [name, body]] of plans.entries()) {
      await makeVault(staff, {
        field_id: fieldId(w, i < 3 ? 'A1' : 'A2'),
        position: (i % 3) + 1,
        customer_name: name,
      });
      const { id } = await customerNamed(staff, name);
      expect((await staff.client.patch(`/api/customers/${id}`, body)).status).toBe(200);
    }
    const res = await staff.client.get('/api/customers/sit-ending');
    expect(res.status).toBe(200);
    const ending = res.body as { name: string; sitClock: { daysLeft: number } }[];
    expect(ending.map((c) => [c.name, c.sitClock.daysLeft])).toEqual([
      ['OVER', -11],
      ['ENDING', 9],
    ]);
  });

  it('prints a conversion notice letter for a SIT customer, and refuses one for permanent storage', async () => {
    const staff = await makeCompanyWithUser(app, 'Harbor Movers');
    const w = await makeWarehouse(staff);
    await makeVault(staff, { field_id: fieldId(w, 'A1'), position: 1, customer_name: 'Wróbel' });
    const { id } = await customerNamed(staff, 'WRÓBEL');
    const refused = await staff.client.get(`/api/customers/${id}/conversion-notice`);
    expect(refused.status).toBe(409);
    expect(errorOf(refused).message).toBe(
      'WRÓBEL is on permanent storage: there is no conversion to give notice of.',
    );
    await staff.client.patch(`/api/customers/${id}`, {
      accountType: 'sit',
      storageStart: '2026-09-01',
      address: '4 Mission St\nSan Francisco, CA',
    });
    const res = await download(staff, `/api/customers/${id}/conversion-notice`);
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/pdf');
    const pages = pdfPages(res.bytes);
    expect(pages.count).toBe(1);
    expect(pages.sizes[0]).toEqual([612, 792]);
    const text = textIn(res.bytes, 1, { x: 0, y: 0, width: 612, height: 792 });
    expect(text).toContain('Harbor Movers');
    expect(text).toContain('WRÓBEL');
    expect(text).toContain('4 Mission St San Francisco, CA');
    expect(text).toContain('since September 1, 2026');
    expect(text).toContain('authorised 90 days of storage in transit, through November 29, 2026');
    expect(text).toContain('On February 28, 2027 your storage converts');
  });
});

describe('storage report', () => {
  /**
   * Three customers with dates in before and inside August to October 2026, a pallet, a staged
   * vault and an empty unit, some weighed (101: 1200 lb, 301: 2000 lb, the pallet 450 lb) and
   * some not; the figures below are counted by hand from these dates.
   */
  async function seedCompany(): Promise<SignedInStaff> {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff);
    const place = async (
      name: string,
      customer: string,
      field: string,
      position: number,
      day: string,
      weight?: number,
    ) => {
      await makeVault(staff, {
        field_id: fieldId(w, field),
        position,
        customer_name: customer,
        vault_id: name,
        weight,
      });
      await setDateIn(staff, name, day);
    };
    await place('101', 'ALVAREZ', 'A1', 1, '2026-08-20', 1200);
    await sqlInsertVault(app, staff, {
      name: '102',
      customer: 'ALVAREZ',
      oldFieldId: fieldId(w, 'A1'),
    });
    await setDateIn(staff, '102', '2026-10-16');
    await place('201', 'BROOKS', 'A2', 1, '2026-09-01');
    await place('301', 'CHO', 'B1', 1, '2026-07-15', 2000);
    await place('401', 'DIAZ', 'B2', 1, '2026-12-01');
    await makeVault(staff, { field_id: fieldId(w, 'B1'), position: 2, customer_name: 'EMPTY' });
    await app.deps.db.execute(
      sql`UPDATE vaults SET date_in = '2026-08-01' WHERE company_id = ${staff.user.companyId}`.append(
        sql` AND name IS NULL`,
      ),
    );
    const rack = await makeRack(staff, w.id);
    const shelf = rack.shelves[0];
    if (!shelf) throw new Error('no shelf');
    await makePallet(staff, shelf.id, { customer_name: 'Brooks', shelf_spots: 2, weight: 450 });
    await app.deps.db.execute(
      sql`UPDATE pallets SET created_at = '2026-10-11 12:00:00+00' WHERE company_id = ${staff.user.companyId}`,
    );
    return staff;
  }

  const hand = (
    customerName: string,
    month: string,
    vaults: number,
    vaultDays: number,
    vaultMonths: number,
    firstDay: string,
    lastDay: string,
    weight: [cwt: number, cwtMonths: number, unweighed: number],
    pallet: [spots: number, spotDays: number, spotMonths: number] = [0, 0, 0],
  ) => ({
    customerId: expect.any(Number),
    customerName,
    month,
    vaults,
    vaultDays,
    vaultMonths,
    palletSpots: pallet[0],
    palletSpotDays: pallet[1],
    palletSpotMonths: pallet[2],
    cwt: weight[0],
    cwtMonths: weight[1],
    unweighed: weight[2],
    firstDay,
    lastDay,
  });

  it('matches a count made by hand for three customers, staged vaults counted', async () => {
    const staff = await seedCompany();
    const res = await staff.client.get('/api/storage-report?from=2026-08&to=2026-10');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const report = res.body as StorageReport;
    expect(report.countsStaged).toBe(true);
    expect(report.rows).toEqual([
      // August: Alvarez's 101 from the 20th (12 days of 31; 12 CWT x 12 / 31 CWT-months),
      // Cho's 301 all month.
      hand('ALVAREZ', '2026-08', 1, 12, 0.39, '2026-08-20', '2026-08-31', [12, 4.65, 0]),
      hand('CHO', '2026-08', 1, 31, 1, '2026-08-01', '2026-08-31', [20, 20, 0]),
      hand('ALVAREZ', '2026-09', 1, 30, 1, '2026-09-01', '2026-09-30', [12, 12, 0]),
      hand('BROOKS', '2026-09', 1, 30, 1, '2026-09-01', '2026-09-30', [0, 0, 1]),
      hand('CHO', '2026-09', 1, 30, 1, '2026-09-01', '2026-09-30', [20, 20, 0]),
      // October: Alvarez's staged 102 from the 16th adds 16 days to 101's 31; 47 / 31. It was
      // not weighed.
      hand('ALVAREZ', '2026-10', 2, 47, 1.52, '2026-10-01', '2026-10-31', [12, 12, 1]),
      // Brooks's pallet takes two shelf spots from the 11th: 2 x 21 spot-days, 42 / 31; its
      // 4.5 CWT for 21 days of 31.
      hand(
        'BROOKS',
        '2026-10',
        1,
        31,
        1,
        '2026-10-01',
        '2026-10-31',
        [4.5, 3.05, 1],
        [2, 42, 1.35],
      ),
      hand('CHO', '2026-10', 1, 31, 1, '2026-10-01', '2026-10-31', [20, 20, 0]),
    ]);
  });

  it('leaves staged vaults out when the company says so', async () => {
    const staff = await seedCompany();
    const set = await staff.client.put('/api/storage-report/settings', { countsStaged: false });
    expect(set.status).toBe(200);
    const res = await staff.client.get('/api/storage-report?from=2026-10&to=2026-10');
    const report = res.body as StorageReport;
    expect(report.countsStaged).toBe(false);
    expect(report.rows.find((r) => r.customerName === 'ALVAREZ')).toMatchObject({
      vaults: 1,
      vaultDays: 31,
      vaultMonths: 1,
    });
  });

  it('refuses a range it cannot read with a sentence', async () => {
    const staff = await makeCompanyWithUser(app);
    const bad = await staff.client.get('/api/storage-report?from=2026-13&to=2026-10');
    expect(bad.status).toBe(400);
    expect(errorOf(bad).message).toContain('From must be a month written YYYY-MM.');
    const backwards = await staff.client.get('/api/storage-report?from=2026-10&to=2026-08');
    expect(errorOf(backwards).message).toContain('From must not come after To.');
    const long = await staff.client.get('/api/storage-report?from=2020-01&to=2026-10');
    expect(errorOf(long).message).toBe(
      'That is 82 months; the report covers at most 36 at a time.',
    );
  });

  it('downloads the report as QuickBooks invoice lines, in CSV and in XLSX', async () => {
    const staff = await seedCompany();
    const csv = await download(staff, '/api/storage-report/csv?from=2026-10&to=2026-10');
    expect(csv.status).toBe(200);
    expect(csv.type).toBe('text/csv; charset=utf-8');
    const lines = csv.bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'InvoiceNo,Customer,InvoiceDate,DueDate,Terms,Item(Product/Service),ItemDescription,ItemQuantity,ItemRate,ItemAmount,Month,Vaults,VaultDays,VaultMonths,PalletSpots,PalletSpotDays,PalletSpotMonths,Cwt,CwtMonths,Unweighed,FirstDay,LastDay',
    );
    expect(lines).toHaveLength(4);
    expect(lines[2]).toMatch(
      /^ST202610-\d+,BROOKS,10\/31\/2026,11\/30\/2026,Net 30,Vault storage,"Storage 2026-10-01 to 2026-10-31: 1 vault, 31 vault-days; 2 pallet shelf spots; 4.5 CWT",1,,,2026-10,1,31,1,2,42,1.35,4.5,3.05,1,2026-10-01,2026-10-31$/,
    );

    const xlsx = await download(staff, '/api/storage-report/xlsx?from=2026-10&to=2026-10');
    expect(xlsx.status).toBe(200);
    const { Workbook } = (await import('exceljs')).default;
    const book = new Workbook();
    await book.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Storage');
    expect(sheet?.getRow(1).getCell(2).value).toBe('Customer');
    expect(sheet?.rowCount).toBe(4);
    const alvarez = sheet?.getRow(2);
    expect([
      alvarez?.getCell(2).value,
      alvarez?.getCell(8).value,
      alvarez?.getCell(9).value,
      sheet?.getRow(1).getCell(18).value,
      alvarez?.getCell(18).value,
      alvarez?.getCell(20).value,
    ]).toEqual(['ALVAREZ', 1.52, null, 'Cwt', 12, 1]);
  });
});
