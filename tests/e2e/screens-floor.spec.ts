import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { printedCodes } from '../support/pdf';
import { fieldId, seedVault, seedWarehouse, unique, vaultNumber } from './fixtures';
import { expect, lanUse, mouseDrag, pixelAt, test, touchDrag, viewports } from './lan-screens';

// Issue 30's floor screens: the layout editor, big grids, staging, search dimming and the
// names a screen reader hears, at a phone's and a desktop's size over the LAN name.
test.use(lanUse);

async function addRack(
  api: APIRequestContext,
  warehouseId: number,
  name: string,
  position: { x: number; y: number },
) {
  const res = await api.post(`/api/racks/warehouse/${warehouseId}/add`, {
    data: { name, width: 12, length: 4, num_shelves: 1, capacity: 2, position },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function rackPositions(api: APIRequestContext, warehouseId: number) {
  const racks = (await (await api.get(`/api/racks/warehouse/${warehouseId}`)).json()) as {
    name: string;
    position: { x: number; y: number };
  }[];
  return Object.fromEntries(racks.map((r) => [r.name, r.position]));
}

async function centre(page: Page, name: string) {
  const box = await page.getByRole('button', { name }).boundingBox();
  if (!box) throw new Error(`${name} is not on screen`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Serious findings of the named axe rules, as "rule: target" lines. */
async function axeFindings(page: Page, rules: string[]): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withRules(rules).analyze();
  return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

for (const { kind, viewport, hasTouch } of viewports) {
  test.describe(`on a ${kind} (${viewport.width} x ${viewport.height})`, () => {
    test.use({ viewport, hasTouch });
    const drag = kind === 'phone' ? touchDrag : mouseDrag;

    test('the layout editor shows the whole floor and racks move by finger or mouse', async ({
      api,
      signedIn: page,
    }) => {
      // 240 ft wide: 2,400 px at the spec's 10 px per foot, wider than either screen.
      const w = await seedWarehouse(api, { rows: 2, cols: 2, width: 240, length: 100 });
      await addRack(api, w.id, 'Middle', { x: 100, y: 40 });
      await addRack(api, w.id, 'South', { x: 220, y: 90 });
      await page.goto(`/edit/${w.slug}`);
      const floor = page.getByRole('group', { name: 'Warehouse floor plan' });
      await expect(floor).toBeVisible();
      const plan = await floor.boundingBox();
      if (!plan) throw new Error('no floor plan');
      expect(plan.x + plan.width).toBeLessThanOrEqual(viewport.width);
      for (const name of ['Rack Middle', 'Rack South', 'VAULTS block']) {
        const box = await page.getByRole('button', { name }).boundingBox();
        if (!box) throw new Error(`${name} is not drawn`);
        expect(box.x + box.width, `${name} inside the plan`).toBeLessThanOrEqual(
          plan.x + plan.width + 0.5,
        );
        expect(box.y + box.height).toBeLessThanOrEqual(plan.y + plan.height + 0.5);
      }

      // Down by a fifth of the floor's depth, drawn at whatever scale the screen allows.
      await floor.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path: `.tmp/shots/layout-${kind}.png` });
      const from = await centre(page, 'Rack Middle');
      await drag(page, from, { x: from.x, y: from.y + plan.height / 5 });
      await expect
        .poll(async () => (await rackPositions(api, w.id)).Middle?.y ?? 0)
        .toBeGreaterThan(50);
    });

    test('a rack dropped on another goes back and the page says why', async ({
      api,
      signedIn: page,
    }) => {
      const w = await seedWarehouse(api, { rows: 1, cols: 1, width: 60, length: 40 });
      await addRack(api, w.id, 'North', { x: 30, y: 20 });
      await addRack(api, w.id, 'Dock', { x: 30, y: 30 });
      await page.goto(`/edit/${w.slug}`);
      // In the middle of the screen: near an edge a drag scrolls the page under the pointer.
      await page
        .getByRole('group', { name: 'Warehouse floor plan' })
        .evaluate((el) => el.scrollIntoView({ block: 'center' }));
      const from = await centre(page, 'Rack Dock');
      const onto = await centre(page, 'Rack North');
      await drag(page, from, { x: onto.x + 2, y: onto.y + 1 });
      const alert = page.getByRole('alert');
      await expect(alert).toHaveText(
        /^Rack "Dock" at x [\d.]+, y [\d.]+ would overlap rack "North"\.$/,
      );
      // Where the eye is: above the floor, not under it past the screen's edge.
      await expect(alert).toBeInViewport();
      expect((await rackPositions(api, w.id)).Dock).toEqual({ x: 30, y: 30 });
      await page.screenshot({ path: `.tmp/shots/layout-taken-${kind}.png` });
    });

    test('a big warehouse: go to a field by name or label, headers in view, names legible', async ({
      api,
      signedIn: page,
    }) => {
      test.setTimeout(60_000);
      const w = await seedWarehouse(api, { rows: 25, cols: 40, field_capacity: 3 });
      await page.goto(`/warehouse/${w.slug}`);
      const grid = page.getByRole('grid', { name: `Fields of ${w.name}` });
      await expect(grid.getByRole('gridcell')).toHaveCount(1000);

      await page.getByRole('button', { name: 'Fit to width' }).click();
      // Every name reads whole in its cell: none runs into the next.
      const cut = await grid.evaluate((g) =>
        [...g.querySelectorAll<HTMLElement>('[role="gridcell"]')]
          .filter((c) => c.scrollWidth > c.clientWidth + 1)
          .map((c) => c.textContent),
      );
      expect(cut).toEqual([]);
      await page.screenshot({ path: `.tmp/shots/big-fit-${kind}.png` });

      // Typed, as a keyboard alone would: the field comes into view, selected.
      const goTo = page.getByLabel('Go to field');
      await goTo.fill('an25');
      await goTo.press('Enter');
      const far = grid.getByRole('gridcell', { name: /^AN25,/ });
      await expect(far).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('heading', { name: 'Field AN25' })).toBeVisible();
      const scroller = grid.locator('..');
      const inView = async (cellName: RegExp) => {
        const [s, c, panel] = await Promise.all([
          scroller.boundingBox(),
          grid.getByRole('gridcell', { name: cellName }).boundingBox(),
          page.getByRole('complementary', { name: 'Selected field' }).boundingBox(),
        ]);
        if (!s || !c || !panel) return false;
        // On a phone the field's panel is a sheet over the page's lower part.
        if (kind === 'phone' && c.y + c.height > panel.y) return false;
        // Clear of the row numbers and column letters that stay over the edges.
        return (
          c.x >= s.x + 32 &&
          c.y >= s.y + 24 &&
          c.x + c.width <= s.x + s.width + 1 &&
          c.y + c.height <= s.y + s.height + 1
        );
      };
      await expect.poll(() => inView(/^AN25,/)).toBe(true);
      // Scrolled to the far corner, the headers still name the column and the row.
      const heads = await grid.evaluate((g) => {
        const box = (g.parentElement ?? g).getBoundingClientRect();
        const head = (text: string) =>
          [...g.querySelectorAll<HTMLElement>('.field-head')]
            .find((h) => h.textContent === text)
            ?.getBoundingClientRect();
        const col = head('AN');
        const row = head('25');
        return {
          col: col ? Math.round(col.top - box.top) : null,
          row: row ? Math.round(row.left - box.left) : null,
        };
      });
      expect(heads).toEqual({ col: 0, row: 0 });
      await page.screenshot({ path: `.tmp/shots/big-goto-${kind}.png` });

      // A field label's code, as a handheld scanner types it.
      const labels = await api.post('/api/labels', {
        data: { format: 'small-2x1', of: 'fields', fieldIds: [fieldId(w, 'C3')] },
      });
      expect(labels.status()).toBe(200);
      const [code] = printedCodes(Buffer.from(await labels.body()));
      await goTo.fill(`http://${'vaultgrid.lan'}/s/${code}`);
      await goTo.press('Enter');
      await expect(grid.getByRole('gridcell', { name: /^C3,/ })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect.poll(() => inView(/^C3,/)).toBe(true);

      await goTo.fill('ZZ99');
      await goTo.press('Enter');
      await expect(page.getByRole('alert')).toHaveText(`There is no field ZZ99 in ${w.name}.`);
    });

    test('staging a vault without a number names it in the spec sentence', async ({
      api,
      signedIn: page,
    }) => {
      const w = await seedWarehouse(api, { rows: 1, cols: 1 });
      await seedVault(api, {
        field_id: fieldId(w, 'A1'),
        position: 1,
        customer_name: 'EMPTY',
        order_name: '',
        type: 'liftvan',
      });
      await page.goto(`/warehouse/${w.slug}`);
      await page.getByRole('gridcell', { name: /^A1,/ }).click();
      await page.getByRole('button', { name: 'Stage Empty liftvan' }).click();
      const confirm = page.getByRole('dialog', { name: 'Stage Vault' });
      await expect(confirm).toContainText(
        'Are you sure you want to stage vault A1 position 1, an empty liftvan?',
      );
    });

    test('a search greys the fields outside it and leaves them half transparent', async ({
      api,
      signedIn: page,
    }) => {
      const w = await seedWarehouse(api, { rows: 1, cols: 2, field_capacity: 1 });
      const wanted = unique('DIMSEARCH').toUpperCase();
      await seedVault(api, { field_id: fieldId(w, 'A1'), position: 1, customer_name: 'OTHER' });
      await seedVault(api, { field_id: fieldId(w, 'B1'), position: 1, customer_name: wanted });
      await page.goto(`/warehouse/${w.slug}`);
      const other = page.getByRole('gridcell', { name: /^A1,/ });
      await expect(other).toHaveAttribute('data-fill', 'full');
      const box = await other.boundingBox();
      if (!box) throw new Error('no cell');
      // A corner inside the cell's padding: its fill, not its text.
      const spot = { x: Math.round(box.x + 4), y: Math.round(box.y + box.height - 4) };
      const search = page.getByRole('combobox', { name: 'Search' });
      await search.fill(wanted);
      await search.press('Enter');
      await expect(page.getByRole('status').filter({ hasText: '1 field matches' })).toBeVisible();
      const [r, g, b] = await pixelAt(page, spot.x, spot.y);
      // Grey (no hue left), and lighter than grey alone would leave a full red field (about
      // 142): half of the white card shows through.
      expect(Math.max(r, g, b) - Math.min(r, g, b)).toBeLessThanOrEqual(6);
      expect(r).toBeGreaterThan(180);
      await page.screenshot({ path: `.tmp/shots/search-dim-${kind}.png` });
    });

    test('grid cells, rack and pallet tiles are named by what they show (axe)', async ({
      api,
      signedIn: page,
    }) => {
      const w = await seedWarehouse(api, { rows: 2, cols: 3, width: 80, length: 60 });
      await seedVault(api, { field_id: fieldId(w, 'A1'), position: 1, vault_id: vaultNumber() });
      await addRack(api, w.id, 'Unnamed Rack Number Two', { x: 40, y: 40 });
      const racks = (await (await api.get(`/api/racks/warehouse/${w.id}`)).json()) as {
        shelves: { id: number }[];
      }[];
      const shelf = racks[0]?.shelves[0]?.id;
      const pallet = await api.post('/api/racks/pallets', {
        data: {
          shelf_id: shelf,
          slot_index: 0,
          customer_name: 'A VERY LONG CUSTOMER NAME',
          name: 'Pallet with a long name',
        },
      });
      expect(pallet.status(), await pallet.text()).toBe(200);

      const rules = ['label-content-name-mismatch', 'listitem'];
      await page.goto(`/warehouse/${w.slug}`);
      await expect(page.getByRole('gridcell')).toHaveCount(6);
      expect(await axeFindings(page, rules)).toEqual([]);
      await page.goto(`/warehouse/${w.slug}?view=rack`);
      await page.getByRole('button', { name: 'Rack Unnamed Rack Number Two' }).click();
      await expect(
        page.getByRole('button', { name: /^Pallet pallet with a long name of/i }),
      ).toBeVisible();
      expect(await axeFindings(page, rules)).toEqual([]);
      await page.goto(`/edit/${w.slug}`);
      await expect(
        page.getByRole('button', { name: 'Rack Unnamed Rack Number Two' }),
      ).toBeVisible();
      expect(await axeFindings(page, rules)).toEqual([]);
    });
  });
}
