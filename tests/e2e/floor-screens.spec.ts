import type { Page } from '@playwright/test';
import {
  expect,
  fieldId,
  seedVault,
  searchVeil,
  seedWarehouse,
  test,
  unique,
  type SeededWarehouse,
} from './fixtures';
import { axeProblems } from './keyboard';

// Issue 11 §6: the floor screens at phone and desktop size, by keyboard, and under axe.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

const cell = (page: Page, name: string) =>
  page.getByRole('gridcell', { name: new RegExp(`^${name},`) });

async function openWarehouse(page: Page, w: SeededWarehouse) {
  await page.goto(`/warehouse/${w.slug}`);
  await expect(page.getByRole('heading', { name: w.name, exact: true })).toBeVisible();
}

/** Neither way has the page itself scrolled, and nothing sticks out sideways. */
async function expectPageUnscrolled(page: Page) {
  const page_ = await page.evaluate(() => ({
    x: window.scrollX,
    y: window.scrollY,
    overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  }));
  expect(page_).toEqual({ x: 0, y: 0, overflow: 0 });
}

for (const size of [
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1920, height: 1080 },
]) {
  test(`at ${size.width} x ${size.height} a 40 x 25 warehouse keeps the page still and the field panel in view`, async ({
    signedInPage: page,
  }) => {
    await page.setViewportSize(size);
    const w = await seedWarehouse(page.request, {
      name: unique('Tablet Wide'),
      rows: 25,
      cols: 40,
      width: 220,
      length: 140,
    });
    await openWarehouse(page, w);
    await expectPageUnscrolled(page);
    await cell(page, 'AM20').click();
    await expect(page.getByRole('heading', { name: 'Field AM20' })).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Add at position 1' })).toBeInViewport();
    await expectPageUnscrolled(page);
  });
}

test('on a phone, staff select a field of a 40 x 25 warehouse and add a vault without scrolling the page', async ({
  signedInPage: page,
}) => {
  await page.setViewportSize(PHONE);
  const w = await seedWarehouse(page.request, {
    name: unique('Phone Wide'),
    rows: 25,
    cols: 40,
    width: 220,
    length: 140,
  });
  await openWarehouse(page, w);
  await expectPageUnscrolled(page);
  // Far right and low: the grid scrolls inside its own area to reach it.
  await cell(page, 'AM20').click();
  await expect(page.getByRole('heading', { name: 'Field AM20' })).toBeInViewport();
  const add = page.getByRole('button', { name: 'Add at position 1' });
  await expect(add).toBeInViewport();
  await expectPageUnscrolled(page);
  await add.click();
  await page
    .getByRole('dialog', { name: 'Confirm Add Vault' })
    .getByRole('button', { name: 'Yes, add it' })
    .click();
  const form = page.getByRole('dialog', { name: 'New Vault Info' });
  // The form takes focus from the confirmation it follows (not left behind the modal).
  await expect.poll(() => form.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await expect(form.getByLabel('Customer Name')).toBeFocused();
  await form.getByLabel('Customer Name').fill('phone family');
  await form.getByLabel('Order Number').fill('PH-1');
  await form.getByRole('button', { name: 'Add Vault' }).click();
  await expect(form).toBeHidden();
  await expect(cell(page, 'AM20')).toHaveAttribute('data-fill', 'success');
  await expectPageUnscrolled(page);
});

test('at 1366 x 900 a 30-column warehouse keeps the field panel beside the grid', async ({
  signedInPage: page,
}) => {
  await page.setViewportSize(DESKTOP);
  const w = await seedWarehouse(page.request, {
    name: unique('Desk Wide'),
    rows: 6,
    cols: 30,
    width: 200,
    length: 60,
  });
  await openWarehouse(page, w);
  await cell(page, 'AD3').click();
  const panel = page.getByRole('complementary', { name: 'Selected field' });
  await expect(panel.getByRole('heading', { name: 'Field AD3' })).toBeInViewport();
  await expect(panel.getByRole('button', { name: 'Add at position 1' })).toBeInViewport();
  const grid = await page.getByRole('grid').boundingBox();
  const side = await panel.boundingBox();
  expect(side && grid && side.x >= 1366 - side.width - 40).toBe(true);
  await expectPageUnscrolled(page);
});

test('staff add a vault by keyboard alone: one tab stop for the grid, arrows, Enter', async ({
  signedInPage: page,
}) => {
  const w = await seedWarehouse(page.request, { rows: 3, cols: 3 });
  await openWarehouse(page, w);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to the screen' })).toBeFocused();
  await page.keyboard.press('Enter');
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate(() => document.activeElement?.getAttribute('role'))) === 'gridcell')
      break;
  }
  await expect(cell(page, 'A1')).toBeFocused();
  await expect(cell(page, 'A1')).toHaveAccessibleName('A1, 0/3');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect(cell(page, 'B2')).toBeFocused();
  await page.keyboard.press('End');
  await expect(cell(page, 'C2')).toBeFocused();
  await page.keyboard.press('Home');
  await page.keyboard.press('PageDown');
  await expect(cell(page, 'A3')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Field B2' })).toBeVisible();
  // Only one cell is in the tab order.
  await expect(page.locator('[role="gridcell"][tabindex="0"]')).toHaveCount(1);

  const add = page.getByRole('button', { name: 'Add at position 1' });
  for (let i = 0; i < 10 && !(await add.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(add).toBeFocused();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Confirm Add Vault' });
  await expect(confirm.getByRole('button', { name: 'Yes, add it' })).toBeFocused();
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: 'New Vault Info' });
  await expect.poll(() => form.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  // Focus opens in the first box to fill, not on the mode toggle above it.
  await expect(form.getByLabel('Customer Name')).toBeFocused();
  await page.keyboard.type('keyboard family');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Order Number')).toBeFocused();
  await page.keyboard.type('KB-1');
  await page.keyboard.press('Enter');
  await expect(form).toBeHidden();
  await expect(cell(page, 'B2')).toHaveAccessibleName('B2, 1/3');
});

test('search by keyboard: pick a suggestion, the grid says how many fields match', async ({
  signedInPage: page,
}) => {
  await page.setViewportSize(PHONE);
  const w = await seedWarehouse(page.request, { rows: 3, cols: 12, width: 80 });
  const customer = unique('KEYPICK').toUpperCase();
  for (const name of ['L3', 'B1'])
    await seedVault(page.request, {
      field_id: fieldId(w, name),
      position: 1,
      customer_name: customer,
    });
  await openWarehouse(page, w);
  const box = page.getByRole('combobox', { name: 'Search' });
  await box.focus();
  await page.keyboard.type(customer.slice(0, 12));
  await expect(page.getByRole('option', { name: customer })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'fields match' })).toHaveText(
    '2 fields match',
  );
  // Everything is greyed under a veil except the matches, drawn above it.
  await expect.poll(() => searchVeil(page)).toBe('grayscale(1)');
  await expect(cell(page, 'B1')).toHaveCSS('z-index', '1');
  await expect(cell(page, 'L3')).toHaveCSS('z-index', '1');
  await expect(cell(page, 'A1')).toHaveCSS('z-index', 'auto');
  await expect(cell(page, 'B1')).toBeInViewport();
  await page.keyboard.press('Escape');
  await expect(box).toHaveValue('');
  await expect.poll(() => searchVeil(page)).toBe('none');
});

test('a rack added by keyboard lands on the first free spot, and moves are announced by name', async ({
  signedInPage: page,
}) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  // A 3 x 3 grid: the VAULTS block covers 15 x 15 ft from the top-left corner.
  const w = await seedWarehouse(page.request, { rows: 3, cols: 3, length: 60, width: 40 });
  await page.goto(`/edit/${w.slug}`);
  await page.getByRole('group', { name: 'Rack builder' }).getByLabel('Rack Name').fill('North');
  await page.getByRole('button', { name: 'Add a Rack' }).focus();
  await page.keyboard.press('Enter');
  const rackButton = page.getByRole('button', { name: 'Rack North' });
  await expect(rackButton).toBeVisible();
  const racks = (await (await page.request.get(`/api/racks/warehouse/${w.id}`)).json()) as {
    position: { x: number; y: number };
  }[];
  expect(racks.map((r) => r.position)).toEqual([{ x: 15, y: 0 }]);

  await rackButton.focus();
  const liveRegion = page.locator('[id^="DndLiveRegion"]');
  await page.keyboard.press('Space');
  // The keyboard sensor listens for arrows only from the next task after pick-up, and a drop
  // reads the distance React rendered last: wait for each, as the eye would.
  await expect(liveRegion).toHaveText(
    /^(Picked up Rack North\.|Rack North is over the floor plan\.)/,
  );
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('drop-preview')).toBeAttached();
  await page.keyboard.press('Space');
  await expect(liveRegion).toHaveText(/^Rack North moved to x [\d.]+, y [\d.]+\.$/);
});

for (const [size, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`axe finds nothing serious on the floor screens (${size})`, async ({
    signedInPage: page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const big = await seedWarehouse(page.request, {
      name: unique('Axe Big'),
      rows: 25,
      cols: 40,
      width: 220,
      length: 140,
    });
    const vault = await seedVault(page.request, {
      field_id: fieldId(big, 'A1'),
      position: 1,
      customer_name: 'AXE CUSTOMER',
      vault_id: unique('AXE').replace(' ', '-'),
    });
    const rack = await page.request.post(`/api/racks/warehouse/${big.id}/add`, {
      data: {
        name: 'AxeRack',
        width: 12,
        length: 4,
        num_shelves: 2,
        capacity: 3,
        position: { x: 205, y: 0 },
      },
    });
    expect(rack.status(), await rack.text()).toBe(200);
    const checklist = await page.request.post('/api/checklists/', {
      data: { warehouse_id: big.id, tasks: ['Lock the gate'] },
    });
    expect(checklist.status()).toBe(200);
    const fillPath = ((await checklist.json()) as { fill_path: string }).fill_path;

    const problems: Record<string, string[]> = {};
    const check = async (screen: string) => {
      const found = await axeProblems(page);
      if (found.length > 0) problems[screen] = found;
    };

    for (const path of [
      '/dashboard',
      '/stage',
      '/statistics',
      '/print-studio',
      '/warehouse-checklists',
      '/team',
      '/add-warehouse',
      `/edit/${big.slug}`,
      `/edit/vault/${vault.name ?? ''}`,
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await check(path);
    }

    await openWarehouse(page, big);
    await check('1,000-field warehouse');
    await cell(page, 'A1').click();
    await check('field selected');
    await page.getByRole('button', { name: 'Add at position 2' }).click();
    await check('confirm dialog');
    await page.getByRole('button', { name: 'Yes, add it' }).click();
    await expect(page.getByRole('dialog', { name: 'New Vault Info' })).toBeVisible();
    await check('new vault dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'Search' }).fill('AXE');
    await expect(page.getByRole('option').first()).toBeVisible();
    await check('search open');
    await page.goto(`/warehouse/${big.slug}?view=rack`);
    await page.getByRole('button', { name: 'Rack AxeRack' }).click();
    await check('rack view');
    await page.getByRole('button', { name: 'Add pallet to shelf 1' }).first().click();
    await check('pallet dialog');

    // Signed out: landing, sign-in and a crew's checklist page.
    const outside = await browser.newContext({ viewport });
    const out = await outside.newPage();
    for (const path of ['/', '/login', fillPath]) {
      await out.goto(path);
      await expect(out.getByRole('heading').first()).toBeVisible();
      const found = await axeProblems(out);
      if (found.length > 0) problems[`signed out ${path}`] = found;
    }
    await outside.close();

    expect(problems).toEqual({});
  });
}

test('a screen whose file is gone after a deploy shows a page with Reload', async ({
  signedInPage: page,
}) => {
  await page.route(/\/assets\/stage-page-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Warehouses' })).toBeVisible();
  await page.goto('/stage');
  await expect(page.getByRole('heading', { name: 'Vaultgrid was updated' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
  // The signed-in frame stays, so the menu still leads elsewhere.
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
});
