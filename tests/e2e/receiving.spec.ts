import crypto from 'node:crypto';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { createCompany, createUser } from '../../src/server/features/auth/companies.service';
import { startTestApp, type TestApp } from '../support/test-app';
import { axeProblems } from './keyboard';
import { LAN_HOST, lanUse } from './lan-screens';

// Receiving by release date as the floor uses it: a phone or a desktop opening the server by its
// LAN name. The vault calls of this build take no expected release yet, so the dates are written
// into the vaults' rows of a server of this test's own (the built client over an embedded
// database), and every count shown is the one that server computes from them.

test.use({ launchOptions: lanUse.launchOptions });

let app: TestApp;
let lanBase: string;
test.beforeAll(async () => {
  app = await startTestApp(null, { webRoot: path.resolve('dist/web') });
  lanBase = `http://${LAN_HOST}:${new URL(app.baseUrl).port}`;
});
test.afterAll(async () => {
  await app?.close();
});

const PASSWORD = 'receiving-password';

interface Seeded {
  slug: string;
  name: string;
  fields: Record<string, number>;
  cookie: string;
  email: string;
}

/** A company of its own, signed in by API, with one warehouse of `rows` x `cols` fields. */
async function seedWarehouse(rows: number, cols: number): Promise<Seeded> {
  const company = await createCompany(app.deps.db, `Recv ${crypto.randomBytes(3).toString('hex')}`);
  const email = `office-${crypto.randomBytes(4).toString('hex')}@example.com`;
  await createUser(app.deps.db, { companyId: company.id, email, password: PASSWORD });
  const login = await fetch(`${app.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const res = await fetch(`${app.baseUrl}/api/warehouse/add-warehouse`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'North', rows, cols, field_capacity: 3, length: 60, width: 40 }),
  });
  expect(res.status).toBe(200);
  const w = (await res.json()) as {
    slug: string;
    name: string;
    fields: Record<string, { id: number; name: string }>;
  };
  const fields = Object.fromEntries(Object.values(w.fields).map((f) => [f.name, f.id]));
  return { slug: w.slug, name: w.name, fields, cookie, email };
}

/** A vault added through the API, then given its expected release in its row. */
async function seedVault(
  s: Seeded,
  field: string,
  position: number,
  expectedRelease: string | null,
  customer = 'SEEDED',
) {
  const form = new FormData();
  form.append('customer_name', customer);
  form.append('order_name', 'S-1');
  form.append('vault_id', `V-${crypto.randomBytes(3).toString('hex')}`);
  form.append('field_id', String(s.fields[field]));
  form.append('position', String(position));
  const res = await fetch(`${app.baseUrl}/api/vaults/`, {
    method: 'POST',
    headers: { cookie: s.cookie },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const { vault } = (await res.json()) as { vault: { id: number } };
  await app.deps.db.execute(
    sql`UPDATE vaults SET expected_release = ${expectedRelease}::date WHERE id = ${vault.id}`,
  );
}

/** Signs the browser in at the LAN address, as a tablet on the floor does, and opens the warehouse. */
async function openWarehouse(page: Page, s: Seeded) {
  await page.goto(`${lanBase}/login`);
  const status = await page.evaluate(
    async (staff) =>
      (
        await fetch('/api/auth/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(staff),
        })
      ).status,
    { email: s.email, password: PASSWORD },
  );
  expect(status).toBe(200);
  await page.goto(`${lanBase}/warehouse/${s.slug}`);
  await expect(page.getByRole('heading', { name: s.name, exact: true })).toBeVisible();
}

const cell = (page: Page, name: string) =>
  page.getByRole('gridcell', { name: new RegExp(`^${name},`) });

/** Presses Tab until `target` has the focus; fails when it never comes. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

async function expectNoSideways(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}

/** From the grid, by keyboard: the field `name` (a neighbour of A1 by arrows), its add, the form. */
async function openNewVaultFormByKeyboard(page: Page, arrows: string[]): Promise<Locator> {
  await tabTo(page, cell(page, 'A1'));
  for (const arrow of arrows) await page.keyboard.press(arrow);
  await page.keyboard.press('Enter');
  const add = page.getByRole('button', { name: 'Add at position 1' });
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Confirm Add Vault' });
  await expect(confirm.getByRole('button', { name: 'Yes, add it' })).toBeFocused();
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: 'New Vault Info' });
  await expect(form.getByLabel('Customer Name')).toBeFocused();
  return form;
}

/** Types a day into the form's date box by keys, as its month/day/year segments take them. */
async function typeExpectedRelease(page: Page, form: Locator, day: string) {
  const input = form.getByLabel('Expected Release');
  await tabTo(page, input);
  const [year, month, date] = day.split('-');
  await page.keyboard.type(`${month}${date}${year}`);
  await expect(input).toHaveValue(day);
}

for (const size of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test.describe(`at ${size.width} x ${size.height} over the LAN name`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(size);
    });

    test('by keyboard, a vault with a release date is suggested the top of a stack leaving later, taken, given back and taken again, and added there', async ({
      page,
    }) => {
      const s = await seedWarehouse(2, 2);
      // A vault with no expected release counts as leaving last: a dated one may go on it.
      await seedVault(s, 'B2', 1, null);
      await openWarehouse(page, s);

      const form = await openNewVaultFormByKeyboard(page, []);
      await expect(form).toContainText('Field A1, position 1');
      await page.keyboard.type('okafor');
      await page.keyboard.press('Tab');
      await page.keyboard.type('OK-7');
      await expect(form.getByText(/^Suggested:/)).toHaveCount(0);

      await typeExpectedRelease(page, form, '2026-12-16');
      await expect(
        form.getByText('Suggested: B2, position 2 (sooner releases on top)'),
      ).toBeVisible();
      await expect(form).toContainText('has no expected release, so it counts as leaving last');
      const use = form.getByRole('button', { name: 'Use', exact: true });
      await tabTo(page, use);
      await expect(use).toHaveAccessibleDescription(/^Suggested: B2, position 2/);
      await page.keyboard.press('Enter');
      await expect(form).toContainText('Field B2, position 2');
      const back = form.getByRole('button', { name: 'Back to A1, position 1' });
      await expect(back).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(form).toContainText('Field A1, position 1');
      await expect(use).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(form).toContainText('Field B2, position 2');
      expect(await axeProblems(page, '[role="dialog"]')).toEqual([]);
      await expectNoSideways(page, size.width);

      const sent = page.waitForRequest(
        (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/vaults/',
      );
      await tabTo(page, form.getByRole('button', { name: 'Add Vault' }));
      await page.keyboard.press('Enter');
      // The date goes with the vault by the key the vault calls take once they store it.
      expect((await sent).postData()).toMatch(/name="expected_release"\r\n\r\n2026-12-16\r\n/);
      await expect(form).toBeHidden();
      await expect(cell(page, 'B2')).toHaveAccessibleName(/^B2, 2\/3/);
      await expect(cell(page, 'A1')).toHaveAccessibleName(/^A1, 0\/3/);
    });

    test("a vault is suggested the stack topped by the same customer's vault, once the typed name is that customer", async ({
      page,
    }) => {
      const s = await seedWarehouse(2, 2);
      // A2 is nearer to A1, where staff start, than B1; both tops leave after the arrival.
      await seedVault(s, 'A2', 1, '2027-01-06');
      await seedVault(s, 'B1', 1, '2027-01-06', 'OKAFOR');
      await openWarehouse(page, s);

      const form = await openNewVaultFormByKeyboard(page, []);
      await page.keyboard.type('newcomer');
      await typeExpectedRelease(page, form, '2026-12-16');
      await expect(
        form.getByText('Suggested: A2, position 2 (sooner releases on top)'),
      ).toBeVisible();

      const name = form.getByLabel('Customer Name');
      await tabTo(page, name, 'Shift+Tab');
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(' okafor ');
      await expect(
        form.getByText('Suggested: B1, position 2 (sooner releases on top)'),
      ).toBeVisible();
      await expect(form).toContainText(
        "Same customer, sooner releases on top: the top vault of B1 is this customer's and is due out the week of 2027-01-04.",
      );
      expect(await axeProblems(page, '[role="dialog"]')).toEqual([]);
      await expectNoSideways(page, size.width);
    });

    test('by keyboard, the warehouse shows the vaults needing a dig-out by week, as the server counts them', async ({
      page,
    }) => {
      const s = await seedWarehouse(1, 2);
      // A1, bottom up: due the week of Dec 7, of Jan 4, of Dec 7 again; the bottom one is
      // under a later release. B1: due the week of Dec 14 under a vault nobody dated.
      await seedVault(s, 'A1', 1, '2026-12-08');
      await seedVault(s, 'A1', 2, '2027-01-06');
      await seedVault(s, 'A1', 3, '2026-12-09');
      await seedVault(s, 'B1', 1, '2026-12-16');
      await seedVault(s, 'B1', 2, null);
      await openWarehouse(page, s);

      const button = page.getByRole('button', { name: 'Dig-outs by week' });
      await tabTo(page, button);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Vaults needing a dig-out, by week' });
      await expect
        .poll(() => dialog.evaluate((el) => el.contains(document.activeElement)))
        .toBe(true);
      const week = (name: string) => dialog.getByRole('row', { name }).getByRole('cell');
      await expect(week('Dec 7, 2026')).toHaveText(['2', '1']);
      await expect(week('Dec 14, 2026')).toHaveText(['1', '1']);
      await expect(week('Jan 4, 2027')).toHaveText(['1', '0']);
      await expect(dialog.getByRole('row')).toHaveCount(4);
      expect(await axeProblems(page, '[role="dialog"]')).toEqual([]);
      await expectNoSideways(page, size.width);
      await expect(dialog.getByRole('button', { name: 'Close' })).toBeInViewport();

      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(button).toBeFocused();
    });
  });
}
