import type { Page } from '@playwright/test';
import {
  expect,
  fieldId,
  searchVeil,
  seedVault,
  seedWarehouse,
  test,
  vaultNumber,
  type SeededWarehouse,
} from './fixtures';

/** A real one-pixel PNG, so the browser draws the thumbnail. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const cell = (page: Page, name: string) =>
  page.getByRole('gridcell', { name: new RegExp(`^${name},`) });

async function openField(page: Page, w: SeededWarehouse, name: string) {
  await page.goto(`/warehouse/${w.slug}`);
  await expect(page.getByRole('heading', { name: w.name })).toBeVisible();
  await cell(page, name).click();
}

const screens = [
  { kind: 'phone', viewport: { width: 390, height: 844 }, hasTouch: true },
  { kind: 'desktop', viewport: { width: 1366, height: 900 }, hasTouch: false },
] as const;

for (const { kind, viewport, hasTouch } of screens) {
  test.describe(`on a ${kind} (${viewport.width} px)`, () => {
    test.use({ viewport, hasTouch });

    test('staff add a vault with its tags, see them in the panel and find it by a tag', async ({
      signedInPage: page,
    }) => {
      const w = await seedWarehouse(page.request, { rows: 1, cols: 2 });
      await seedVault(page.request, { field_id: fieldId(w, 'B1'), position: 1 });
      await openField(page, w, 'A1');
      await page.getByRole('button', { name: 'Add at position 1' }).click();
      await page
        .getByRole('dialog', { name: 'Confirm Add Vault' })
        .getByRole('button', { name: 'Yes, add it' })
        .click();

      const form = page.getByRole('dialog', { name: 'New Vault Info' });
      const number = vaultNumber();
      await form.getByLabel('Customer Name').fill('tagged family');
      await form.getByLabel('Order Number').fill('ORD-T');
      await form.getByLabel('Vault Number').fill(number);
      await form.getByLabel('Seal Number').fill('0281234');
      const tags = form.getByLabel('Inventory Tags');
      await expect(tags).toHaveAttribute('placeholder', 'LOT 4471, tags 1-120');
      await tags.fill('LOT 4471, tags 1-x');
      await form.getByLabel('Items Inside').focus();
      await expect(tags).toHaveAccessibleDescription(
        /"1-x" in lot 4471 is not a tag number or a range like 1-120\./,
      );
      await tags.fill('LOT 4471, tags 1-120');
      await form.getByLabel('Items Inside').fill('Piano, 12 boxes of books');
      await form.getByLabel('Expected Release').fill('2026-12-15');
      await form.getByRole('button', { name: 'Add Vault' }).click();
      await expect(form).toBeHidden();

      const row = page.getByRole('listitem', { name: `Vault ${number}` });
      const contents = row.getByRole('definition');
      await expect(contents).toHaveText([
        'LOT 4471, tags 1-120',
        '0281234',
        '2026-12-15',
        'Piano, 12 boxes of books',
      ]);

      const box = page.getByRole('combobox', { name: 'Search' });
      await box.fill('4471-37');
      await expect(
        page
          .getByRole('listbox', { name: 'Suggestions' })
          .getByRole('group', { name: 'Vault' })
          .getByRole('option', { name: number }),
      ).toBeVisible();
      await box.press('Enter');
      await expect.poll(() => searchVeil(page)).toBe('grayscale(1)');
      await expect(cell(page, 'A1')).toHaveAccessibleName(/matches search/);
      await expect(cell(page, 'B1')).not.toHaveAccessibleName(/matches search/);
      await box.fill('4471-121');
      await box.press('Enter');
      await expect(cell(page, 'A1')).not.toHaveAccessibleName(/matches search/);
    });

    test('a photo uploaded to a vault shows as a thumbnail that opens large', async ({
      signedInPage: page,
    }) => {
      const w = await seedWarehouse(page.request, { rows: 1, cols: 1 });
      const number = vaultNumber();
      await seedVault(page.request, { field_id: fieldId(w, 'A1'), position: 1, vault_id: number });
      await page.goto(`/edit/vault/${number}`);
      await expect(page.getByRole('heading', { name: `Edit Vault ${number}` })).toBeVisible();
      const camera = page.getByLabel('Take photo');
      if (kind === 'phone') {
        await expect(page.getByText('Take photo')).toBeVisible();
        await expect(camera).toHaveAttribute('capture', 'environment');
        await expect(camera).toHaveAttribute('accept', 'image/*');
      } else {
        await expect(camera).toHaveCount(0);
      }
      await page.getByLabel('Upload Attachment').setInputFiles({
        name: 'shelf.png',
        mimeType: 'image/png',
        buffer: PNG,
      });
      const thumbnail = page.getByRole('button', { name: 'Open photo shelf.png' });
      await expect(thumbnail).toBeVisible();
      await thumbnail.click();
      const large = page.getByRole('dialog', { name: 'shelf.png' });
      await expect(large.getByRole('img', { name: 'shelf.png' })).toBeVisible();
      await expect
        .poll(() =>
          large
            .getByRole('img', { name: 'shelf.png' })
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        )
        .toBe(1);
      await large.getByRole('button', { name: 'Close' }).click();
      await expect(large).toBeHidden();

      await openField(page, w, 'A1');
      const row = page.getByRole('listitem', { name: `Vault ${number}` });
      await expect(row.getByRole('button', { name: 'Open photo shelf.png' })).toBeVisible();
    });
  });
}
