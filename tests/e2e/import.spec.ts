import AxeBuilder from '@axe-core/playwright';
import { parse } from 'csv-parse/sync';
import fs from 'node:fs';
import { columnLetters } from '../../src/domain/field-names';
import { E2E_ADMIN } from '../../playwright.config';
import { expect, seedWarehouse, signIn, test, unique } from './fixtures';

const COLUMNS = 50;
const ROWS = 20;

/** One vault per field position of the warehouse, and one row with a type we do not know. */
function stockList(warehouse: string, prefix: string): string {
  const lines = ['Vault,Customer,Type,Warehouse,Field,Position,Note'];
  for (let c = 0; c < COLUMNS; c++) {
    for (let r = 1; r <= ROWS; r++) {
      lines.push(`${prefix}-${c}-${r},Smith,vault,${warehouse},${columnLetters(c)}${r},1,`);
    }
  }
  lines.push(`${prefix}-bad,Jones,crate,${warehouse},A1,2,=SUM(A1)`);
  return lines.join('\r\n');
}

test('staff upload a spreadsheet, map and preview it, follow the import and download the refused rows', async ({
  signedInPage: page,
}) => {
  const warehouse = await seedWarehouse(page.request, {
    name: unique('Stock Warehouse'),
    rows: ROWS,
    cols: COLUMNS,
    field_capacity: 3,
  });
  const prefix = unique('IMP').replace(' ', '');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /menu/i }).first().click();
  await page.getByRole('link', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Import', level: 1 })).toBeVisible();

  await page.getByLabel('Spreadsheet file (CSV or XLSX)').setInputFiles({
    name: 'stock.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(stockList(warehouse.name, prefix)),
  });
  await page.getByRole('button', { name: 'Upload' }).press('Enter');

  // The file's headings map themselves; the page lives at its own address from here on.
  await expect(page).toHaveURL(/\/import\/\d+$/);
  await expect(page.getByRole('combobox', { name: 'Vault number' })).toHaveValue('0');
  await expect(page.getByRole('combobox', { name: 'Warehouse', exact: true })).toHaveValue('3');
  await expect(page.getByRole('combobox', { name: 'Order', exact: true })).toHaveValue('');

  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByText('Created', { exact: true })).toBeVisible();
  await expect(preview.getByRole('definition').first()).toHaveText('1,000');
  await expect(page.getByRole('list', { name: 'Refused rows' })).toContainText(
    'Row 1002, Type: Type "crate" is not one of vault, liftvan, t2, couchbox.',
  );
  await expect(page.getByRole('button', { name: 'Start import' })).toBeDisabled();
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(390);

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByLabel('Import the valid rows').check();
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /stock\.csv: done/ })).toBeVisible({
    timeout: 30_000,
  });

  // The outcome is the job's, kept by the server: a reload shows it again.
  await page.reload();
  await expect(page.getByRole('heading', { name: /stock\.csv: done/ })).toBeVisible();
  await expect(page.getByRole('definition').nth(0)).toHaveText('1,000');
  await expect(page.getByRole('definition').nth(3)).toHaveText('1');

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the refused rows (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('stock-refused.csv');
  const rows = parse(fs.readFileSync(await download.path(), 'utf8'), { bom: true }) as string[][];
  expect(rows[0]).toEqual([
    'Vault',
    'Customer',
    'Type',
    'Warehouse',
    'Field',
    'Position',
    'Note',
    'error',
  ]);
  expect(rows).toHaveLength(2);
  expect(rows[1]?.[0]).toBe(`${prefix}-bad`);
  // The formula a spreadsheet would run goes out neutralised.
  expect(rows[1]?.[6]).toBe("'=SUM(A1)");
  expect(rows[1]?.[7]).toContain('Row 1002, Type');

  const placed = await page.request.get(`/api/vaults/lookup/${prefix}-0-1`);
  expect(await placed.json()).toMatchObject({ field_name: 'A1', position: 1 });
});

test('ticking "create missing warehouses and fields" grows a grid, as the preview and the finished import say, by keyboard at phone size', async ({
  signedInPage: page,
}) => {
  const warehouse = await seedWarehouse(page.request, {
    name: unique('Grow Warehouse'),
    rows: 2,
    cols: 2,
    field_capacity: 3,
  });
  const prefix = unique('GRW').replace(' ', '');
  const file = [
    'Vault,Customer,Warehouse,Field',
    `${prefix}-1,Smith,${warehouse.name},C1`,
    `${prefix}-2,Smith,${warehouse.name},A3`,
    `${prefix}-3,Smith,${warehouse.name},B2`,
  ].join('\r\n');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/import');
  await page.getByLabel('Spreadsheet file (CSV or XLSX)').setInputFiles({
    name: 'grow.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(file),
  });
  await page.getByRole('button', { name: 'Upload' }).press('Enter');
  await expect(page).toHaveURL(/\/import\/\d+$/);

  // Unticked: the rows are refused and the fields listed; the grid stays as it is.
  await page.getByRole('button', { name: 'Preview' }).press('Enter');
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(page.getByRole('list', { name: 'Refused rows' })).toContainText(
    `Row 2, Field: Warehouse ${warehouse.name} has no field C1. Tick "create missing warehouses and fields"`,
  );
  await expect(preview).toContainText(
    `Fields the file names that their warehouse does not have: ${warehouse.name} C1, ${warehouse.name} A3.`,
  );
  await expect(page.getByRole('list', { name: 'Grids that grow' })).toHaveCount(0);

  // Ticked by keyboard: the preview says how the grid grows and counts it.
  const tick = page.getByRole('checkbox', { name: 'Create missing warehouses and fields' });
  await tick.focus();
  await page.keyboard.press('Space');
  await expect(tick).toBeChecked();
  await page.getByRole('button', { name: 'Preview' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: 'Grids that grow' })).toHaveText(
    `Warehouse ${warehouse.name} grows from 2 x 2 to 3 x 3: column C and row 3 added.`,
  );
  await expect(preview.getByRole('heading', { name: /Grids that grow/ })).toHaveText(
    'Grids that grow: 1 warehouse, 5 fields added',
  );
  await expect(preview.getByRole('definition').first()).toHaveText('3');
  await expect(page.getByRole('list', { name: 'Refused rows' })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => v.id),
  ).toEqual([]);

  await page.getByRole('button', { name: 'Start import' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /grow\.csv: done/ })).toBeVisible({
    timeout: 30_000,
  });
  // The finished screen repeats what the preview said, as done, and so does a reload.
  const grewSentence = `Warehouse ${warehouse.name} grew from 2 x 2 to 3 x 3: column C and row 3 added.`;
  for (const when of ['finished', 'reloaded']) {
    if (when === 'reloaded') await page.reload();
    await expect(page.getByRole('heading', { name: /grow\.csv: done/ })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Grids grown' })).toHaveText(grewSentence);
    await expect(page.getByRole('heading', { name: /^Grids grown/ })).toHaveText(
      'Grids grown: 1 warehouse, 5 fields added',
    );
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const finishedAxe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    finishedAxe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => v.id),
  ).toEqual([]);
  // By keyboard from there: Tab reaches "Import another file".
  await page.keyboard.press('Tab');
  for (let i = 0; i < 20; i++) {
    const name = await page.evaluate(() => document.activeElement?.textContent ?? '');
    if (name === 'Import another file') break;
    await page.keyboard.press('Tab');
  }
  await expect(page.getByRole('link', { name: 'Import another file' })).toBeFocused();
  const grown = await (await page.request.get(`/api/warehouse/${warehouse.id}`)).json();
  expect(grown).toMatchObject({ rows: 3, cols: 3 });
  await page.goto(`/warehouse/${warehouse.slug}`);
  // The grown column is drawn, holding the imported vault.
  await expect(page.getByRole('gridcell', { name: /^C1, 1\// })).toBeVisible();
  const placed = await page.request.get(`/api/vaults/lookup/${prefix}-1`);
  expect(await placed.json()).toMatchObject({ field_name: 'C1', position: 1 });
});

for (const width of [390, 1366]) {
  test(`the first preview of a file naming a new warehouse counts with the sizes it shows, and Start runs that plan, at ${width} px`, async ({
    page,
  }) => {
    // Importing is office work; the admin does it here.
    await signIn(page, E2E_ADMIN);
    const name = unique('Fresh Warehouse');
    const prefix = unique('NEW').replace(' ', '');
    const file = [
      'Vault,Customer,Warehouse,Field',
      `${prefix}-1,Smith,${name},A1`,
      `${prefix}-2,Smith,${name},A2`,
      `${prefix}-3,Smith,${name},B1`,
    ].join('\r\n');
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await page.goto('/import');
    await page.getByLabel('Spreadsheet file (CSV or XLSX)').setInputFiles({
      name: 'fresh.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(file),
    });
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page).toHaveURL(/\/import\/\d+$/);

    await page.getByRole('checkbox', { name: 'Create missing warehouses and fields' }).check();
    await page.getByRole('checkbox', { name: 'Import the valid rows' }).check();
    await page.getByRole('button', { name: 'Preview' }).click();

    // The box shows the sizes, and the counts are those of a warehouse built with them.
    const box = page.getByRole('group', { name: `New warehouse ${name}` });
    await expect(box.getByRole('spinbutton', { name: 'Rows' })).toHaveValue('10');
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview.getByRole('definition').nth(0)).toHaveText('3');
    await expect(preview.getByRole('definition').nth(3)).toHaveText('0');
    const start = page.getByRole('button', { name: 'Start import' });
    await expect(start).toBeEnabled();

    // A changed size is not the previewed plan: Start waits for a new preview.
    await box.getByRole('spinbutton', { name: 'Capacity' }).fill('4');
    await expect(start).toBeDisabled();
    await expect(box).toBeVisible();
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(preview.getByRole('definition').nth(0)).toHaveText('3');
    await expect(start).toBeEnabled();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );

    await start.click();
    await expect(page.getByRole('heading', { name: /fresh\.csv: done/ })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('definition').nth(0)).toHaveText('3');
    const placed = await page.request.get(`/api/vaults/lookup/${prefix}-2`);
    expect(await placed.json()).toMatchObject({ field_name: 'A2', position: 1 });
  });
}
