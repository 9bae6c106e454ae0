import { expect, request, test, type Page } from '@playwright/test';
import config, { E2E_ADMIN, E2E_BASE_URL, E2E_HTTPS_PORT } from '../../playwright.config';
import { qrCodesInPicture } from '../support/pdf';
import { fieldId, seedVault, seedWarehouse, vaultNumber } from './fixtures';

// A warehouse tablet opens the server by its LAN name over plain http, not as localhost:
// browsers treat localhost as secure and would hide a policy that breaks every other host.
const LAN_HOST = 'vaultgrid.lan';
const port = new URL(config.use?.baseURL ?? '').port;
const launchOptions = config.use?.launchOptions ?? {};

test.use({
  baseURL: `http://${LAN_HOST}:${port}`,
  launchOptions: {
    ...launchOptions,
    args: [
      ...(launchOptions.args ?? []),
      `--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`,
      // The certificate the server made names this machine, not the test's LAN name; a phone
      // accepts it once by hand, which a headless browser cannot.
      '--ignore-certificate-errors',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
  permissions: ['camera'],
});

async function signIn(page: Page) {
  await page.goto('/login');
  await expect(page).toHaveURL(`http://${LAN_HOST}:${port}/login`);
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('staff open the app by its LAN name over plain http, sign in and see the dashboard', async ({
  page,
}) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Warehouses' })).toBeVisible();
});

test('the scan screen on the plain http address leads to the secure one, where the camera runs', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/scan');
  const secure = page.getByRole('link', { name: 'Open the secure address' });
  await expect(secure).toHaveAttribute('href', `https://${LAN_HOST}:${E2E_HTTPS_PORT}/scan`);
  await secure.click();
  await expect(page).toHaveURL(`https://${LAN_HOST}:${E2E_HTTPS_PORT}/scan`);
  // Still signed in: the session cookie goes to the same host over https.
  await expect(page.getByRole('heading', { name: 'Scan', exact: true })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Point the camera at a label.' }),
  ).toBeVisible({
    timeout: 15_000,
  });
});

for (const { width, height } of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test(`at ${width} px the scan screen over plain http shows the secure address as a QR code a phone reads, and no camera button`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/scan');
    const secureUrl = `https://${LAN_HOST}:${E2E_HTTPS_PORT}/scan`;
    await expect(page.getByText('This plain http address may not use the camera.')).toBeVisible();
    const qr = page.getByRole('img', { name: 'QR code of the secure address' });
    await expect(qr).toBeVisible();
    expect(await qrCodesInPicture(await qr.screenshot())).toEqual([secureUrl]);
    await expect(page.getByRole('link', { name: 'Open the secure address' })).toHaveAttribute(
      'href',
      secureUrl,
    );
    await expect(page.getByText(secureUrl, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /camera/i })).toHaveCount(0);
    // The typed entry stays in reach under the panel.
    await expect(page.getByLabel('Vault number, field or code')).toBeVisible();
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);
  });
}

test('with no secure address the scan screen says the camera cannot be used, and offers no camera button', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // As a server started with HTTPS_PORT=off answers.
  await page.route('**/api/secure-address', (route) => route.fulfill({ json: { url: null } }));
  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/scan');
  await expect(page.getByText(/^No camera can be used here/)).toBeVisible();
  await expect(page.getByRole('button', { name: /camera/i })).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'QR code of the secure address' })).toHaveCount(0);
});

test('over plain http on the LAN a phone opens a warehouse grid, a field and the edit screen', async ({
  page,
}) => {
  // Browsers offer some APIs (crypto.randomUUID, for one) only in secure contexts; a screen
  // that calls one works on localhost and fails on the LAN address.
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  // Seeded from this machine: the test runner cannot resolve the LAN name, only the browser can.
  const api = await request.newContext({ baseURL: E2E_BASE_URL });
  expect((await api.post('/api/auth/login', { data: E2E_ADMIN })).status()).toBe(200);
  // Wider than a phone at the spec's 2 px per foot, so the floor plan preview must shrink.
  const w = await seedWarehouse(api, { cols: 12, rows: 4, width: 240, length: 100 });
  const number = vaultNumber();
  await seedVault(api, { field_id: fieldId(w, 'A1'), position: 1, vault_id: number });
  await api.dispose();

  await page.goto(`/warehouse/${w.slug}`);
  await expect(page.getByRole('grid')).toBeVisible();
  await page.getByRole('gridcell', { name: /^A1,/ }).click();
  await expect(page.getByText(number)).toBeVisible();

  await page.goto(`/edit/${w.slug}`);
  await expect(page.getByText(/Floor plan preview/)).toBeVisible();
  await expect(page.getByRole('heading', { name: /Field grid/ })).toBeVisible();
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBe(0);
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});
