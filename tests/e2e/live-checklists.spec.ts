import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { Checklist } from '../../src/contracts/checklists';
import { expect, fieldId, seedVault, seedWarehouse, test, unique, vaultNumber } from './fixtures';

// Issue 13: the fill page opened by a warehouse's name hears its checklist live (decision
// 0046), and the staff dialogs say when their target changed under them.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

async function seedChecklist(request: APIRequestContext): Promise<Checklist> {
  const warehouse = await seedWarehouse(request, { name: unique('Live Checklist Warehouse') });
  const created = await request.post('/api/checklists/', {
    data: {
      warehouse_id: warehouse.id,
      description: 'Morning round',
      tasks: ['Is the gate locked?', 'Has the trash been emptied?'],
    },
  });
  expect(created.status()).toBe(200);
  return (await created.json()) as Checklist;
}

/** Another crew member answering the first task by the name page's calls, in a browser of their own. */
async function answerAsAnotherFiller(browser: Browser, checklist: Checklist, name: string) {
  const context = await browser.newContext();
  const opened = await context.request.get(`/api/checklists/warehouse/${checklist.warehouse_slug}`);
  expect(opened.status()).toBe(200);
  const answered = await context.request.patch(`/api/checklists/${checklist.id}`, {
    data: {
      filled_out_by: name,
      tasks: [
        { text: 'Is the gate locked?', completed: true, completed_by: name, reason: '' },
        { text: 'Has the trash been emptied?', completed: false },
      ],
    },
  });
  expect(answered.status()).toBe(200);
  await context.close();
}

/** Serious and critical axe findings within the open dialog, as "rule: target" lines. */
async function axeProblems(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

test('the name page shows an office edit and another filler’s answer without reloading', async ({
  signedInPage: office,
  browser,
}) => {
  const checklist = await seedChecklist(office.request);
  const crew = await browser.newContext({ viewport: PHONE });
  const phone = await crew.newPage();
  await phone.goto(`/${checklist.warehouse_slug}-checklist`);
  await expect(
    phone.getByRole('heading', { name: `${checklist.warehouseName} checklist` }),
  ).toBeVisible();
  await expect(phone.getByText('Morning round')).toBeVisible();
  // Marks this page load: a reload would lose it.
  await phone.evaluate(() => {
    document.body.dataset.liveMarker = 'kept';
  });

  // The office edits the checklist on its page; the phone follows.
  await office.setViewportSize(DESKTOP);
  await office.goto('/warehouse-checklists');
  const card = office.getByRole('article', { name: `${checklist.warehouseName} checklist` });
  await card.getByRole('button', { name: 'Edit' }).focus();
  await office.keyboard.press('Enter');
  const dialog = office.getByRole('dialog', { name: 'Edit Checklist' });
  await dialog.getByLabel('Description').fill('Morning and evening round');
  await dialog.getByRole('button', { name: 'Save Checklist' }).press('Enter');
  await expect(dialog).toBeHidden();
  await expect(phone.getByText('Morning and evening round')).toBeVisible();

  // Another crew member answers a task: the phone shows it answered.
  await answerAsAnotherFiller(browser, checklist, 'Eve Ortiz');
  await expect(phone.getByRole('region', { name: 'Is the gate locked?' })).toContainText(
    'Done by Eve Ortiz',
  );
  expect(await phone.evaluate(() => document.body.dataset.liveMarker)).toBe('kept');
  await phone.screenshot({ path: '.tmp/screenshots/live-name-page-390.png', fullPage: true });
  const width = await phone.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
  await crew.close();
});

test('staff checklist dialogs say when a filler or a colleague changed their checklist under them', async ({
  signedInPage: office,
  browser,
}) => {
  const checklist = await seedChecklist(office.request);
  const name = checklist.warehouseName;
  await office.setViewportSize(DESKTOP);
  await office.goto('/warehouse-checklists');
  const card = office.getByRole('article', { name: `${name} checklist` });

  // Editing, by keyboard, while a crew member answers a task.
  await card.getByRole('button', { name: 'Edit' }).focus();
  await office.keyboard.press('Enter');
  const edit = office.getByRole('dialog', { name: 'Edit Checklist' });
  await expect(edit).toBeVisible();
  await expect(edit.getByRole('alert')).toBeHidden();
  await answerAsAnotherFiller(browser, checklist, 'Eve Ortiz');
  await expect(edit.getByRole('alert')).toHaveText(
    `The ${name} checklist was just changed by someone else. Saving now may undo what they did.`,
  );
  await office.screenshot({ path: '.tmp/screenshots/live-checklist-edit-1366.png' });
  expect(await axeProblems(office)).toEqual([]);
  await office.keyboard.press('Escape');
  await expect(edit).toBeHidden();

  // On a phone, about to delete it, while another tab deletes it first.
  await office.setViewportSize(PHONE);
  await card.getByRole('button', { name: 'Delete' }).focus();
  await office.keyboard.press('Enter');
  const confirm = office.getByRole('dialog', { name: 'Delete Checklist' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('alert')).toBeHidden();
  // Another tab of the office (the same cookies) deletes it.
  expect((await office.request.delete(`/api/checklists/${checklist.id}`)).status()).toBe(200);
  const warning = confirm.getByRole('alert');
  await expect(warning).toHaveText(`The ${name} checklist was just deleted by someone else.`);
  await expect(warning).toBeInViewport();
  await office.screenshot({ path: '.tmp/screenshots/live-checklist-delete-390.png' });
  expect(await axeProblems(office)).toEqual([]);
  await confirm.getByRole('button', { name: 'No, take me back' }).press('Enter');
  await expect(confirm).toBeHidden();
});

test('the add-vault confirmation says when the slot was just taken', async ({
  signedInPage: page,
}) => {
  const w = await seedWarehouse(page.request, { rows: 2, cols: 2, field_capacity: 3 });
  await page.setViewportSize(DESKTOP);
  await page.goto(`/warehouse/${w.slug}`);
  await page.getByRole('gridcell', { name: /^A1,/ }).click();
  const slots = page.getByRole('list', { name: 'Slots of field A1' });
  await slots.getByRole('button', { name: 'Add at position 1' }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Confirm Add Vault' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('alert')).toBeHidden();

  const added = await page.request.post('/api/vaults/', {
    multipart: {
      customer_name: 'FAST FAMILY',
      order_name: 'F-1',
      vault_id: vaultNumber(),
      field_id: String(fieldId(w, 'A1')),
      position: '1',
    },
  });
  expect(added.status()).toBe(200);
  await expect(confirm.getByRole('alert')).toHaveText(
    'Position 1 of field A1 was just taken by someone else.',
  );
  expect(await axeProblems(page)).toEqual([]);
});

test('the stage confirmation says when the vault was just taken away', async ({
  signedInPage: page,
}) => {
  const w = await seedWarehouse(page.request, { rows: 2, cols: 2, field_capacity: 3 });
  const number = vaultNumber();
  const vault = await seedVault(page.request, {
    field_id: fieldId(w, 'A1'),
    position: 1,
    vault_id: number,
  });
  await page.setViewportSize(PHONE);
  await page.goto(`/warehouse/${w.slug}`);
  await page.getByRole('gridcell', { name: /^A1,/ }).click();
  await page.getByRole('button', { name: `Stage Vault ${number}` }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Stage Vault' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('alert')).toBeHidden();

  // Another tab stages it first.
  expect((await page.request.post(`/api/stage/vaults/${vault.id}`)).status()).toBe(200);
  const warning = confirm.getByRole('alert');
  await expect(warning).toHaveText(`Vault ${number} was just moved or removed by someone else.`);
  await expect(warning).toBeInViewport();
  await page.screenshot({ path: '.tmp/screenshots/live-stage-confirm-390.png' });
  expect(await axeProblems(page)).toEqual([]);
});

test('the move confirmation says when the slot was just taken', async ({ signedInPage: page }) => {
  const w = await seedWarehouse(page.request, { rows: 2, cols: 2, field_capacity: 3 });
  const number = vaultNumber();
  const vault = await seedVault(page.request, {
    field_id: fieldId(w, 'A1'),
    position: 1,
    vault_id: number,
  });
  expect((await page.request.post(`/api/stage/vaults/${vault.id}`)).status()).toBe(200);
  await page.setViewportSize(DESKTOP);
  await page.goto('/stage');
  await page.getByRole('button', { name: `Staged vault ${number}` }).click();
  const move = page.getByRole('dialog', { name: new RegExp(`Move Vault ${number}`) });
  await move.getByLabel('Warehouse').selectOption({ label: w.name });
  await move.getByRole('gridcell', { name: /^B1,/ }).click();
  await move.getByRole('button', { name: 'Add at position 1' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Add Vault' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('alert')).toBeHidden();

  await seedVault(page.request, { field_id: fieldId(w, 'B1'), position: 1 });
  await expect(confirm.getByRole('alert')).toHaveText(
    'Position 1 of field B1 was just taken by someone else.',
  );
  expect(await axeProblems(page)).toEqual([]);
});
