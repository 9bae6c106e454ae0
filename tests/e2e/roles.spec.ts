import { expect, signInWithRole, test } from './fixtures';

for (const size of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test(`crew are offered the floor's screens only, at ${size.width} px`, async ({ page }) => {
    await page.setViewportSize(size);
    await signInWithRole(page, 'crew');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Warehouses' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Warehouse' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main' });
    await expect(menu.getByRole('link', { name: 'Stage' })).toBeVisible();
    for (const name of ['Statistics', 'Import', 'Team', 'Customers', 'Requests', 'Storage Report'])
      await expect(menu.getByRole('link', { name, exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.goto('/team');
    await expect(page.getByRole('heading', { name: 'Not for your role' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the warehouses' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
}

test('an admin gives a colleague the office role on the Team screen', async ({
  signedInPage: page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/team');
  const email = `office-to-be-${Date.now()}@example.com`;
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Initial password').fill('long enough');
  await page.getByRole('combobox', { name: 'Role', exact: true }).selectOption('crew');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('status')).toHaveText(`${email} can now sign in.`);
  await page.getByRole('combobox', { name: `Role of ${email}` }).selectOption('office');
  await expect(page.getByRole('status')).toHaveText(`${email} is now Office.`);
  await page.reload();
  await expect(page.getByRole('combobox', { name: `Role of ${email}` })).toHaveValue('office');
});
