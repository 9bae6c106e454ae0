import { E2E_ADMIN } from '../../playwright.config';
import {
  dayFromToday,
  expect,
  fieldId,
  seedVault,
  seedWarehouse,
  signIn,
  test,
  unique,
  vaultNumber,
} from './fixtures';

// Issue 31 §2: a vault that came in last week is entered with that day, and its customer's
// screen counts its days in storage from it.

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test(`staff add a vault that came in last week and its customer sees its days in storage, at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    // The customer screen is office work: the e2e company's admin does both here.
    await signIn(page, E2E_ADMIN);
    const w = await seedWarehouse(page.request, { rows: 1, cols: 2 });
    await seedVault(page.request, { field_id: fieldId(w, 'B1'), position: 1 });
    await page.goto(`/warehouse/${w.slug}`);
    await expect(page.getByRole('heading', { name: w.name })).toBeVisible();
    await page.getByRole('gridcell', { name: /^A1,/ }).click();
    await page.getByRole('button', { name: 'Add at position 1' }).click();
    await page
      .getByRole('dialog', { name: 'Confirm Add Vault' })
      .getByRole('button', { name: 'Yes, add it' })
      .click();

    const form = page.getByRole('dialog', { name: 'New Vault Info' });
    const customer = unique('Lastweek').toUpperCase();
    const number = vaultNumber();
    const lastWeek = dayFromToday(-7);
    await form.getByLabel('Customer Name').fill(customer);
    await form.getByLabel('Order Number').fill('ORD-D');
    await form.getByLabel('Vault Number').fill(number);
    const dateIn = form.getByLabel('Date In');
    await expect(dateIn).toHaveValue(dayFromToday(0));
    await dateIn.fill(lastWeek);
    await form.getByRole('button', { name: 'Add Vault' }).click();
    await expect(form).toBeHidden();

    await page.goto('/customers');
    await page.getByRole('searchbox', { name: 'Find a customer' }).fill(customer);
    await page.getByRole('link', { name: customer }).click();
    await expect(page.getByRole('heading', { level: 1, name: customer })).toBeVisible();
    const row = page
      .getByRole('region', { name: 'Vaults (1)' })
      .getByRole('row', { name: new RegExp(number) });
    await expect(row.getByRole('cell').nth(1)).toHaveText(lastWeek);
    // The day it came in counts: seven days ago to today is eight days.
    await expect(row.getByRole('cell').nth(2)).toHaveText('8');

    // The edit form holds the day, to correct it.
    await page.goto(`/edit/vault/${number}`);
    await expect(page.getByLabel('Date In')).toHaveValue(lastWeek);
  });
}
