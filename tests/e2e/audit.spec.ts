import type { Page } from '@playwright/test';
import { expect, fieldId, seedVault, seedWarehouse, test, vaultNumber } from './fixtures';

// Floor screens are built for a phone first.
test.use({ viewport: { width: 390, height: 844 } });

interface FieldVaults {
  vaults: Record<string, { name: string | null; position: number | null }>;
}

async function namesIn(page: Page, warehouseId: number, field: number): Promise<(string | null)[]> {
  const res = await page.request.get(`/api/warehouse/${warehouseId}/${field}`);
  const body = (await res.json()) as FieldVaults;
  return Object.values(body.vaults)
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
    .map((v) => v.name);
}

test('an audit of a field finds a misplaced and a missing vault, and one tap fixes the first', async ({
  signedInPage: page,
}) => {
  const w = await seedWarehouse(page.request, { rows: 3, cols: 2, field_capacity: 3 });
  const a1 = fieldId(w, 'A1');
  const [here, missing, misplaced] = [vaultNumber(), vaultNumber(), vaultNumber()];
  await seedVault(page.request, { field_id: a1, position: 1, vault_id: here });
  await seedVault(page.request, { field_id: a1, position: 2, vault_id: missing });
  const moved = await seedVault(page.request, {
    field_id: fieldId(w, 'B1'),
    position: 1,
    vault_id: misplaced,
  });

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Audits' }).click();
  await expect(page.getByRole('heading', { name: 'Floor audits' })).toBeVisible();
  await page.getByLabel('Warehouse', { exact: true }).selectOption({ label: w.name });
  await page.getByRole('radio', { name: 'One field' }).check();
  await page.getByLabel('Field (as on its label, e.g. A3)').fill('a1');
  await page.getByRole('button', { name: 'Start audit' }).click();
  await expect(page.getByRole('heading', { name: `Audit of field A1, ${w.name}` })).toBeVisible();

  // A hand-held scanner types each number and presses Enter; the box keeps the focus.
  const box = page.getByLabel('Vault number seen in field A1');
  await box.fill(here);
  await box.press('Enter');
  await expect(box).toBeFocused();
  await box.fill(misplaced);
  await box.press('Enter');
  await expect(page.getByRole('list', { name: 'Seen in field A1, bottom to top' })).toContainText(
    misplaced,
  );
  await page.getByRole('button', { name: 'Compare field A1 with the records' }).click();

  const findings = page.getByRole('list', { name: 'Findings in field A1' });
  await expect(
    findings.getByRole('listitem', { name: `Vault ${here}: Found in place` }),
  ).toBeVisible();
  await expect(
    findings.getByRole('listitem', { name: `Vault ${misplaced}: Found here, recorded elsewhere` }),
  ).toContainText('recorded in');
  await expect(
    findings.getByRole('listitem', { name: `Vault ${missing}: Recorded here, not found` }),
  ).toBeVisible();
  // Nothing changed before the tap.
  expect(await namesIn(page, w.id, a1)).toEqual([here, missing]);

  await page.getByRole('button', { name: `Move record of ${misplaced} here` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is now recorded' })).toContainText(
    `Vault ${misplaced} is now recorded in field A1, position 3.`,
  );
  await expect(
    findings.getByRole('listitem', { name: `Vault ${misplaced}: Found here, recorded elsewhere` }),
  ).toContainText('Fixed: moved here, position 3');
  expect(await namesIn(page, w.id, a1)).toEqual([here, missing, misplaced]);
  const history = await page.request.get(`/api/vaults/${moved.id}/history`);
  const [last] = (await history.json()) as {
    kind: string;
    details: { reason?: { kind: string } };
  }[];
  expect(last).toMatchObject({ kind: 'moved', details: { reason: { kind: 'audit' } } });

  await page.goto('/audits');
  await expect(page.getByRole('link', { name: new RegExp(`${w.name}, field A1`) })).toContainText(
    '1/1 fields checked · 1 to look at',
  );
});

test('a bottom vault is dug out with the proposed plan and the others go back', async ({
  signedInPage: page,
}) => {
  const w = await seedWarehouse(page.request, { rows: 3, cols: 2, field_capacity: 3 });
  const a2 = fieldId(w, 'A2');
  const [bottom, middle, top] = [vaultNumber(), vaultNumber(), vaultNumber()];
  await seedVault(page.request, { field_id: a2, position: 1, vault_id: bottom });
  await seedVault(page.request, { field_id: a2, position: 2, vault_id: middle });
  await seedVault(page.request, { field_id: a2, position: 3, vault_id: top });

  await page.goto(`/warehouse/${w.slug}`);
  await page.getByRole('gridcell', { name: /^A2,/ }).click();
  await expect(page.getByRole('link', { name: `Retrieve vault ${top}` })).toHaveCount(0);
  await page.getByRole('link', { name: `Retrieve vault ${bottom}` }).click();

  await expect(page.getByRole('heading', { name: `Retrieve vault ${bottom}` })).toBeVisible();
  const proposed = page.getByRole('list', { name: 'Proposed moves' }).getByRole('listitem');
  await expect(proposed).toHaveText([
    `1.Move vault ${top} from field A2 to field A1, position 1`,
    `2.Move vault ${middle} from field A2 to field A1, position 2`,
    `3.Take vault ${bottom} out of field A2 to the stage`,
  ]);
  await page.getByRole('button', { name: 'Confirm plan and start' }).click();

  await expect(page.getByRole('heading', { name: `Dig out vault ${bottom}` })).toBeVisible();
  for (const n of [1, 2, 3]) await page.getByRole('button', { name: `Done: move ${n}` }).click();
  await expect(page.getByRole('button', { name: 'Put the others back' })).toBeVisible();
  expect(await namesIn(page, w.id, a2)).toEqual([]);
  await page.getByRole('button', { name: 'Put the others back' }).click();
  for (const n of [4, 5]) await page.getByRole('button', { name: `Done: move ${n}` }).click();
  await expect(page.getByText('All moves are done.')).toBeVisible();
  expect(await namesIn(page, w.id, a2)).toEqual([middle, top]);
  expect(await namesIn(page, w.id, fieldId(w, 'A1'))).toEqual([]);

  await page.getByRole('link', { name: 'All dig-outs' }).click();
  await expect(page.getByRole('link', { name: new RegExp(`Vault ${bottom} `) })).toContainText(
    '5 of 5 moves done',
  );
});
