import { parse } from 'csv-parse/sync';
import fs from 'node:fs';
import { expect, fieldId, seedVault, seedWarehouse, test, unique, vaultNumber } from './fixtures';

test('Print Studio lists the vaults and downloads vaults.csv that parses', async ({
  signedInPage: page,
}) => {
  const warehouse = await seedWarehouse(page.request, {
    name: unique('Print Warehouse'),
    rows: 2,
    cols: 1,
  });
  await seedVault(page.request, {
    vault_id: vaultNumber(),
    customer_name: '=CMD',
    order_name: 'ORDER 1',
    type: 'vault',
    note: 'Fragile, "handle" with care',
    field_id: fieldId(warehouse, 'A1'),
    position: 1,
  });
  await page.goto('/print-studio');
  await expect(page.getByRole('heading', { name: 'Print Studio' })).toBeVisible();
  await expect(page.getByRole('cell', { name: warehouse.name }).first()).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('vaults.csv');
  const rows = parse(fs.readFileSync(await download.path(), 'utf8'), { bom: true }) as string[][];
  expect(rows[0]).toEqual([
    'Vault Name',
    'Customer Name',
    'Vault Type',
    'Position',
    'Field Name',
    'Warehouse Name',
    'Notes',
    'Weight',
  ]);
  const mine = rows.find((r) => r[5] === warehouse.name);
  expect(mine?.[1]).toBe("'=CMD");
  expect(mine?.[6]).toBe('Fragile, "handle" with care');
});

test('statistics show the metrics per warehouse and count an added EMPTY vault', async ({
  signedInPage: page,
}) => {
  const warehouse = await seedWarehouse(page.request, {
    name: unique('Stats Warehouse'),
    rows: 2,
    cols: 2,
    field_capacity: 3,
  });
  await page.goto('/statistics');
  const section = page.getByRole('region', { name: warehouse.name });
  await expect(section.getByRole('row', { name: 'Number of Potential Spaces 12' })).toBeVisible();
  await expect(section.getByRole('row', { name: 'Number of Empty Vaults 0' })).toBeVisible();
  await expect(section.getByRole('row', { name: 'Number of Empty Couchboxes 0' })).toBeVisible();
  await expect(
    section.getByRole('img', { name: /Spaces in .*: Used 0, Empty vaults 0, Free 12/ }),
  ).toBeVisible();

  await seedVault(page.request, {
    vault_id: vaultNumber(),
    customer_name: 'EMPTY VAULT',
    order_name: '',
    type: 'vault',
    note: '',
    field_id: fieldId(warehouse, 'A1'),
    position: 1,
  });
  await page.reload();
  await expect(section.getByRole('row', { name: 'Number of Potential Spaces 11' })).toBeVisible();
  await expect(section.getByRole('row', { name: 'Number of Empty Vaults 1' })).toBeVisible();
});
