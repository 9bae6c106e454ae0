import type { Page } from '@playwright/test';
import {
  expect,
  fieldId,
  seedVault,
  searchVeil,
  seedWarehouse,
  test,
  unique,
  vaultNumber,
  type SeededWarehouse,
} from './fixtures';

async function openWarehouse(page: Page, w: SeededWarehouse) {
  await page.goto(`/warehouse/${w.slug}`);
  await expect(page.getByRole('heading', { name: w.name })).toBeVisible();
}

const cell = (page: Page, name: string) =>
  // A cell is named by what it shows: "A1, 2/3" (issue 11, issue 30).
  page.getByRole('gridcell', { name: new RegExp(`^${name},`) });

test('staff add a vault in Regular and in Empty mode and see the cell colour change', async ({
  signedInPage: page,
}) => {
  const w = await seedWarehouse(page.request, { rows: 2, cols: 2, field_capacity: 3 });
  await openWarehouse(page, w);
  await expect(page.getByText('Select a field to view its info')).toBeVisible();
  await expect(cell(page, 'A1')).toHaveAttribute('data-fill', 'empty');

  await cell(page, 'A1').click();
  await expect(page.getByRole('button', { name: 'Position 2 (empty)' })).toBeDisabled();
  await page.getByRole('button', { name: 'Add at position 1' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Add Vault' });
  await expect(confirm).toContainText('Are you sure you want to add a vault at position 1?');
  await confirm.getByRole('button', { name: 'Yes, add it' }).click();

  const form = page.getByRole('dialog', { name: 'New Vault Info' });
  const number = vaultNumber();
  await form.getByLabel('Customer Name').fill('johnson family');
  await expect(form.getByLabel('Customer Name')).toHaveValue('JOHNSON FAMILY');
  await form.getByLabel('Order Number').fill('ORD-1');
  await form.getByLabel('Vault Number').fill(number);
  await form.getByRole('button', { name: 'Add Vault' }).click();
  await expect(form).toBeHidden();
  await expect(cell(page, 'A1')).toHaveAttribute('data-fill', 'success');
  await expect(page.getByRole('listitem', { name: `Vault ${number}` })).toContainText(
    'JOHNSON FAMILY',
  );

  await page.getByRole('button', { name: 'Add at position 2' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Add Vault' })
    .getByRole('button', { name: 'Yes, add it' })
    .click();
  const emptyForm = page.getByRole('dialog', { name: 'New Vault Info' });
  await emptyForm.getByRole('button', { name: 'Empty Mode' }).click();
  await emptyForm.getByLabel('Type').selectOption('liftvan');
  await expect(emptyForm.getByLabel('Customer Name')).toHaveValue('EMPTY LIFTVAN');
  await expect(emptyForm.getByLabel('Customer Name')).toBeDisabled();
  await expect(emptyForm.getByLabel('Order Number')).toBeDisabled();
  await expect(emptyForm.getByLabel('Vault Number')).toBeDisabled();
  await emptyForm.getByRole('button', { name: 'Add Vault' }).click();
  await expect(emptyForm).toBeHidden();
  await expect(cell(page, 'A1')).toHaveAttribute('data-fill', 'warning');
});

test('searching a customer highlights only its fields', async ({ signedInPage: page }) => {
  const w = await seedWarehouse(page.request, { rows: 2, cols: 2 });
  const customer = unique('ZEBRA').toUpperCase();
  await seedVault(page.request, {
    field_id: fieldId(w, 'B2'),
    position: 1,
    customer_name: customer,
  });
  await seedVault(page.request, {
    field_id: fieldId(w, 'A1'),
    position: 1,
    customer_name: 'OTHER PERSON',
  });
  await openWarehouse(page, w);

  const box = page.getByRole('combobox', { name: 'Search' });
  await expect(box).toHaveAttribute('placeholder', 'Search customer/order/vault number...');
  await box.fill(customer.slice(0, 9).toLowerCase());
  const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
  await suggestions
    .getByRole('group', { name: 'Customer' })
    .getByRole('option', { name: customer })
    .click();
  // The grid is greyed under a veil; B2, which matches, is named so and drawn above it, A1 not.
  await expect.poll(() => searchVeil(page)).toBe('grayscale(1)');
  await expect(cell(page, 'B2')).toHaveAccessibleName(/matches search/);
  await expect(cell(page, 'B2')).toHaveCSS('z-index', '1');
  await expect(cell(page, 'A1')).not.toHaveAccessibleName(/matches search/);
  await expect(cell(page, 'A1')).toHaveCSS('z-index', 'auto');

  await box.fill('');
  await expect.poll(() => searchVeil(page)).toBe('none');
});

test('staff stage the topmost vault, then move it back from /stage', async ({
  signedInPage: page,
}) => {
  const w = await seedWarehouse(page.request, { rows: 2, cols: 2 });
  const bottom = vaultNumber();
  const top = vaultNumber();
  await seedVault(page.request, { field_id: fieldId(w, 'A1'), position: 1, vault_id: bottom });
  await seedVault(page.request, { field_id: fieldId(w, 'A1'), position: 2, vault_id: top });
  await openWarehouse(page, w);
  await cell(page, 'A1').click();

  await expect(page.getByRole('button', { name: `Stage vault ${bottom}` })).toBeDisabled();
  await page.getByRole('button', { name: `Stage vault ${top}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Stage Vault' });
  await expect(confirm).toContainText(`Are you sure you want to stage vault ${top}?`);
  await confirm.getByRole('button', { name: 'Yes, stage it' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('listitem', { name: `Vault ${top}` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Stage vault ${bottom}` })).toBeEnabled();

  await page.goto('/stage');
  await page.getByRole('button', { name: `Staged vault ${top}` }).click();
  const move = page.getByRole('dialog', { name: `Move Vault ${top} into` });
  await move.getByLabel('Warehouse').selectOption({ label: w.name });
  await expect(move).toHaveAccessibleName(`Move Vault ${top} into ${w.name}`);
  await move.getByRole('gridcell', { name: /^A1,/ }).click();
  await move.getByRole('button', { name: 'Add at position 2' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Add Vault' })
    .getByRole('button', { name: 'Yes, add it' })
    .click();
  await expect(page.getByText(`Vault ${top} moved to ${w.name}`)).toBeVisible();
  await expect(move).toBeHidden({ timeout: 5000 });
  await expect(page.getByRole('button', { name: `Staged vault ${top}` })).toHaveCount(0);
});

test('staff delete two staged vaults in delete mode', async ({ signedInPage: page }) => {
  const w = await seedWarehouse(page.request, { rows: 2, cols: 2 });
  const names = [vaultNumber(), vaultNumber()];
  for (const [i, name] of names.entries()) {
    const vault = await seedVault(page.request, {
      field_id: fieldId(w, i === 0 ? 'A1' : 'B1'),
      position: 1,
      vault_id: name,
    });
    expect((await page.request.post(`/api/stage/vaults/${vault.id}`)).status()).toBe(200);
  }
  await page.goto('/stage');
  await page.getByRole('button', { name: 'Delete mode: OFF' }).click();
  await expect(page.getByRole('button', { name: 'Delete mode: ON' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  for (const name of names)
    await page.getByRole('button', { name: `Staged vault ${name}` }).click();
  await page.getByRole('button', { name: 'Delete selected vaults' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Vaults' });
  await expect(confirm).toContainText(
    'Are you sure you want to delete the selected vaults? This action cannot be undone.',
  );
  await confirm.getByRole('button', { name: 'Yes, delete them' }).click();
  for (const name of names)
    await expect(page.getByRole('button', { name: `Staged vault ${name}` })).toHaveCount(0);
});

test('staff edit a vault, upload an attachment and open it', async ({ signedInPage: page }) => {
  const w = await seedWarehouse(page.request, { rows: 2, cols: 2 });
  const name = vaultNumber();
  await seedVault(page.request, { field_id: fieldId(w, 'A1'), position: 1, vault_id: name });
  await openWarehouse(page, w);
  await cell(page, 'A1').click();
  await page.getByRole('link', { name: `Edit vault ${name}` }).click();
  await expect(page.getByRole('heading', { name: `Edit Vault ${name}` })).toBeVisible();

  await page.getByLabel('Upload Attachment').setInputFiles({
    name: 'too-big.bin',
    mimeType: 'application/octet-stream',
    buffer: Buffer.alloc(Math.ceil(5.1 * 1024 * 1024)),
  });
  await expect(page.getByRole('alert')).toHaveText('File size should not exceed 5MB');
  await expect(page.getByRole('link', { name: 'too-big.bin' })).toHaveCount(0);

  await page.getByLabel('Upload Attachment').setInputFiles({
    name: 'inventory.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('3 boxes, 1 lamp'),
  });
  const link = page.getByRole('link', { name: 'inventory.txt' });
  await expect(link).toBeVisible();
  const href = await link.getAttribute('href');
  const file = await page.request.get(href ?? '');
  expect(await file.text()).toBe('3 boxes, 1 lamp');

  await page.getByLabel('Note').fill('lamp on top');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/warehouse/${w.slug}$`));
  await expect(page.getByRole('heading', { name: w.name })).toBeVisible();
});

test('turning a vault empty on the edit page asks to confirm and clears its order', async ({
  signedInPage: page,
}) => {
  const w = await seedWarehouse(page.request, { rows: 2, cols: 2 });
  const name = vaultNumber();
  await seedVault(page.request, {
    field_id: fieldId(w, 'A1'),
    position: 1,
    vault_id: name,
    order_name: 'ORD-9',
  });
  await page.goto(`/edit/vault/${name}`);
  await expect(page.getByLabel('Order Number')).toHaveValue('ORD-9');
  await page.getByRole('button', { name: 'Empty Mode' }).click();
  await expect(page.getByLabel('Customer Name')).toHaveValue('EMPTY VAULT');
  await expect(page.getByLabel('Order Number')).toHaveValue('');
  await page.getByRole('button', { name: 'Save' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Vault Change' });
  await confirm.getByRole('button', { name: 'Yes, change it' }).click();
  await expect(page).toHaveURL(new RegExp(`/warehouse/${w.slug}$`));
  const vault = await (await page.request.get(`/api/vaults/lookup/${name}`)).json();
  expect(vault).toMatchObject({ customer_name: 'EMPTY VAULT', order_name: null });
});

test('staff toggle a couchbox pair', async ({ signedInPage: page }) => {
  const w = await seedWarehouse(page.request, { rows: 2, cols: 2, field_capacity: 3 });
  await openWarehouse(page, w);
  // Each cell stands where its name says: its column's left edge, its row's top edge.
  const box = async (name: string) => {
    const b = await cell(page, name).boundingBox();
    if (!b) throw new Error(`${name} is not drawn`);
    return { left: Math.round(b.x), top: Math.round(b.y), bottom: Math.round(b.y + b.height) };
  };
  const [a1, b1, b2] = [await box('A1'), await box('B1'), await box('B2')];
  expect(b1.top).toBe(a1.top);
  expect(b2.left).toBe(b1.left);
  expect(b2.top).toBeGreaterThan(b1.bottom);
  expect(await box('A2')).toMatchObject({ left: a1.left, top: b2.top });
  await cell(page, 'A1').click();
  await page.getByRole('button', { name: 'Make couchbox' }).click();
  await expect(cell(page, 'A2')).toHaveCount(0);
  await expect(cell(page, 'A1')).toContainText('0/4');
  // The couchbox covers both rows of its column, and B2 keeps its place beside it.
  expect(await box('A1')).toEqual({ left: a1.left, top: a1.top, bottom: b2.bottom });
  expect(await box('B2')).toEqual(b2);
  await page.getByRole('button', { name: 'Make vault field' }).click();
  await expect(cell(page, 'A2')).toBeVisible();
  await expect(cell(page, 'A1')).toContainText('0/3');
  expect(await box('A2')).toMatchObject({ left: a1.left, top: b2.top });
  expect(await box('B2')).toEqual(b2);
});
