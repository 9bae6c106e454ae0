import crypto from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { fieldId, seedWarehouse, unique, vaultNumber } from './fixtures';
import { expect, lanUse, test, viewports } from './lan-screens';

// Today's request screens (the office's list, dialog and request; the crew's pull list; the
// customer's link) by keyboard alone, at a phone's and a desktop's size, over the LAN name.
test.use(lanUse);

/** What a screen reader would call the focused control: its label, else its text. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement)) return '';
    const labelled = el.getAttribute('aria-label');
    if (labelled) return labelled;
    const label = (el as Partial<HTMLInputElement>).labels?.[0];
    return (label?.textContent ?? el.textContent ?? '').trim();
  });
}

/**
 * Whether the focused control shows it: an outline or a ring drawn around it, inside the
 * window, with nothing (a fixed bar) painted over its middle.
 */
function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement) || el === document.body) return false;
    const style = getComputedStyle(el);
    const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ringed = style.boxShadow !== 'none';
    const box = el.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const inWindow = y >= 0 && y <= window.innerHeight && x >= 0 && x <= window.innerWidth;
    const onTop = document.elementFromPoint(x, y);
    const uncovered = !!onTop && (onTop === el || el.contains(onTop) || onTop.contains(el));
    return (outlined || ringed) && inWindow && uncovered;
  });
}

/** Presses `key` until `name` has focus, checking at every stop that the focus shows. */
async function tabTo(page: Page, name: string | RegExp, key = 'Tab', limit = 60): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(key);
    const focused = await focusedName(page);
    seen.push(focused);
    expect(await focusIsVisible(page), `focus on ${focused} is visible`).toBe(true);
    if (typeof name === 'string' ? focused === name : name.test(focused)) return;
  }
  throw new Error(`${key} never reached ${String(name)}; passed ${seen.join(' | ')}`);
}

/** Serious and critical axe findings, as "rule: target" lines so a failure names them. */
async function axeProblems(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.slice(0, 3).map((n) => `${v.id}: ${n.target.join(' ')}`));
}

const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

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
  const res = await api.post('/api/vaults/', {
    multipart: {
      vault_id: vault,
      customer_name: customer,
      order_name: 'K-1',
      field_id: String(fieldId(warehouse, 'A1')),
      position: '1',
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const answer = (await res.json()) as { vault: { id: number; customer_id: number } };
  return { customer, customerId: answer.vault.customer_id, vault, vaultId: answer.vault.id };
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
      await tabTo(page, 'New request');
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'New request' });
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      expect(await focusedName(page)).toBe('New request');

      await page.keyboard.press('Enter');
      await expect(dialog).toBeVisible();
      await tabTo(page, 'Customer');
      await page.keyboard.type(customer);
      await expect(dialog.getByLabel('Customer')).toHaveValue(/\d+/);
      await expect(dialog.getByRole('checkbox', { name: new RegExp(vault) })).toBeVisible();
      expect(await axeProblems(page)).toEqual([]);
      await tabTo(page, new RegExp(vault));
      await page.keyboard.press('Space');
      await expect(dialog.getByRole('checkbox', { name: new RegExp(vault) })).toBeChecked();
      await tabTo(page, 'Note');
      await page.keyboard.type('Keyboard only');
      await tabTo(page, 'Make request');
      await page.keyboard.press('Enter');

      await expect(page.getByRole('heading', { level: 1 })).toContainText('Release some vaults');
      await expect(page.getByText('Asked', { exact: true })).toBeVisible();
      expect(await axeProblems(page)).toEqual([]);
      await tabTo(page, 'Confirm request');
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
      await tabTo(page, 'Yes, cancel it');
      await page.keyboard.press('Enter');
      await expect(page.getByText('Cancelled', { exact: true }).first()).toBeVisible();
      expect(await sidewaysOverflow(page)).toBe(0);

      // Nothing is left to do here: the keyboard lands on the way back to the list.
      await expect(page.getByRole('link', { name: 'All requests' })).toBeFocused();
      expect(await focusIsVisible(page)).toBe(true);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible();
      await tabTo(page, 'Status');
      await page.keyboard.type('Cancelled');
      await expect(page.getByLabel('Status')).toHaveValue('cancelled');
      await tabTo(page, new RegExp(`${customer}.*Release some vaults`));
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
      await tabTo(page, 'Vault code or number');
      await page.keyboard.type('NOT-A-VAULT');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('alert')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Vault code or number' })).toBeFocused();
      expect(await axeProblems(page)).toEqual([]);
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(vault);
      await tabTo(page, 'Confirm');
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
      await tabTo(page, 'Release some vaults');
      for (let i = 0; i < 5; i++) {
        if ((await focusedName(page)) === 'Access to vaults') break;
        await page.keyboard.press('ArrowDown');
      }
      await expect(ask.getByRole('radio', { name: 'Access to vaults' })).toBeChecked();
      expect(await focusIsVisible(page)).toBe(true);
      await tabTo(page, new RegExp(vault));
      await page.keyboard.press('Space');
      await tabTo(page, 'Send request');
      await page.keyboard.press('Enter');
      await expect(ask.getByRole('status')).toContainText('Your request was sent.');
      const theirs = page.getByRole('region', { name: 'Your requests' });
      await expect(theirs.getByRole('listitem').first()).toContainText('Access to vaults');
      expect(await axeProblems(page)).toEqual([]);
      expect(await sidewaysOverflow(page)).toBe(0);
    });
  });
}
