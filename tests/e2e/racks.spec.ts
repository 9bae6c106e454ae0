import type { Locator, Page } from '@playwright/test';
import { expect, fieldId, seedVault, seedWarehouse, test, unique, vaultNumber } from './fixtures';

// The builder side by side with the floor plan needs a wide screen.
test.use({ viewport: { width: 1440, height: 1000 } });

interface SeededRack {
  id: number;
  name: string;
  shelves: { id: number }[];
}

async function seedRack(
  page: Page,
  warehouseId: number,
  body: Record<string, unknown>,
): Promise<SeededRack> {
  const res = await page.request.post(`/api/racks/warehouse/${warehouseId}/add`, {
    data: {
      name: unique('Rack').slice(0, 10),
      width: 12,
      length: 4,
      num_shelves: 1,
      capacity: 2,
      ...body,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as SeededRack;
}

async function findRack(page: Page, warehouseId: number, rackId: number) {
  const racks = (await (await page.request.get(`/api/racks/warehouse/${warehouseId}`)).json()) as {
    id: number;
    position: { x: number; y: number };
    width: number;
    length: number;
    orientation: string;
  }[];
  return racks.find((r) => r.id === rackId) ?? null;
}

async function rackPosition(page: Page, warehouseId: number, rackId: number) {
  return (await findRack(page, warehouseId, rackId))?.position ?? null;
}

/** A mouse drag the way a person does it: press, nudge past the activation distance, move, release. */
async function drag(
  page: Page,
  handle: Locator,
  to: { x: number; y: number },
  grip = { x: 5, y: 5 },
) {
  const box = await handle.boundingBox();
  if (!box) throw new Error('handle not visible');
  await page.mouse.move(box.x + grip.x, box.y + grip.y);
  await page.mouse.down();
  await page.mouse.move(box.x + grip.x + 10, box.y + grip.y, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
}

async function openLayout(page: Page, slug: string) {
  await page.goto(`/edit/${slug}`);
  const layout = page.getByRole('region', { name: 'Warehouse layout' });
  await layout.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  return layout;
}

test('staff add a rack by dragging the builder onto the floor plan', async ({
  signedInPage: page,
}) => {
  const w = await seedWarehouse(page.request, { rows: 3, cols: 3, length: 60, width: 40 });
  const layout = await openLayout(page, w.slug);
  await layout.getByLabel('Rack Name').fill('Dock Rack');
  await layout.getByLabel('Shelves').fill('3');
  await layout.getByLabel('Shelf Capacity').fill('2');
  const floor = layout.getByRole('group', { name: 'Warehouse floor plan' });
  const floorBox = await floor.boundingBox();
  if (!floorBox) throw new Error('floor not visible');
  // Drop the builder's top-left corner 25 ft across and 30 ft down (10 px per foot).
  await drag(page, layout.getByRole('button', { name: 'Add a Rack' }), {
    x: floorBox.x + 255,
    y: floorBox.y + 305,
  });

  await expect(floor.getByRole('button', { name: 'Rack Dock Rack' })).toBeVisible();
  const racks = (await (await page.request.get(`/api/racks/warehouse/${w.id}`)).json()) as {
    name: string;
    position: { x: number; y: number };
    num_shelves: number;
    capacity: number;
  }[];
  expect(racks).toHaveLength(1);
  expect(racks[0]).toMatchObject({ name: 'Dock Rack', num_shelves: 3, capacity: 2 });
  expect(racks[0]?.position.x).toBeCloseTo(25, 0);
  expect(racks[0]?.position.y).toBeCloseTo(30, 0);
});

test('a rack dragged near a wall snaps to it', async ({ signedInPage: page }) => {
  const w = await seedWarehouse(page.request, { rows: 3, cols: 3, length: 60, width: 40 });
  const rack = await seedRack(page, w.id, { name: 'Snapper', position: { x: 20, y: 30 } });
  const layout = await openLayout(page, w.slug);
  const button = layout.getByRole('button', { name: 'Rack Snapper' });
  const box = await button.boundingBox();
  if (!box) throw new Error('rack not visible');
  // 7.7 ft to the right leaves the rack 0.3 ft from the right wall (40 ft): it snaps to 28 ft.
  await drag(page, button, { x: box.x + 5 + 77, y: box.y + 5 });
  await expect.poll(() => rackPosition(page, w.id, rack.id)).toEqual({ x: 28, y: 30 });
  await expect(button).toHaveCSS('left', '280px');
  // A move never resizes or turns the rack.
  expect(await findRack(page, w.id, rack.id)).toMatchObject({
    width: 12,
    length: 4,
    orientation: 'horizontal',
  });
});

test('staff add a pallet, and editing it past the shelf capacity shows the sentence', async ({
  signedInPage: page,
}) => {
  const w = await seedWarehouse(page.request, { rows: 1, cols: 1, length: 60, width: 40 });
  await seedRack(page, w.id, { name: 'Pallets', position: { x: 20, y: 20 }, capacity: 2 });
  await page.goto(`/warehouse/${w.slug}?view=rack`);
  await expect(page.getByPlaceholder('Search customer/pallet/vault number...')).toBeVisible();
  await expect(page.getByText('Select a rack to view its info')).toBeVisible();
  await page.getByRole('button', { name: 'Rack Pallets' }).click();

  await page.getByRole('button', { name: 'Add pallet to shelf 1' }).first().click();
  const add = page.getByRole('dialog', { name: 'Add Pallet' });
  await add.getByLabel('Customer Name').fill('smith family');
  await expect(add.getByLabel('Customer Name')).toHaveValue('SMITH FAMILY');
  await add.getByLabel('Pallet Name').fill('boxes');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toBeHidden();

  const tile = page.getByRole('button', { name: 'Pallet BOXES of SMITH FAMILY' });
  await expect(tile).toContainText('SMITH FA');
  await tile.click();
  const edit = page.getByRole('dialog', { name: 'Edit Pallet' });
  await edit.getByLabel('Pallet Spaces').fill('3');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByRole('alert')).toHaveText(
    'Shelf does not have enough space for this. Please increase Shelf capacity. Shelf capacity is currently 2',
  );
  await expect(edit).toBeVisible();
});

test('deleting a rack with pallets asks first through the warning', async ({
  signedInPage: page,
}) => {
  const w = await seedWarehouse(page.request, { rows: 1, cols: 1, length: 60, width: 40 });
  const rack = await seedRack(page, w.id, { name: 'Doomed', position: { x: 20, y: 20 } });
  const pallet = await page.request.post('/api/racks/pallets', {
    data: { shelf_id: rack.shelves[0]?.id, customer_name: 'JONES' },
  });
  expect(pallet.status()).toBe(200);
  const layout = await openLayout(page, w.slug);
  await layout.getByRole('button', { name: 'Rack Doomed' }).click();
  const info = page.getByRole('dialog', { name: 'Rack Info' });
  await expect(info.getByText('Number of Shelves')).toBeVisible();
  await info.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Rack' });
  await expect(confirm).toContainText(
    'Warning: This rack contains pallets. Deleting it will remove all associated pallets. Are you sure you want to continue?',
  );
  await confirm.getByRole('button', { name: 'Yes, delete it' }).click();
  await expect(layout.getByRole('button', { name: 'Rack Doomed' })).toHaveCount(0);
  expect(await (await page.request.get(`/api/racks/warehouse/${w.id}`)).json()).toEqual([]);
});

test('adding two columns on the left shifts the letters', async ({ signedInPage: page }) => {
  const w = await seedWarehouse(page.request, { rows: 2, cols: 2, length: 60, width: 40 });
  await page.goto(`/edit/${w.slug}`);
  const grid = page.getByRole('grid', { name: 'Field grid preview' });
  await expect(grid.getByRole('gridcell')).toHaveCount(4);
  await page.getByRole('button', { name: 'Add columns on the left' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add columns on the left' });
  await dialog.getByLabel('Count').fill('2');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(grid.getByRole('gridcell')).toHaveCount(8);
  await expect(grid.getByRole('gridcell', { name: 'D2' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Field grid: 2 rows x 4 columns' })).toBeVisible();
  const after = (await (await page.request.get(`/api/warehouse/${w.id}`)).json()) as {
    fields: Record<string, { name: string }>;
  };
  const renamed = Object.entries(after.fields)
    .filter(([id]) => id in w.fields)
    .map(([, f]) => f.name)
    .sort();
  expect(renamed).toEqual(['C1', 'C2', 'D1', 'D2']);
});

test('removing a row that holds a vault alerts the user', async ({ signedInPage: page }) => {
  const w = await seedWarehouse(page.request, { rows: 2, cols: 2, length: 60, width: 40 });
  await seedVault(page.request, {
    field_id: fieldId(w, 'B2'),
    position: 1,
    vault_id: vaultNumber(),
  });
  await page.goto(`/edit/${w.slug}`);
  const alert = page.waitForEvent('dialog');
  await page.getByRole('button', { name: 'Remove rows at the bottom' }).click();
  await page
    .getByRole('dialog', { name: 'Remove rows at the bottom' })
    .getByRole('button', { name: 'Submit' })
    .click();
  const shown = await alert;
  expect(shown.message()).toBe('Please remove all vaults from the row that you want to delete.');
  await shown.accept();
  // Nothing was removed: the row and its vault are still there.
  const after = (await (await page.request.get(`/api/warehouse/${w.id}`)).json()) as {
    fields: Record<string, { name: string; vaults: Record<string, unknown> }>;
  };
  expect(
    Object.values(after.fields)
      .map((f) => f.name)
      .sort(),
  ).toEqual(['A1', 'A2', 'B1', 'B2']);
  expect(
    Object.keys(Object.values(after.fields).find((f) => f.name === 'B2')?.vaults ?? {}),
  ).toHaveLength(1);
});

test('changing the capacity shows the toast', async ({ signedInPage: page }) => {
  const w = await seedWarehouse(page.request, { rows: 2, cols: 2, field_capacity: 3 });
  await page.goto(`/edit/${w.slug}`);
  const form = page.getByRole('form', { name: 'Edit Warehouse Fields' });
  await form.getByLabel('Field Capacity').fill('5');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('status')).toHaveText('Capacity updated successfully!');
  await expect(form.getByRole('status')).toBeHidden({ timeout: 5000 });
});

test('an unknown warehouse shows Warehouse Not Found', async ({ signedInPage: page }) => {
  await page.goto('/edit/no-such-warehouse');
  await expect(page.getByRole('heading', { name: 'Warehouse Not Found' })).toBeVisible();
  await expect(page.getByText('The warehouse you are looking for does not exist.')).toBeVisible();
});

test('a rack can be moved with the keyboard', async ({ signedInPage: page }) => {
  const w = await seedWarehouse(page.request, { rows: 1, cols: 1, length: 60, width: 40 });
  const rack = await seedRack(page, w.id, { name: 'Keys', position: { x: 20, y: 20 } });
  const layout = await openLayout(page, w.slug);
  const button = layout.getByRole('button', { name: 'Rack Keys' });
  await button.focus();
  await page.keyboard.press('Space');
  // The keyboard sensor hears arrows only from the next task after pick-up.
  await expect(page.locator('[id^="DndLiveRegion"]')).toHaveText(
    /^(Picked up Rack Keys\.|Rack Keys is over the floor plan\.)/,
  );
  // dnd-kit moves 25 px a press: 2.5 ft at 10 px per foot.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect.poll(() => rackPosition(page, w.id, rack.id)).toEqual({ x: 20, y: 25 });
  await expect(page.getByRole('dialog', { name: 'Rack Info' })).toHaveCount(0);
});

test('searching a customer in Rack View highlights its racks and dims the others', async ({
  signedInPage: page,
}) => {
  const w = await seedWarehouse(page.request, { rows: 1, cols: 1, length: 60, width: 40 });
  const mine = await seedRack(page, w.id, { name: 'Has Lee', position: { x: 20, y: 20 } });
  await seedRack(page, w.id, { name: 'Other', position: { x: 20, y: 40 } });
  const customer = unique('LEE').toUpperCase();
  await page.request.post('/api/racks/pallets', {
    data: { shelf_id: mine.shelves[0]?.id, customer_name: customer },
  });
  await page.goto(`/warehouse/${w.slug}?view=rack`);
  const search = page.getByPlaceholder('Search customer/pallet/vault number...');
  await search.fill(customer.toLowerCase());
  await expect(page.getByRole('button', { name: 'Rack Other' })).toHaveAttribute(
    'data-dimmed',
    'true',
  );
  await expect(page.getByRole('button', { name: 'Rack Has Lee' })).toHaveAttribute(
    'data-dimmed',
    'false',
  );
  await search.fill('');
  await expect(page.getByRole('button', { name: 'Rack Other' })).toHaveAttribute(
    'data-dimmed',
    'false',
  );
});

test('the VAULTS block moves, but not onto a rack', async ({ signedInPage: page }) => {
  const w = await seedWarehouse(page.request, { rows: 1, cols: 1, length: 60, width: 40 });
  await seedRack(page, w.id, { name: 'Wall', position: { x: 20, y: 0 } });
  const layout = await openLayout(page, w.slug);
  const block = layout.getByRole('button', { name: 'VAULTS block' });
  const box = await block.boundingBox();
  if (!box) throw new Error('block not visible');
  // 10 ft down: free floor.
  await drag(page, block, { x: box.x + 5, y: box.y + 5 + 100 });
  await expect(block).toHaveCSS('top', '100px');
  const moved = (await (await page.request.get(`/api/warehouse/${w.id}`)).json()) as {
    fieldgridLocation: unknown;
  };
  expect(moved.fieldgridLocation).toEqual({ x: 0, y: 10 });
  // 22 ft right and 10 ft up lands on the rack: refused with the server's sentence, and it stays.
  const now = await block.boundingBox();
  if (!now) throw new Error('block not visible');
  await drag(page, block, { x: now.x + 5 + 220, y: now.y + 5 - 100 });
  await expect(layout.getByRole('alert')).toHaveText(
    'The VAULTS block at x 22, y 0 would overlap rack "Wall".',
  );
  await expect(block).toHaveCSS('top', '100px');
  await expect(block).toHaveCSS('left', '0px');
});

test.describe('on a tablet', () => {
  test.use({ hasTouch: true });

  test('a rack can be moved with a finger: hold, then drag', async ({ signedInPage: page }) => {
    const w = await seedWarehouse(page.request, { rows: 1, cols: 1, length: 60, width: 40 });
    const rack = await seedRack(page, w.id, { name: 'Finger', position: { x: 20, y: 20 } });
    const layout = await openLayout(page, w.slug);
    const box = await layout.getByRole('button', { name: 'Rack Finger' }).boundingBox();
    if (!box) throw new Error('rack not visible');
    // Real touch events through the DevTools protocol: press, hold past the 150 ms delay that
    // tells a drag from a scroll, move 5 ft down in steps, lift.
    const cdp = await page.context().newCDPSession(page);
    const at = (dy: number) => [{ x: box.x + 5, y: box.y + 5 + dy }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
    await page.waitForTimeout(300);
    for (let dy = 10; dy <= 50; dy += 10) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(dy) });
      await page.waitForTimeout(30);
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(() => rackPosition(page, w.id, rack.id)).toEqual({ x: 20, y: 25 });
  });
});
