import { expect, test, unique } from './fixtures';

/** A stock list with the contents and contact columns a storage company keeps. */
function contentsList(prefix: string): string {
  return [
    'Vault,Customer,Weight (lbs),Date In,Seal No,Lot,Tags,Phone,Email,Address',
    `${prefix}-1,${prefix} Smith,"1,250",2026-03-04,S-1,4471,"1-120, 130",555-0100,smith@example.com,1 Main St`,
    `${prefix}-2,${prefix} Smith,-5,2026-03-05,,,,,,`,
  ].join('\r\n');
}

for (const width of [390, 1366]) {
  test(`the mapping screen maps weight, date in, seal, lot, tags and contact and previews them (${width} px)`, async ({
    signedInPage: page,
  }) => {
    const prefix = unique('IC').replace(' ', '');
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/import');
    await expect(page.getByRole('heading', { name: 'Import', level: 1 })).toBeVisible();
    await page.getByLabel('Spreadsheet file (CSV or XLSX)').setInputFiles({
      name: 'contents.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(contentsList(prefix)),
    });
    await page.getByRole('button', { name: 'Upload' }).press('Enter');
    await expect(page).toHaveURL(/\/import\/\d+$/);

    // The headings map themselves to the new columns, grouped by what they describe.
    const inside = page.getByRole('group', { name: 'What is inside' });
    await expect(inside.getByRole('combobox', { name: 'Weight (lb)' })).toHaveValue('2');
    await expect(inside.getByRole('combobox', { name: 'Date in' })).toHaveValue('3');
    await expect(inside.getByRole('combobox', { name: 'Seal' })).toHaveValue('4');
    await expect(inside.getByRole('combobox', { name: 'Lot' })).toHaveValue('5');
    await expect(inside.getByRole('combobox', { name: 'Tags' })).toHaveValue('6');
    const contact = page.getByRole('group', { name: 'Customer contact' });
    await expect(contact.getByRole('combobox', { name: 'Customer phone' })).toHaveValue('7');
    await expect(contact.getByRole('combobox', { name: 'Customer email' })).toHaveValue('8');
    await expect(contact.getByRole('combobox', { name: 'Customer address' })).toHaveValue('9');
    await expect(inside.getByRole('combobox', { name: 'Weight (lb)' })).toContainText(
      'Weight (lbs)',
    );

    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'Preview' });
    const first = preview.getByRole('row').filter({ hasText: `${prefix}-1` });
    await expect(first).toContainText('1,250 lb');
    await expect(first).toContainText('2026-03-04');
    await expect(first).toContainText('S-1');
    await expect(first).toContainText('LOT 4471, tags 1-120, 130');
    await expect(page.getByRole('list', { name: 'Contact added' })).toContainText(
      `${prefix.toUpperCase()} SMITH: 555-0100, smith@example.com, 1 Main St`,
    );
    await expect(page.getByRole('list', { name: 'Refused rows' })).toContainText(
      'Row 3, Weight (lb): Weight must be 0 pounds or more.',
    );
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: `.tmp/screenshots/import-contents-${width}.png`,
      fullPage: true,
    });

    await page.getByLabel('Import the valid rows').check();
    await page.getByRole('button', { name: 'Start import' }).click();
    await expect(page.getByRole('heading', { name: /contents\.csv: done/ })).toBeVisible({
      timeout: 30_000,
    });
  });
}
