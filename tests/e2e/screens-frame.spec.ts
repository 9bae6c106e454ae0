import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { fieldId, seedVault, seedWarehouse, unique, vaultNumber } from './fixtures';
import { expect, lanUse, paintedRgb, test, viewports } from './lan-screens';

// Issue 30's frame and smaller screens: navigation, the search box, the dashboard's colours,
// the vault forms' file picker, Print Studio, the scan card, the staged page and sign-in, at
// a phone's and a desktop's size over the LAN name.
test.use(lanUse);

/** Presses Tab (or Shift+Tab) until `name` has focus, as someone without a mouse gets there. */
async function tabTo(page: Page, name: string, key = 'Tab', limit = 30): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(key);
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim());
    if (focused === name) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

/** Findings of the two rules issue 30 names, as "rule: target" lines. */
async function axeFindings(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withRules(['label-content-name-mismatch', 'listitem'])
    .analyze();
  return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

function hue([r, g, b]: [number, number, number]): number {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max === min) return 0;
  const d = max - min;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

for (const { kind, viewport, hasTouch } of viewports) {
  test.describe(`on a ${kind} (${viewport.width} x ${viewport.height})`, () => {
    test.use({ viewport, hasTouch });

    test('the main screens stay in view: a top bar on a desktop, a bottom bar on a phone', async ({
      signedIn: page,
    }) => {
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: 'Warehouses' })).toBeVisible();
      const top = page.getByRole('navigation', { name: 'Screens', exact: true });
      const bottom = page.getByRole('navigation', { name: 'Floor screens' });
      if (kind === 'desktop') {
        await expect(top).toBeVisible();
        await expect(bottom).toBeHidden();
        for (const name of [
          'Warehouses',
          'Scan',
          'Stage',
          'Audits',
          'Requests',
          'Statistics',
          'Print Studio',
        ])
          await expect(top.getByRole('link', { name, exact: true })).toBeVisible();
      } else {
        await expect(top).toBeHidden();
        await expect(bottom).toBeVisible();
        const box = await bottom.boundingBox();
        expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(viewport.height);
        for (const name of ['Warehouses', 'Scan', 'Stage'])
          await expect(bottom.getByRole('link', { name, exact: true })).toBeVisible();
        await bottom.getByRole('button', { name: 'More' }).click();
        const menu = page.getByRole('dialog', { name: 'Menu' });
        for (const name of ['Warehouses', 'Scan', 'Stage', 'Audits', 'Print Studio', 'Team'])
          await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
        await page.keyboard.press('Escape');
      }
      await page.screenshot({ path: `.tmp/shots/nav-${kind}.png` });
      // One press of Enter from the keyboard, no menu to open: on a desktop a few Tabs from
      // the top; on a phone, the bar's Stage is just before More, where the closed menu left
      // focus.
      if (kind === 'desktop') await tabTo(page, 'Stage');
      else await tabTo(page, 'Stage', 'Shift+Tab');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { name: 'Staged Vaults' })).toBeVisible();
      // The spec's side menu stays, with the same links.
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(
        page
          .getByRole('dialog', { name: 'Menu' })
          .getByRole('link', { name: 'Stage', exact: true }),
      ).toBeVisible();
    });

    test('the search box shows its whole placeholder', async ({ api, signedIn: page }) => {
      const w = await seedWarehouse(api, { rows: 1, cols: 1 });
      await page.goto(`/warehouse/${w.slug}`);
      const box = page.getByRole('combobox', { name: 'Search' });
      await expect(box).toHaveAttribute('placeholder', 'Search customer/order/vault number...');
      // The placeholder's drawn width against the room the box gives its text.
      const fit = await box.evaluate((el: HTMLInputElement) => {
        const style = getComputedStyle(el);
        const ctx = document.createElement('canvas').getContext('2d');
        if (!ctx) throw new Error('no canvas');
        ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room =
          el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return { text: ctx.measureText(el.placeholder).width, room };
      });
      expect(fit.text).toBeLessThanOrEqual(fit.room);
      await page.screenshot({
        path: `.tmp/shots/search-${kind}.png`,
        clip: { x: 0, y: 0, width: viewport.width, height: 160 },
      });
    });

    test('dashboard occupancy: four colours told apart, each with a word', async ({
      api,
      signedIn: page,
    }) => {
      // Four fields of one space each: 0, 1, 2 and 3 vaults are 0, 25, 50 and 75 per cent.
      const names: string[] = [];
      for (let filled = 0; filled < 4; filled++) {
        const w = await seedWarehouse(api, { rows: 1, cols: 4, field_capacity: 1 });
        names.push(w.name);
        for (const f of ['A1', 'B1', 'C1'].slice(0, filled))
          await seedVault(api, { field_id: fieldId(w, f), position: 1 });
      }
      await page.goto('/dashboard');
      const words = ['Plenty of room', 'Filling up', 'Getting full', 'Nearly full'];
      const colours: [number, number, number][] = [];
      for (const [i, name] of names.entries()) {
        const level = page.getByRole('article', { name }).getByTestId('occupancy-level');
        await expect(level).toHaveText(words[i] ?? '');
        const css = await level.evaluate((el) => getComputedStyle(el).backgroundColor);
        colours.push(await paintedRgb(page, css));
      }
      colours.forEach((x, a) =>
        colours.slice(a + 1).forEach((y, b) => {
          const distance = Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]);
          expect(distance, `${words[a]} against ${words[a + b + 1]}`).toBeGreaterThan(70);
        }),
      );
      const [, yellow = [0, 0, 0], orange = [0, 0, 0], red = [0, 0, 0]] = colours;
      // The spec's yellow is a light yellow, not a dark amber; its orange stands off the red.
      expect(Math.min(yellow[0], yellow[1])).toBeGreaterThan(200);
      expect(hue(yellow)).toBeGreaterThan(45);
      const apart = Math.abs(hue(orange) - hue(red));
      expect(Math.min(apart, 360 - apart)).toBeGreaterThan(15);
      await page.getByRole('article', { name: names[3] }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `.tmp/shots/dashboard-${kind}.png`, fullPage: true });
    });

    test('the vault forms offer a styled file picker, and Take photo on a phone', async ({
      api,
      signedIn: page,
    }) => {
      const w = await seedWarehouse(api, { rows: 1, cols: 1 });
      const number = vaultNumber();
      await seedVault(api, { field_id: fieldId(w, 'A1'), position: 1, vault_id: number });
      await page.goto(`/edit/vault/${number}`);
      await expect(page.getByText('Choose file')).toBeVisible();
      // The browser's own "Choose File  No file chosen" is not shown.
      const input = page.getByLabel('Upload Attachment');
      const box = await input.boundingBox();
      expect(box?.width ?? 0).toBeLessThanOrEqual(1);
      const photo = page.getByLabel('Take photo');
      if (kind === 'phone') {
        await expect(page.getByText('Take photo')).toBeVisible();
        await expect(photo).toHaveAttribute('capture', 'environment');
        await expect(photo).toHaveAttribute('accept', 'image/*');
      } else {
        await expect(photo).toHaveCount(0);
      }
      // The keyboard reaches the picker, and the choice is shown.
      await input.focus();
      await expect(input).toBeFocused();
      await input.setInputFiles({
        name: 'inventory.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('three boxes'),
      });
      await expect(page.getByRole('link', { name: 'inventory.txt' })).toBeVisible();
      await page.screenshot({ path: `.tmp/shots/file-picker-${kind}.png` });

      // The new vault form too.
      await page.goto(`/warehouse/${w.slug}`);
      await page.getByRole('gridcell', { name: /^A1,/ }).click();
      await page.getByRole('button', { name: /position 2/i }).click();
      await page.getByRole('button', { name: 'Yes, add it' }).click();
      const form = page.getByRole('dialog', { name: /vault/i }).last();
      await form.getByLabel('Attachment', { exact: true }).setInputFiles({
        name: 'photo.png',
        mimeType: 'image/png',
        buffer: Buffer.from('not really a png'),
      });
      await expect(form.getByText('photo.png')).toBeVisible();
      await expect(form.getByText('Choose file')).toBeVisible();
    });

    test('Print Studio shows each vault as a card on a phone, a table on a desktop', async ({
      api,
      signedIn: page,
    }) => {
      // The list goes by warehouse name and draws only the cards in view: a name that sorts
      // before the other journeys' warehouses puts this vault at its top.
      const w = await seedWarehouse(api, { rows: 1, cols: 1, name: unique('0 Print cards') });
      const number = vaultNumber();
      await seedVault(api, {
        field_id: fieldId(w, 'A1'),
        position: 1,
        vault_id: number,
        note: 'Fragile: a long note about the piano on top that goes on and on',
      });
      await page.goto('/print-studio');
      const list = page.getByRole('region', { name: 'Print list' });
      await expect(list).toBeVisible();
      if (kind === 'phone') {
        const card = list.getByRole('article', { name: `Vault ${number}` });
        await expect(card).toBeVisible();
        await expect(card).toContainText(`${w.name}, field A1, position 1`);
        await expect(card).toContainText('piano on top that goes on and on');
        // Nothing needs a sideways swipe.
        expect(await list.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `.tmp/shots/print-${kind}.png` });
      } else {
        await expect(list.getByRole('columnheader', { name: 'Notes' })).toBeVisible();
      }
      // Printing, from either, is the table.
      await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
      await expect(page.getByRole('columnheader', { name: 'Warehouse' })).toBeVisible();
      await expect(page.getByRole('cell', { name: number, exact: true })).toHaveCount(1);
      await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    });

    test('a scan of a buried vault offers Retrieve', async ({ api, signedIn: page }) => {
      const w = await seedWarehouse(api, { rows: 1, cols: 1 });
      const buried = vaultNumber();
      await seedVault(api, { field_id: fieldId(w, 'A1'), position: 1, vault_id: buried });
      await seedVault(api, { field_id: fieldId(w, 'A1'), position: 2, vault_id: vaultNumber() });
      await page.goto('/scan');
      const typed = page.getByLabel('Vault number, field or code');
      await typed.fill(buried);
      await typed.press('Enter');
      const found = page.getByRole('region', { name: `Vault ${buried}` });
      await expect(found).toContainText('must come off first');
      const retrieve = found.getByRole('link', { name: 'Retrieve' });
      await retrieve.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { name: `Retrieve vault ${buried}` })).toBeVisible();
    });

    test('delete mode marks each chosen staged card with a check and counts them', async ({
      api,
      signedIn: page,
    }) => {
      const w = await seedWarehouse(api, { rows: 1, cols: 2 });
      const numbers = [vaultNumber(), vaultNumber()];
      for (const [i, n] of numbers.entries()) {
        const v = await seedVault(api, {
          field_id: fieldId(w, i ? 'B1' : 'A1'),
          position: 1,
          vault_id: n,
        });
        expect((await api.post(`/api/stage/vaults/${v.id}`)).status()).toBe(200);
      }
      await page.goto('/stage');
      await page.getByRole('button', { name: 'Delete mode: OFF' }).click();
      await expect(page.getByRole('button', { name: 'Delete selected vaults (0)' })).toBeDisabled();
      for (const n of numbers) {
        const card = page.getByRole('button', { name: `Staged vault ${n}` });
        await card.click();
        await expect(card.getByTestId('chosen-check')).toBeVisible();
      }
      const trash = page.getByRole('button', { name: 'Delete selected vaults (2)' });
      await expect(trash).toHaveText('2');
      await page.screenshot({ path: `.tmp/shots/stage-delete-${kind}.png` });
      const first = page.getByRole('button', { name: `Staged vault ${numbers[0]}` });
      await first.click();
      await expect(first.getByTestId('chosen-check')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Delete selected vaults (1)' })).toHaveText(
        '1',
      );
    });

    test('staged cards are named by what they show (axe)', async ({ api, signedIn: page }) => {
      const w = await seedWarehouse(api, { rows: 1, cols: 1 });
      const v = await seedVault(api, {
        field_id: fieldId(w, 'A1'),
        position: 1,
        vault_id: vaultNumber(),
      });
      expect((await api.post(`/api/stage/vaults/${v.id}`)).status()).toBe(200);
      await page.goto('/stage');
      await expect(
        page.getByRole('button', { name: `Staged vault ${v.name ?? ''}` }),
      ).toBeVisible();
      expect(await axeFindings(page)).toEqual([]);
    });

    test('the sign-in errors are items of a list (axe)', async ({ page }) => {
      await page.goto('/login');
      await page.getByLabel('Email').fill(`${unique('nobody').replace(' ', '-')}@example.com`);
      await page.getByLabel('Password').fill('wrong password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert').getByRole('listitem')).toHaveCount(1);
      expect(await axeFindings(page)).toEqual([]);
    });
  });
}
