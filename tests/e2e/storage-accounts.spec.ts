import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_ADMIN, E2E_BASE_URL } from '../../playwright.config';
import {
  expect,
  fieldId,
  seedWarehouse,
  signIn,
  signInWithRole,
  test,
  unique,
  vaultNumber,
} from './fixtures';

// Issue 31 at both widths, for the parts the other journeys leave out: where each vault of an
// account stands, the conversion notice letter, a release at the desk's width, weight on the
// report and its XLSX, a role change taking effect, and a crew member kept off office screens.

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};
const daysInThisMonth = () => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
};

const sizes = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];

/** Adds a weighed (or unweighed) vault through the API, multipart as the client sends it. */
async function addVault(
  request: APIRequestContext,
  input: { vault_id: string; customer_name: string; field_id: number; position: number },
  weight?: number,
) {
  const res = await request.post('/api/vaults/', {
    multipart: {
      order_name: 'SO-31',
      ...input,
      field_id: String(input.field_id),
      position: String(input.position),
      ...(weight === undefined ? {} : { weight: String(weight) }),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const pageFits = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );

for (const size of sizes) {
  test(`the office follows a SIT account from its vaults to the letter, a release and the weight it bills, at ${size.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await signInWithRole(page, 'office');
    const warehouse = await seedWarehouse(page.request, { name: unique('Account Warehouse') });
    const customer = unique('Weighwell').toUpperCase();
    const [lower, upper, unweighed] = [vaultNumber(), vaultNumber(), vaultNumber()];
    const a1 = fieldId(warehouse, 'A1');
    await addVault(
      page.request,
      { vault_id: lower, customer_name: customer, field_id: a1, position: 1 },
      1250,
    );
    await addVault(
      page.request,
      { vault_id: upper, customer_name: customer, field_id: a1, position: 2 },
      800,
    );
    await addVault(page.request, {
      vault_id: unweighed,
      customer_name: customer,
      field_id: fieldId(warehouse, 'B1'),
      position: 1,
    });

    await page.goto('/customers');
    await page.getByRole('searchbox', { name: 'Find a customer' }).fill(customer);
    await page.getByRole('link', { name: customer }).click();
    await expect(page.getByRole('heading', { level: 1, name: customer })).toBeVisible();
    const form = page.getByRole('form', { name: 'Customer details' });
    await form.getByLabel('Account type').selectOption('sit');
    await form.getByLabel('Storage start').fill(daysAgo(85));
    await form.getByRole('button', { name: 'Save customer' }).click();
    await expect(form.getByRole('status')).toHaveText('Saved.');
    await expect(page.getByRole('region', { name: 'SIT clock' })).toContainText('86 of 90');

    // Each vault with where it stands, its date in and its days in storage.
    const customerPage = page.url();
    const vaults = page.getByRole('region', { name: 'Vaults (3)' });
    for (const [vault, place] of [
      [lower, 'field A1, position 1'],
      [upper, 'field A1, position 2'],
      [unweighed, 'field B1, position 1'],
    ] as const) {
      const row = vaults.getByRole('row', { name: new RegExp(vault) });
      await expect(row).toContainText(`${warehouse.name}, ${place}`);
      await expect(row.getByRole('cell').nth(1)).toHaveText(today());
      await expect(row.getByRole('cell').nth(2)).toHaveText('1');
    }
    await pageFits(page, size.width);

    // The letter the customer must get in writing: a PDF the office can print.
    const letter = page.getByRole('link', { name: 'Conversion notice (PDF)' });
    const href = await letter.getAttribute('href');
    if (!href) throw new Error('the letter link has no address');
    const pdf = await page.request.get(href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The goods of the upper vault go out.
    await page.goto(`/edit/vault/${encodeURIComponent(upper)}`);
    await page.getByRole('button', { name: 'Release' }).click();
    const dialog = page.getByRole('dialog', { name: 'Release Vault' });
    await dialog.getByRole('button', { name: 'Yes, release it' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'History' })).toContainText(
      `Released on ${today()} from ${warehouse.name} A1/2`,
    );
    await pageFits(page, size.width);
    await page.goto(customerPage);
    await expect(page.getByRole('row', { name: new RegExp(upper) })).toContainText(
      `Released ${today()}`,
    );
    await expect(page.getByRole('row', { name: new RegExp(lower) })).toContainText(
      'field A1, position 1',
    );

    await page.goto('/dashboard');
    await expect(
      page.getByRole('region', { name: 'SIT ending' }).getByRole('link', { name: customer }),
    ).toBeVisible();

    // Billed by weight too: 12.5 + 8 CWT stored one day (release day included), one unweighed.
    await page.goto('/storage-report');
    await expect(page.getByRole('columnheader', { name: 'CWT', exact: true })).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(customer) });
    await expect(row.getByRole('cell').nth(1)).toHaveText('3');
    await expect(row.getByRole('cell').nth(4)).toHaveText('20.5 1 not weighed');
    await expect(row.getByRole('cell').nth(5)).toHaveText(
      String(Math.round((20.5 / daysInThisMonth()) * 100) / 100),
    );
    await expect(page.getByRole('img', { name: /Storage per month:/ })).toBeVisible();
    await pageFits(page, size.width);

    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download XLSX' }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/^storage-report-\d{4}-\d{2}-to-\d{4}-\d{2}\.xlsx$/);
    const { Workbook } = (await import('exceljs')).default;
    const book = new Workbook();
    await book.xlsx.load(fs.readFileSync(await file.path()) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Storage');
    const headings = (sheet?.getRow(1).values ?? []) as unknown[];
    const line = sheet
      ?.getRows(2, sheet.rowCount - 1)
      ?.find((r) => r.getCell(2).value === customer);
    expect(line?.getCell(headings.indexOf('Cwt')).value).toBe(20.5);
    expect(line?.getCell(headings.indexOf('Unweighed')).value).toBe(1);
  });

  test(`a role changed on the Team screen takes effect on the colleague's next screen, at ${size.width} px`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize(size);
    await signIn(page, E2E_ADMIN);
    await page.goto('/team');
    const colleague = { email: `promoted-${Date.now()}@example.com`, password: 'long enough' };
    await page.getByLabel('Email').fill(colleague.email);
    await page.getByLabel('Initial password').fill(colleague.password);
    await page.getByRole('combobox', { name: 'Role', exact: true }).selectOption('crew');
    await page.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByRole('status')).toHaveText(`${colleague.email} can now sign in.`);

    const other = await browser.newContext({ baseURL: E2E_BASE_URL, viewport: size });
    const theirs = await other.newPage();
    await signIn(theirs, colleague);
    await theirs.goto('/customers');
    await expect(theirs.getByRole('heading', { name: 'Not for your role' })).toBeVisible();

    await page.getByRole('combobox', { name: `Role of ${colleague.email}` }).selectOption('office');
    await expect(page.getByRole('status')).toHaveText(`${colleague.email} is now Office.`);
    await pageFits(page, size.width);

    await theirs.reload();
    await expect(theirs.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
    await other.close();
  });

  test(`crew see no office screen, not even by its address, at ${size.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await signInWithRole(page, 'crew');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Warehouses' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'SIT ending' })).toHaveCount(0);
    for (const path of ['/customers', '/customers/1', '/storage-report']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Not for your role' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveCount(0);
    }
    const report = await page.request.get('/api/storage-report/csv?from=2026-01&to=2026-01');
    expect(report.status()).toBe(403);
  });
}
