import { chromium, type ConsoleMessage, type Page } from '@playwright/test';
import { chromiumArgs, E2E_BASE_URL } from '../../playwright.config';
import { expect, fieldId, seedVault, seedWarehouse, test, unique, vaultNumber } from './fixtures';

// Issue 30, the screens of the server-side items: Team, not-found pages, the field panel's
// Escape, where Edit Vault's vault is, and a console kept clean over a LAN host name.

const cell = (page: Page, name: string) =>
  page.getByRole('gridcell', { name: new RegExp(`^${name},`) });

const viewports = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];

for (const viewport of viewports) {
  test.describe(`at ${viewport.width} x ${viewport.height}`, () => {
    test.use({ viewport });

    test('Team adds, resets a password and removes a colleague, saying every refusal in a sentence', async ({
      signedInPage: page,
    }) => {
      await page.goto('/team');
      const email = `${unique('mate').replace(' ', '-')}@example.com`;
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Initial password').fill('short');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(page.getByRole('alert')).toHaveText('Password must be at least 8 characters.');
      await page.getByLabel('Initial password').fill('long enough');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(page.getByRole('status')).toHaveText(`${email} can now sign in.`);

      const row = page.getByRole('list', { name: 'Team members' }).getByRole('listitem', {
        name: email,
      });
      await row.getByRole('button', { name: 'Reset password' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reset Password' });
      await dialog.getByLabel('New password').fill('short');
      await dialog.getByRole('button', { name: 'Set password' }).click();
      await expect(dialog.getByText('Password must be at least 8 characters.')).toBeVisible();
      await dialog.getByLabel('New password').fill('a better one');
      await dialog.getByRole('button', { name: 'Set password' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('status')).toHaveText(
        `${email} has a new password and was signed out everywhere.`,
      );

      await row.getByRole('button', { name: 'Remove' }).click();
      await page
        .getByRole('dialog', { name: 'Remove User' })
        .getByRole('button', { name: 'Yes, remove' })
        .click();
      await expect(page.getByRole('status')).toHaveText(`${email} was removed and signed out.`);
      await expect(row).toHaveCount(0);
    });

    test('both not-found pages use the spec words and lead back to the warehouses', async ({
      signedInPage: page,
    }) => {
      for (const path of ['/warehouse/nowhere-at-all', '/edit/nowhere-at-all']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: 'Warehouse Not Found' })).toBeVisible();
        await page.getByRole('link', { name: 'Back to the warehouses' }).click();
        await expect(page).toHaveURL(/\/dashboard$/);
      }
    });

    test('Escape closes the field panel with focus inside it, and focus returns to the field', async ({
      signedInPage: page,
    }) => {
      const w = await seedWarehouse(page.request, { rows: 2, cols: 2 });
      await page.goto(`/warehouse/${w.slug}`);
      await cell(page, 'A1').click();
      const panel = page.getByRole('complementary', { name: 'Selected field' });
      await expect(panel.getByRole('heading', { name: 'Field A1' })).toBeVisible();
      await panel.getByRole('button', { name: 'Close field panel' }).focus();
      await page.keyboard.press('Escape');
      await expect(panel.getByRole('heading', { name: 'Field A1' })).toHaveCount(0);
      await expect(cell(page, 'A1')).toBeFocused();
    });

    test('Edit Vault says where the vault is: warehouse, field and position, or staged', async ({
      signedInPage: page,
    }) => {
      const w = await seedWarehouse(page.request, { rows: 2, cols: 2 });
      const name = vaultNumber();
      const vault = await seedVault(page.request, {
        field_id: fieldId(w, 'B2'),
        position: 1,
        vault_id: name,
      });
      await page.goto(`/edit/vault/${name}`);
      await expect(page.getByText(`Where: ${w.name}, field B2, position 1`)).toBeVisible();
      await page.getByRole('link', { name: w.name }).click();
      await expect(page.getByRole('heading', { name: w.name, exact: true })).toBeVisible();

      expect((await page.request.post(`/api/stage/vaults/${vault.id}`)).status()).toBe(200);
      await page.goto(`/edit/vault/${name}`);
      await expect(page.getByText('Staged: not in a field.')).toBeVisible();
    });
  });
}

test('pages over plain http on a LAN name log no errors or warnings, signed out or in', async ({
  playwright,
  staff,
}) => {
  const port = new URL(E2E_BASE_URL).port;
  const lan = `http://vaultgrid.lan:${port}`;
  const api = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  expect((await api.post('/api/auth/login', { data: staff })).status()).toBe(200);
  const w = await seedWarehouse(api, { rows: 2, cols: 2 });
  const session = (await api.storageState()).cookies;
  await api.dispose();

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...chromiumArgs, '--host-resolver-rules=MAP vaultgrid.lan 127.0.0.1'],
  });
  try {
    for (const viewport of viewports) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const logged: string[] = [];
      page.on('console', (m: ConsoleMessage) => {
        if (m.type() === 'error' || m.type() === 'warning') logged.push(`${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => logged.push(`pageerror: ${e.message}`));
      const visit = async (path: string, heading: RegExp | string) => {
        await page.goto(`${lan}${path}`);
        await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
        await page.waitForLoadState('networkidle');
      };
      await visit('/', /.+/);
      await visit('/login', /sign in/i);
      await context.addCookies(
        session.map((c) => ({ ...c, domain: 'vaultgrid.lan', secure: false })),
      );
      await visit('/dashboard', /.+/);
      await visit(`/warehouse/${w.slug}`, w.name);
      await visit('/team', 'Team');
      expect(logged, `${viewport.width} px`).toEqual([]);
      await context.close();
    }
  } finally {
    await browser.close();
  }
});
