import fs from 'node:fs';
import { E2E_ADMIN } from '../../playwright.config';
import {
  expect,
  fieldId,
  seedVault,
  seedWarehouse,
  signIn,
  test,
  unique,
  vaultNumber,
} from './fixtures';

/** A day `days` before today, by the browser's calendar as the server's (both UTC here). */
const daysAgo = (days: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test(`the office keeps a customer's SIT account and sees it billed, at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    // Customers and reports are office work: the e2e company's admin does it here.
    await signIn(page, E2E_ADMIN);
    const warehouse = await seedWarehouse(page.request, { name: unique('Customer Warehouse') });
    const customer = unique('Sitwell').toUpperCase();
    const vault = vaultNumber();
    await seedVault(page.request, {
      vault_id: vault,
      customer_name: customer,
      field_id: fieldId(warehouse, 'B2'),
      position: 1,
    });

    await page.goto('/customers');
    await page.getByRole('searchbox', { name: 'Find a customer' }).fill(customer);
    await page.getByRole('link', { name: customer }).click();
    await expect(page.getByRole('heading', { level: 1, name: customer })).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(vault) });
    await expect(row).toContainText(`${warehouse.name}, field B2, position 1`);
    await expect(row.getByRole('cell').last()).toHaveText('1');
    await expect(page.getByRole('region', { name: 'SIT clock' })).toHaveCount(0);

    const form = page.getByRole('form', { name: 'Customer details' });
    await form.getByLabel('Account type').selectOption('sit');
    await form.getByLabel('Storage start').fill(daysAgo(79));
    await form.getByLabel('Phone').fill('+1 415 555 0100');
    await form.getByRole('button', { name: 'Save customer' }).click();
    await expect(form.getByRole('status')).toHaveText('Saved.');
    const clock = page.getByRole('region', { name: 'SIT clock' });
    await expect(clock).toContainText('Ending soon');
    await expect(clock).toContainText('80 of 90');
    await expect(page.getByRole('link', { name: 'Conversion notice (PDF)' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'History' })).toContainText(`${vault}: Added at`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );

    await page.goto('/dashboard');
    const ending = page.getByRole('region', { name: 'SIT ending' });
    await expect(ending.getByRole('link', { name: customer })).toBeVisible();
    await expect(ending).toContainText('80 of 90 authorised days used');

    await page.goto('/storage-report');
    await expect(page.getByRole('heading', { name: 'Storage report' })).toBeVisible();
    await expect(
      page.getByRole('img', { name: /Storage per month: .*vault-months/ }),
    ).toBeVisible();
    const reportRow = page.getByRole('row', { name: new RegExp(customer) });
    // The vault came in today: one vault-day this month.
    await expect(reportRow.getByRole('cell').nth(1)).toHaveText('1');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download CSV' }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/^storage-report-\d{4}-\d{2}-to-\d{4}-\d{2}\.csv$/);
    const csv = fs.readFileSync(await file.path(), 'utf8');
    expect(csv).toContain(`,${customer},`);
    expect(csv.split('\r\n')[0]).toMatch(/^\uFEFF?InvoiceNo,Customer,InvoiceDate,DueDate,/);
  });
}
