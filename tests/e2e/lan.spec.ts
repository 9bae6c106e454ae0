import { expect, test } from '@playwright/test';
import config, { E2E_ADMIN } from '../../playwright.config';

// A warehouse tablet opens the server by its LAN name over plain http, not as localhost:
// browsers treat localhost as secure and would hide a policy that breaks every other host.
const LAN_HOST = 'vaultgrid.lan';
const port = new URL(config.use?.baseURL ?? '').port;
const launchOptions = config.use?.launchOptions ?? {};

test.use({
  baseURL: `http://${LAN_HOST}:${port}`,
  launchOptions: {
    ...launchOptions,
    args: [...(launchOptions.args ?? []), `--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`],
  },
});

test('staff open the app by its LAN name over plain http, sign in and see the dashboard', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page).toHaveURL(`http://${LAN_HOST}:${port}/login`);
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Warehouses' })).toBeVisible();
});
