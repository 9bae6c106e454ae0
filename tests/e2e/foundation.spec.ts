import { expect, seedWarehouse, test, unique } from './fixtures';

test('staff sign in from the landing page and reach the dashboard', async ({ page, staff }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Real-time inventory' })).toBeVisible();
  await page.getByRole('link', { name: 'Log In' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await page.getByLabel('Email').fill(staff.email.toUpperCase());
  await page.getByLabel('Password').fill(staff.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Warehouses' })).toBeVisible();
});

test('a wrong password shows the error and stays on the sign-in page', async ({ page, staff }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(staff.email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
  await expect(page).toHaveURL(/\/login$/);
});

test('staff add a warehouse, see its card at 0%, and delete it through the confirmation', async ({
  signedInPage: page,
}) => {
  const name = unique('Warehouse');
  await page.goto('/add-warehouse');
  await expect(page.getByText('Enter dimensions')).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Field Grid rows').fill('4');
  await page.getByLabel('Field Grid columns').fill('3');
  await page.getByLabel('Field Capacity').fill('3');
  await page.getByLabel('Length (feet)').fill('80');
  await page.getByLabel('Width (feet)').fill('50.5');
  await expect(page.getByText('50.5 x 80 ft')).toBeVisible();
  await page.getByRole('button', { name: 'Add Warehouse' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  const card = page.getByRole('article', { name });
  await expect(card.getByText('0%')).toBeVisible();

  await card.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Warehouse' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, delete it' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('article', { name })).toHaveCount(0);
});

test('adding a warehouse with a taken name shows the server message and stays', async ({
  signedInPage: page,
}) => {
  const existing = await seedWarehouse(page.request);
  await page.goto('/add-warehouse');
  await page.getByLabel('Name').fill(existing.name);
  await page.getByLabel('Field Grid rows').fill('2');
  await page.getByLabel('Field Grid columns').fill('2');
  await page.getByLabel('Length (feet)').fill('10');
  await page.getByLabel('Width (feet)').fill('10');
  await page.getByRole('button', { name: 'Add Warehouse' }).click();
  await expect(page.getByRole('alert')).toContainText(
    `A warehouse named "${existing.name}" already exists.`,
  );
  await expect(page).toHaveURL(/\/add-warehouse$/);
});

test('the side menu links each warehouse, and logout returns to the landing page', async ({
  signedInPage: page,
}) => {
  const w = await seedWarehouse(page.request);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  for (const name of ['Stage', 'Statistics', 'Print Studio', 'Warehouse Checklists']) {
    await expect(menu.getByRole('link', { name })).toBeVisible();
  }
  await menu.getByRole('link', { name: w.name }).click();
  await expect(page).toHaveURL(new RegExp(`/warehouse/${w.slug}$`));
  await expect(page.getByRole('heading', { name: w.name })).toBeVisible();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
});

test('a signed-out visit to /dashboard lands on the landing page', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
});

test('signed in, / and /login go to the dashboard and unknown paths go home', async ({
  signedInPage: page,
}) => {
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an unknown warehouse slug says it could not be fetched', async ({ signedInPage: page }) => {
  await page.goto('/warehouse/nowhere-at-all');
  await expect(page.getByText('Warehouse could not be fetched')).toBeVisible();
});
