import type { Page } from '@playwright/test';
import { fieldId, seedVault, seedWarehouse, unique, vaultNumber } from './fixtures';
import { expect, lanUse, test, viewports } from './lan-screens';
import { axeProblems, focusedName, focusIsVisible, sidewaysOverflow, tabTo } from './keyboard';

// The office's screens (a customer, the storage report, Backups) by keyboard alone, at a
// phone's and a desktop's size, over the LAN name: reached from the menu, used, and left,
// with the focus always in sight.
test.use(lanUse);

/** Opens the menu from the top of the page and follows one of its links, by keyboard. */
async function openFromMenu(page: Page, link: string): Promise<void> {
  // The menu button ends the top bar: forward from the page's start, back from inside it.
  if ((await focusedName(page)) !== 'Open menu') {
    const isAtStart = await page.evaluate(() => document.activeElement === document.body);
    await tabTo(page, 'Open menu', { key: isAtStart ? 'Tab' : 'Shift+Tab' });
  }
  await page.keyboard.press('Enter');
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  // The menu names every warehouse first (the spec's order); the suite's shared server holds
  // the warehouses of every other journey, so the walk may be long.
  await tabTo(page, link, { limit: 400 });
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();
}

for (const { kind, viewport, hasTouch } of viewports) {
  test.describe(`on a ${kind} (${viewport.width} x ${viewport.height}) by keyboard`, () => {
    test.use({ viewport, hasTouch });

    test('the office finds a customer, changes their details and saves, and Escape closes the menu', async ({
      api,
      signedIn: page,
    }) => {
      const warehouse = await seedWarehouse(api, { name: unique('Keyboard Office') });
      const customer = unique('Keyes').toUpperCase();
      const vault = vaultNumber();
      await seedVault(api, {
        vault_id: vault,
        customer_name: customer,
        field_id: fieldId(warehouse, 'A1'),
        position: 1,
      });
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: 'Warehouses' })).toBeVisible();

      // Escape leaves the menu and gives the focus back to what opened it.
      await tabTo(page, 'Open menu');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
      expect(await focusedName(page)).toBe('Open menu');

      await openFromMenu(page, 'Customers');
      await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
      await tabTo(page, 'Find a customer');
      await page.keyboard.type(customer);
      await tabTo(page, customer);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: customer })).toBeVisible();
      await expect(page.getByRole('row', { name: new RegExp(vault) })).toContainText(
        `${warehouse.name}, field A1, position 1`,
      );
      expect(await axeProblems(page)).toEqual([]);

      await tabTo(page, 'Phone');
      await page.keyboard.type('+1 415 555 0199');
      await tabTo(page, 'Notes');
      await page.keyboard.type('Gate code 4471');
      await tabTo(page, 'Save customer');
      await page.keyboard.press('Enter');
      const form = page.getByRole('form', { name: 'Customer details' });
      await expect(form.getByRole('status')).toHaveText('Saved.');
      // The keyboard stays where it was, not thrown back to the top of the page.
      await expect(form.getByRole('button', { name: 'Save customer' })).toBeFocused();
      await page.reload();
      await expect(form.getByLabel('Phone')).toHaveValue('+1 415 555 0199');
      await expect(form.getByLabel('Notes')).toHaveValue('Gate code 4471');
      expect(await sidewaysOverflow(page)).toBe(0);
    });

    test('the office opens the storage report, downloads it, and follows a customer from it', async ({
      api,
      signedIn: page,
    }) => {
      const warehouse = await seedWarehouse(api, { name: unique('Keyboard Report') });
      const customer = unique('Reid').toUpperCase();
      await seedVault(api, {
        vault_id: vaultNumber(),
        customer_name: customer,
        field_id: fieldId(warehouse, 'B2'),
        position: 1,
      });
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: 'Warehouses' })).toBeVisible();
      await openFromMenu(page, 'Storage Report');
      await expect(page.getByRole('heading', { name: 'Storage report', level: 1 })).toBeVisible();
      await expect(page.getByRole('row', { name: new RegExp(customer) })).toBeVisible();
      expect(await axeProblems(page)).toEqual([]);

      // A company setting: turned on and back off, the keyboard staying on the box.
      const staged = page.getByRole('checkbox', { name: 'Staged vaults count' });
      const wasCounting = await staged.isChecked();
      await tabTo(page, 'Staged vaults count');
      for (const isCounting of [!wasCounting, wasCounting]) {
        await page.keyboard.press('Space');
        await expect(staged).toBeChecked({ checked: isCounting });
        await expect(staged).not.toHaveAttribute('aria-disabled', 'true');
        await expect(staged).toBeFocused();
      }

      await tabTo(page, 'From month', { key: 'Shift+Tab' });
      await tabTo(page, 'To month');
      await tabTo(page, 'Download CSV');
      const download = page.waitForEvent('download');
      await page.keyboard.press('Enter');
      expect((await download).suggestedFilename()).toMatch(/\.csv$/);

      await tabTo(page, customer);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: customer })).toBeVisible();
      expect(await sidewaysOverflow(page)).toBe(0);
    });

    test('an operator opens Backups and backs up with Enter', async ({ signedIn: page }) => {
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: 'Warehouses' })).toBeVisible();
      await openFromMenu(page, 'Backups');
      await expect(page.getByRole('heading', { name: 'Backups', level: 1 })).toBeVisible();
      expect(await axeProblems(page)).toEqual([]);
      await tabTo(page, 'Back up now');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('status')).toContainText('Backed up: vaultgrid-', {
        timeout: 60_000,
      });
      // Still in sight and usable once the backup is taken.
      await expect(page.getByRole('button', { name: 'Back up now' })).toBeFocused();
      expect(await focusIsVisible(page)).toBe(true);
      expect(await sidewaysOverflow(page)).toBe(0);
    });
  });
}
