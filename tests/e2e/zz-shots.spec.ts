import { expect, fieldId, seedVault, seedWarehouse, test, vaultNumber } from './fixtures';

for (const [w, h] of [[390, 844], [1366, 900]] as const) {
  test(`shots ${w}`, async ({ signedInPage: page }) => {
    await page.setViewportSize({ width: w, height: h });
    const wh = await seedWarehouse(page.request, { rows: 2, cols: 2 });
    const number = vaultNumber();
    await seedVault(page.request, { field_id: fieldId(wh, 'A1'), position: 1, vault_id: number, customer_name: 'JOHNSON-WHITFIELD FAMILY' });
    await page.goto('/scan');
    await page.getByLabel('Vault number, field or code').fill(number);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: `Vault ${number}` })).toBeVisible();
    await page.screenshot({ path: `.tmp/shots/scan-${w}.png`, fullPage: true });
    await page.getByLabel('Vault number, field or code').fill('B2');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.screenshot({ path: `.tmp/shots/confirm-${w}.png` });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Print label' }).click();
    await page.screenshot({ path: `.tmp/shots/print-${w}.png` });
    await page.keyboard.press('Escape');
    await page.goto('/print-studio');
    await expect(page.getByRole('heading', { name: 'Labels' })).toBeVisible();
    await page.screenshot({ path: `.tmp/shots/studio-${w}.png` });
    await page.goto(`/warehouse/${wh.slug}?field=${fieldId(wh, 'A1')}`);
    await expect(page.getByRole('heading', { name: 'Field A1' })).toBeVisible();
    await page.screenshot({ path: `.tmp/shots/warehouse-${w}.png`, fullPage: true });
  });
}
