import crypto from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { E2E_ADMIN, E2E_BASE_URL } from '../../playwright.config';
import { expect, fieldId, seedWarehouse, signIn, test, vaultNumber, type Staff } from './fixtures';

const cell = (page: Page, name: string) =>
  page.getByRole('gridcell', { name: new RegExp(`^${name},`) });

/** A second colleague in the e2e company, in a browser context of their own. */
async function colleague(browser: Browser): Promise<{ page: Page; staff: Staff }> {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  const page = await context.newPage();
  expect((await page.request.post('/api/auth/login', { data: E2E_ADMIN })).status()).toBe(200);
  const staff = {
    email: `ana-${crypto.randomBytes(3).toString('hex')}@example.com`,
    password: 'staff-password',
  };
  expect((await page.request.post('/api/team/users', { data: staff })).status()).toBe(200);
  await page.request.post('/api/auth/logout');
  await signIn(page, staff);
  return { page, staff };
}

test('a second browser on the warehouse shows a vault added, staged and moved, without reloading', async ({
  signedInPage: watcher,
  browser,
}) => {
  const w = await seedWarehouse(watcher.request, { rows: 2, cols: 2, field_capacity: 3 });
  const { page: worker, staff: ana } = await colleague(browser);

  await watcher.goto(`/warehouse/${w.slug}`);
  await expect(watcher.getByRole('heading', { name: w.name })).toBeVisible();
  // Marks this page load: a reload would lose it.
  await watcher.evaluate(() => {
    document.body.dataset.liveMarker = 'kept';
  });
  await cell(watcher, 'A1').click();
  await expect(cell(watcher, 'A1')).toHaveAttribute('data-fill', 'empty');

  // Ana opens the same warehouse: the watcher sees her arrive.
  await worker.goto(`/warehouse/${w.slug}`);
  const anaName = ana.email.split('@')[0] ?? '';
  await expect(watcher.getByText(`${anaName} is here`)).toBeVisible();

  // Ana adds a vault into A1: the grid colour and the open field panel follow.
  const number = vaultNumber();
  const added = await worker.request.post('/api/vaults/', {
    multipart: {
      customer_name: 'LIVE FAMILY',
      order_name: 'L-1',
      vault_id: number,
      field_id: String(fieldId(w, 'A1')),
      position: '1',
    },
  });
  expect(added.status()).toBe(200);
  const vault = ((await added.json()) as { vault: { id: number } }).vault;
  await expect(cell(watcher, 'A1')).toHaveAttribute('data-fill', 'success');
  await expect(watcher.getByRole('listitem', { name: `Vault ${number}` })).toContainText(
    'LIVE FAMILY',
  );

  // She stages it: the field empties on the watcher's screen.
  expect((await worker.request.post(`/api/stage/vaults/${vault.id}`)).status()).toBe(200);
  await expect(cell(watcher, 'A1')).toHaveAttribute('data-fill', 'empty');
  await expect(watcher.getByRole('listitem', { name: `Vault ${number}` })).toBeHidden();

  // And moves it into B2.
  const moved = await worker.request.put('/api/vaults/move', {
    data: { vaultId: vault.id, fieldId: fieldId(w, 'B2'), position: 1 },
  });
  expect(moved.status()).toBe(200);
  await expect(cell(watcher, 'B2')).toHaveAttribute('data-fill', 'success');

  // Ana leaves: the watcher sees that too.
  await worker.goto('/dashboard');
  await expect(watcher.getByText(`${anaName} is here`)).toBeHidden();
  expect(await watcher.evaluate(() => document.body.dataset.liveMarker)).toBe('kept');
});
