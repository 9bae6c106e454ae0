import type { Page } from '@playwright/test';
import { expect, seedWarehouse, test, vaultNumber, type SeededWarehouse } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

async function openField(page: Page, w: SeededWarehouse, name: string) {
  await page.goto(`/warehouse/${w.slug}`);
  await expect(page.getByRole('heading', { name: w.name })).toBeVisible();
  await page.getByRole('gridcell', { name: new RegExp(`^${name},`) }).click();
}

test('on a phone, staff weigh a vault as they add it and correct its weight', async ({
  signedInPage: page,
}) => {
  const w = await seedWarehouse(page.request, { rows: 1, cols: 1, field_capacity: 3 });
  await openField(page, w, 'A1');
  await page.getByRole('button', { name: 'Add at position 1' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Add Vault' })
    .getByRole('button', { name: 'Yes, add it' })
    .click();

  const form = page.getByRole('dialog', { name: 'New Vault Info' });
  const number = vaultNumber();
  await form.getByLabel('Customer Name').fill('weighed family');
  await form.getByLabel('Order Number').fill('ORD-W');
  await form.getByLabel('Vault Number').fill(number);
  const weight = form.getByLabel('Weight (lb)');
  await expect(weight).toHaveAttribute('inputmode', 'decimal');
  await weight.fill('-5');
  await form.getByRole('button', { name: 'Add Vault' }).click();
  await expect(form.getByRole('alert')).toContainText('Weight must be 0 pounds or more.');

  await weight.fill('1250');
  await form.getByRole('button', { name: 'Add Vault' }).click();
  await expect(form).toBeHidden();
  const row = page.getByRole('listitem', { name: `Vault ${number}` });
  await expect(row).toContainText('1,250 lb');

  await page.getByRole('link', { name: `Edit vault ${number}` }).click();
  await expect(page.getByRole('heading', { name: `Edit Vault ${number}` })).toBeVisible();
  await expect(page.getByLabel('Weight (lb)')).toHaveValue('1250');
  await page.getByLabel('Weight (lb)').fill('900');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/warehouse/${w.slug}$`));

  await openField(page, w, 'A1');
  await expect(row).toContainText('900 lb');
  await expect(row).not.toContainText('1,250');
});
