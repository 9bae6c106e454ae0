import { expect, seedWarehouse, test, unique } from './fixtures';

// PNG decoders stop at the IEND chunk, so padding makes a large but valid photo: big enough
// for the upload to take a moment and report progress.
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PHOTO = Buffer.concat([TINY_PNG, Buffer.alloc(3 * 1024 * 1024)]);

test('staff cannot create a checklist with a task title twice, then create one with the default tasks', async ({
  signedInPage: page,
}) => {
  const warehouse = await seedWarehouse(page.request, { name: unique('Checklist Warehouse') });
  await page.goto('/warehouse-checklists');
  await expect(page.getByRole('heading', { name: 'Warehouse Checklists Page' })).toBeVisible();
  await page.getByRole('button', { name: 'Add New Checklist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Checklist' });
  await expect(dialog.getByRole('textbox', { name: 'Task 5', exact: true })).toHaveValue(
    'Is the warehouse swept and organised?',
  );
  await dialog.getByLabel('Warehouse').selectOption({ label: warehouse.name });
  await dialog.getByRole('button', { name: 'Add Task' }).click();
  await dialog
    .getByRole('textbox', { name: 'Task 6', exact: true })
    .fill('  has the TRASH been emptied? ');
  await dialog.getByRole('button', { name: 'Create Checklist' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Task title must be unique within this checklist.',
  );

  await dialog.getByRole('textbox', { name: 'Task 6', exact: true }).fill('Is the gate locked?');
  await dialog.getByRole('button', { name: 'Create Checklist' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('article', { name: `${warehouse.name} checklist` });
  await expect(card.getByText('Is the gate locked?')).toBeVisible();
  await expect(
    card.getByRole('img', { name: `QR code for the ${warehouse.name} checklist` }),
  ).toBeVisible();

  // One active checklist per warehouse, enforced by the server.
  await page.getByRole('button', { name: 'Add New Checklist' }).click();
  await dialog.getByLabel('Warehouse').selectOption({ label: warehouse.name });
  await dialog.getByRole('button', { name: 'Create Checklist' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Failed to add checklist. An active checklist for this warehouse already exists.',
  );
});

test('a crew member fills /naglee-main-warehouse-checklist signed out, and staff see the answers', async ({
  signedInPage: page,
  browser,
}) => {
  const warehouse = await seedWarehouse(page.request, { name: 'Naglee Main Warehouse' });
  const created = await page.request.post('/api/checklists/', {
    data: {
      warehouse_id: warehouse.id,
      description: 'Morning round',
      tasks: ['Are all shipments labeled?', 'Has the trash been emptied?', 'Is the gate locked?'],
    },
  });
  expect(created.status()).toBe(200);

  const crew = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const phone = await crew.newPage();
  await phone.goto('/naglee-main-warehouse-checklist');
  await expect(
    phone.getByRole('heading', { name: 'Naglee Main Warehouse checklist' }),
  ).toBeVisible();

  const labeled = phone.getByRole('group', { name: 'Are all shipments labeled?' });
  await expect(labeled.getByRole('radio', { name: 'Yes' })).toBeDisabled();
  await phone.getByLabel('Your Name').fill('Maria Lopez');
  await labeled.getByRole('radio', { name: 'Yes' }).check({ force: true });

  const trash = phone.getByRole('group', { name: 'Has the trash been emptied?' });
  await trash.getByRole('radio', { name: 'No' }).check({ force: true });
  await trash.getByLabel('Reason').fill('bins locked');
  await expect(trash.getByRole('alert')).toHaveText('Reason must be at least 15 characters.');
  await expect(phone.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await trash.getByLabel('Reason').fill('The bins were locked away');
  await expect(trash.getByRole('alert')).toBeHidden();

  await phone.getByRole('button', { name: 'Upload Image' }).click();
  const upload = phone.getByRole('dialog', { name: 'Upload Image' });
  await upload
    .getByLabel('Choose image')
    .setInputFiles({ name: 'IMG_2041.png', mimeType: 'image/png', buffer: PHOTO });
  await expect(upload.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await expect(upload.getByText('Upload complete.')).toBeVisible();
  await expect(upload.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(upload).toBeHidden({ timeout: 4000 });
  // The image is served by id: the phone may see it only with the name page's fill grant.
  const photo = phone.getByRole('img', { name: 'IMG_2041.png' });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  const grant = (await crew.cookies()).find((c) => c.name === 'vaultgrid_fill');
  expect(grant).toMatchObject({ path: '/api/checklists', httpOnly: true, sameSite: 'Strict' });

  await phone.screenshot({ path: '.tmp/screenshots/checklist-fill-360.png', fullPage: true });
  const width = await phone.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);

  await phone.getByRole('button', { name: 'Submit' }).click();
  await expect(phone.getByRole('dialog', { name: 'Thank you, Maria Lopez!' })).toBeVisible();
  await phone.getByRole('button', { name: 'Close' }).click();
  await expect(phone.getByRole('region', { name: 'Are all shipments labeled?' })).toContainText(
    'Done by Maria Lopez',
  );
  await crew.close();

  await page.goto('/warehouse-checklists');
  const card = page.getByRole('article', { name: 'Naglee Main Warehouse checklist' });
  await expect(card.getByText('Filled out by: Maria Lopez')).toBeVisible();
  await expect(card.getByText('Done by Maria Lopez')).toBeVisible();
  await expect(card.getByText('Not done (Maria Lopez): The bins were locked away')).toBeVisible();
  await expect(card.getByRole('img', { name: 'IMG_2041.png' })).toBeVisible();
});

test('an image that is not a photo is refused in the upload modal', async ({
  signedInPage: page,
  browser,
}) => {
  const warehouse = await seedWarehouse(page.request, { name: unique('Upload Warehouse') });
  await page.request.post('/api/checklists/', {
    data: { warehouse_id: warehouse.id, tasks: ['Sweep'] },
  });
  const crew = await browser.newContext();
  const phone = await crew.newPage();
  await phone.goto(`/${warehouse.slug}-checklist`);
  await phone.getByRole('button', { name: 'Upload Image' }).click();
  const upload = phone.getByRole('dialog', { name: 'Upload Image' });
  await upload.getByLabel('Choose image').setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not an image'),
  });
  await expect(
    upload.getByText(
      'Failed to upload image. Only images can be uploaded (JPEG, PNG, GIF, WebP or HEIC).',
    ),
  ).toBeVisible();
  await expect(upload).toBeHidden({ timeout: 4000 });
  await crew.close();
});

test('a crew fills a checklist through its printed token link on a phone; a new link retires the old one, and name links can be turned off', async ({
  signedInPage: page,
  browser,
}) => {
  const warehouse = await seedWarehouse(page.request, { name: unique('Token Warehouse') });
  const created = await page.request.post('/api/checklists/', {
    data: { warehouse_id: warehouse.id, tasks: ['Is the gate locked?', 'Are the lights off?'] },
  });
  expect(created.status()).toBe(200);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/warehouse-checklists');
  const card = page.getByRole('article', { name: `${warehouse.name} checklist` });
  const fillLink = card.getByRole('region', { name: 'Fill link' });
  await expect(
    fillLink.getByRole('img', { name: `QR code for the ${warehouse.name} checklist` }),
  ).toBeVisible();
  const oldLink = fillLink.getByRole('link', { name: /\/c\// });
  const oldHref = await oldLink.getAttribute('href');
  expect(oldHref).toMatch(/^\/c\/[A-Za-z0-9_-]{22}$/);

  await fillLink.getByRole('button', { name: 'New link' }).click();
  const confirm = page.getByRole('dialog', { name: 'New Checklist Link' });
  await confirm.getByRole('button', { name: 'Yes, make a new link' }).click();
  await expect(confirm).toBeHidden();
  await expect(fillLink.getByRole('link', { name: /\/c\// })).not.toHaveAttribute(
    'href',
    oldHref ?? '',
  );
  const href = await fillLink.getByRole('link', { name: /\/c\// }).getAttribute('href');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: '.tmp/screenshots/checklists-admin-390.png', fullPage: true });

  const crew = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await crew.newPage();
  await phone.goto(oldHref ?? '');
  await expect(phone.getByRole('alert')).toContainText('Failed to fetch active checklist.');

  await phone.goto(href ?? '');
  await expect(phone.getByRole('heading', { name: `${warehouse.name} checklist` })).toBeVisible();
  await phone.getByLabel('Your Name').fill('Sam Reyes');
  for (const task of ['Is the gate locked?', 'Are the lights off?'])
    await phone
      .getByRole('group', { name: task })
      .getByRole('radio', { name: 'Yes' })
      .check({ force: true });
  await phone.getByLabel('Note').fill('Quiet night');
  await phone.getByRole('button', { name: 'Upload Image' }).click();
  const upload = phone.getByRole('dialog', { name: 'Upload Image' });
  await upload
    .getByLabel('Choose image')
    .setInputFiles({ name: 'gate.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(upload).toBeHidden({ timeout: 4000 });
  await expect(phone.getByRole('img', { name: 'gate.png' })).toBeVisible();
  await phone.getByRole('button', { name: 'Submit' }).click();
  await expect(phone.getByRole('dialog', { name: 'Thank you, Sam Reyes!' })).toBeVisible();
  await phone.getByRole('button', { name: 'Close' }).click();
  // Finished: the name and note are no longer editable, images still can be added.
  await expect(phone.getByRole('status')).toHaveText(
    'This checklist is complete, filled out by Sam Reyes. You can still add images.',
  );
  await expect(phone.getByRole('button', { name: 'Submit' })).toBeHidden();
  await expect(phone.getByLabel('Your Name')).toBeHidden();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.screenshot({ path: '.tmp/screenshots/checklist-token-390.png', fullPage: true });

  await page.reload();
  await expect(card.getByText('Filled out by: Sam Reyes')).toBeVisible();
  await expect(card.getByRole('img', { name: 'gate.png' })).toBeVisible();

  // Name links off: the spec's name page finds nothing, the token link still works.
  const toggle = page.getByRole('switch', { name: 'Open by warehouse name' });
  await expect(toggle).toBeChecked();
  await expect(fillLink.getByText(`${warehouse.slug}-checklist`)).toBeVisible();
  await toggle.click();
  try {
    await expect(toggle).not.toBeChecked();
    await expect(fillLink.getByText(`${warehouse.slug}-checklist`)).toBeHidden();
    await phone.goto(`/${warehouse.slug}-checklist`);
    await expect(phone.getByRole('alert')).toContainText('Failed to fetch active checklist.');
    await phone.goto(href ?? '');
    await expect(phone.getByRole('status')).toContainText('This checklist is complete');
  } finally {
    // The browser tests share one company: leave name links on for the others.
    await page.request.patch('/api/checklists/settings', { data: { name_links: true } });
  }
  await crew.close();
});
