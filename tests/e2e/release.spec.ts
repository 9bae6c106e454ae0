import { E2E_ADMIN, E2E_BASE_URL } from '../../playwright.config';
import {
  expect,
  fieldId,
  seedVault,
  seedWarehouse,
  signIn,
  signInWithRole,
  test,
  unique,
  vaultNumber,
} from './fixtures';

const today = () => new Date().toISOString().slice(0, 10);

test('the office releases a vault on a phone: it leaves the floor and stays in the records', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // Release is office work: the e2e company's admin does it here.
  await signIn(page, E2E_ADMIN);
  const warehouse = await seedWarehouse(page.request, { name: unique('Release Warehouse') });
  const customer = unique('Outbound').toUpperCase();
  const vault = vaultNumber();
  await seedVault(page.request, {
    vault_id: vault,
    customer_name: customer,
    field_id: fieldId(warehouse, 'A1'),
    position: 1,
  });

  await page.goto(`/edit/vault/${encodeURIComponent(vault)}`);
  await page.getByRole('button', { name: 'Release' }).click();
  const dialog = page.getByRole('dialog', { name: 'Release Vault' });
  await expect(dialog).toContainText('stays in the customer');
  await dialog.getByRole('button', { name: 'Yes, release it' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`on ${today()} by ${E2E_ADMIN.email}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Release' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'History' })).toContainText(
    `Released on ${today()} from ${warehouse.name} A1/1`,
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.goto('/customers');
  await page.getByRole('searchbox', { name: 'Find a customer' }).fill(customer);
  await page.getByRole('link', { name: customer }).click();
  await expect(page.getByRole('row', { name: new RegExp(vault) })).toContainText(
    `Released ${today()}`,
  );
});

test('crew see no Release button', async ({ page, playwright }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithRole(page, 'crew');
  // Warehouses are laid out by the office: the admin seeds this one.
  const admin = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  expect((await admin.post('/api/auth/login', { data: E2E_ADMIN })).status()).toBe(200);
  const warehouse = await seedWarehouse(admin, { name: unique('Crew Warehouse') });
  const vault = vaultNumber();
  await admin.dispose();
  await seedVault(page.request, {
    vault_id: vault,
    field_id: fieldId(warehouse, 'A1'),
    position: 1,
  });
  await page.goto(`/edit/vault/${encodeURIComponent(vault)}`);
  await expect(page.getByRole('button', { name: 'Delete' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Release' })).toHaveCount(0);
});
