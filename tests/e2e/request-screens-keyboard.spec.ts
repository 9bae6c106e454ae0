import crypto from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { fieldId, seedVault, seedWarehouse, unique, vaultNumber } from './fixtures';
import { expect, lanUse, test, viewports } from './lan-screens';
import { axeProblems, focusedName, focusIsVisible, sidewaysOverflow, tabTo } from './keyboard';

// Today's request screens (the office's list, dialog and request; the crew's pull list; the
// customer's link) by keyboard alone, at a phone's and a desktop's size, over the LAN name.
test.use(lanUse);

/** A day of its own far ahead, so no other spec's requests share this one's pull list. */
const farDay = () => {
  const d = new Date(Date.UTC(2031, 0, 1));
  d.setUTCDate(d.getUTCDate() + crypto.randomInt(0, 3000));
  return d.toISOString().slice(0, 10);
};

/** A customer with one vault at the bottom of a fresh warehouse's A1. */
async function seedCustomerVault(api: APIRequestContext, prefix: string) {
  const warehouse = await seedWarehouse(api, { name: unique(`${prefix} Warehouse`) });
  const customer = unique(prefix).toUpperCase();
  const vault = vaultNumber();
  const seeded = await seedVault(api, {
    vault_id: vault,
    customer_name: customer,
    order_name: 'K-1',
    field_id: fieldId(warehouse, 'A1'),
    position: 1,
  });
  return { customer, customerId: seeded.customer_id ?? 0, vault, vaultId: seeded.id };
}

async function makeRequest(
  api: APIRequestContext,
  body: { customer_id: number; vault_ids: number[]; due_on: string },
): Promise<number> {
  const res = await api.post('/api/requests', { data: { kind: 'release_vaults', ...body } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { id: number }).id;
}

for (const { kind, viewport, hasTouch } of viewports) {
  test.describe(`on a ${kind} (${viewport.width} x ${viewport.height}) by keyboard`, () => {
    test.use({ viewport, hasTouch });

    test('the office makes a request in the dialog, confirms it, and cancels it', async ({
      api,
      signedIn: page,
    }) => {
      const { customer, vault } = await seedCustomerVault(api, 'Keyrequest');
      await page.goto('/requests');
      await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible();
      expect(await axeProblems(page)).toEqual([]);

      // Escape leaves the dialog and gives the focus back to what opened it.
      await tabTo(page, 'New request', { everyStop: true });
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'New request' });
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      expect(await focusedName(page)).toBe('New request');

      await page.keyboard.press('Enter');
      await expect(dialog).toBeVisible();
      await tabTo(page, 'Customer', { everyStop: true });
      await page.keyboard.type(customer);
      await expect(dialog.getByLabel('Customer')).toHaveValue(/\d+/);
      await expect(dialog.getByRole('checkbox', { name: new RegExp(vault) })).toBeVisible();
      expect(await axeProblems(page)).toEqual([]);
      await tabTo(page, new RegExp(vault), { everyStop: true });
      await page.keyboard.press('Space');
      await expect(dialog.getByRole('checkbox', { name: new RegExp(vault) })).toBeChecked();
      await tabTo(page, 'Note', { everyStop: true });
      await page.keyboard.type('Keyboard only');
      await tabTo(page, 'Make request', { everyStop: true });
      await page.keyboard.press('Enter');

      await expect(page.getByRole('heading', { level: 1 })).toContainText('Release some vaults');
      await expect(page.getByText('Asked', { exact: true })).toBeVisible();
      expect(await axeProblems(page)).toEqual([]);
      await tabTo(page, 'Confirm request', { everyStop: true });
      await page.keyboard.press('Enter');
      await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();
      // The button pressed is gone; the keyboard moves on to what is left to do, in sight.
      await expect(page.getByRole('button', { name: 'Cancel request' })).toBeFocused();
      expect(await focusIsVisible(page)).toBe(true);

      // The cancel question: Escape backs out, then Enter on its button cancels.
      await page.keyboard.press('Enter');
      const question = page.getByRole('dialog', { name: 'Cancel this request?' });
      await expect(question).toBeVisible();
      expect(await axeProblems(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(question).toBeHidden();
      expect(await focusedName(page)).toBe('Cancel request');
      await page.keyboard.press('Enter');
      await tabTo(page, 'Yes, cancel it', { everyStop: true });
      await page.keyboard.press('Enter');
      await expect(page.getByText('Cancelled', { exact: true }).first()).toBeVisible();
      expect(await sidewaysOverflow(page)).toBe(0);

      // Nothing is left to do here: the keyboard lands on the way back to the list.
      await expect(page.getByRole('link', { name: 'All requests' })).toBeFocused();
      expect(await focusIsVisible(page)).toBe(true);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible();
      await tabTo(page, 'Status', { everyStop: true });
      await page.keyboard.type('Cancelled');
      await expect(page.getByLabel('Status')).toHaveValue('cancelled');
      // As a user would, Tab once the filtered list shows: while it loads, the next stop lies
      // past where the list will be, or off the page.
      const cancelled = new RegExp(`${customer}.*Release some vaults`);
      await expect(page.getByRole('link', { name: cancelled })).toBeVisible();
      await tabTo(page, cancelled, { everyStop: true });
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Release some vaults');
      expect(await sidewaysOverflow(page)).toBe(0);
    });

    test("the crew confirms the day's pull by a typed code and completes the request", async ({
      api,
      signedIn: page,
    }) => {
      const { customerId, vault, vaultId } = await seedCustomerVault(api, 'Keypull');
      const day = farDay();
      const id = await makeRequest(api, {
        customer_id: customerId,
        vault_ids: [vaultId],
        due_on: day,
      });
      expect((await api.post(`/api/requests/${id}/confirm`)).status()).toBe(200);

      await page.goto(`/today?date=${day}`);
      await expect(page.getByRole('heading', { name: 'Today’s pull list' })).toBeVisible();
      const next = page.getByRole('region', { name: 'Next step' });
      await expect(next).toContainText(`Pull vault ${vault}`);
      expect(await axeProblems(page)).toEqual([]);

      // A wrong code first: refused, the keyboard staying in the box to type again.
      await tabTo(page, 'Vault code or number', { everyStop: true });
      await page.keyboard.type('NOT-A-VAULT');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('alert')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Vault code or number' })).toBeFocused();
      expect(await axeProblems(page)).toEqual([]);
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(vault);
      await tabTo(page, 'Confirm', { everyStop: true });
      await page.keyboard.press('Enter');
      await expect(next).toHaveCount(0);
      await expect(page.getByText('1 of 1 steps done')).toBeVisible();

      // The step's form is gone with it: the keyboard is handed to the request to complete.
      await expect(page.getByRole('button', { name: `Complete request ${id}` })).toBeFocused();
      expect(await focusIsVisible(page)).toBe(true);
      await page.keyboard.press('Enter');
      const card = page.getByRole('region', { name: new RegExp(`request ${id}`) });
      await expect(card).toContainText('Done');
      expect(await axeProblems(page)).toEqual([]);
      expect(await sidewaysOverflow(page)).toBe(0);
    });

    test('the customer asks for access on their link', async ({ api, page }) => {
      const { customerId, vault } = await seedCustomerVault(api, 'Keyportal');
      const link = await api.post(`/api/customers/${customerId}/portal-link`);
      expect(link.status()).toBe(200);
      const { url } = (await link.json()) as { url: string };

      await page.goto(new URL(url).pathname);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await axeProblems(page)).toEqual([]);
      const ask = page.getByRole('region', { name: 'Ask for a release or a visit' });
      // Into the kinds at the chosen one, then along them with the arrows.
      await tabTo(page, 'Release some vaults', { everyStop: true });
      for (let i = 0; i < 5; i++) {
        if ((await focusedName(page)) === 'Access to vaults') break;
        await page.keyboard.press('ArrowDown');
      }
      await expect(ask.getByRole('radio', { name: 'Access to vaults' })).toBeChecked();
      expect(await focusIsVisible(page)).toBe(true);
      await tabTo(page, new RegExp(vault), { everyStop: true });
      await page.keyboard.press('Space');
      await tabTo(page, 'Send request', { everyStop: true });
      await page.keyboard.press('Enter');
      await expect(ask.getByRole('status')).toContainText('Your request was sent.');
      const theirs = page.getByRole('region', { name: 'Your requests' });
      await expect(theirs.getByRole('listitem').first()).toContainText('Access to vaults');
      expect(await axeProblems(page)).toEqual([]);
      expect(await sidewaysOverflow(page)).toBe(0);
    });
  });
}
