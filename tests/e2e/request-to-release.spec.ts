import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import {
  dayFromToday,
  expect,
  fieldId,
  seedVault,
  seedWarehouse,
  signInWithRole,
  test,
} from './fixtures';
import { seedDateIn, seedTags, startOwnServer, type OwnServer } from './own-server';

// Issue 32's "Done when": from the office's partial release by tag numbers to the vaults
// released, on the office's, the customer's and the crew's screens, with the request's history
// and the storage report agreeing. Tags are seeded as rows (see own-server.ts).

let server: OwnServer;
test.beforeAll(async () => {
  // Migrating a fresh embedded database takes a while on a busy machine.
  test.setTimeout(120_000);
  server = await startOwnServer();
});
test.afterAll(async () => {
  await server?.close();
});

let serial = 0;

async function newPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport });
  return context.newPage();
}

const pageFits = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );

/**
 * A customer's field A1 holds, bottom to top: `bottom` (LOT lot, tags 1-40), `middle` (tags
 * 41-100) and `top` (tags 101-150), in storage since `dateIn`.
 */
async function seedCustomer(page: Page, dateIn: string) {
  serial += 1;
  const customer = `JOURNEY ${serial} ${Date.now() % 100_000}`;
  const lot = String(4400 + serial);
  const warehouse = await seedWarehouse(page.request, { name: `Journey ${serial}` });
  const names = { bottom: `J${serial}-1`, middle: `J${serial}-2`, top: `J${serial}-3` };
  const tags = { bottom: [1, 40], middle: [41, 100], top: [101, 150] } as const;
  for (const [position, key] of (['bottom', 'middle', 'top'] as const).entries()) {
    const vault = await seedVault(page.request, {
      vault_id: names[key],
      customer_name: customer,
      field_id: fieldId(warehouse, 'A1'),
      position: position + 1,
    });
    await seedTags(server, vault.id, { lot, first: tags[key][0], last: tags[key][1] });
    await seedDateIn(server, vault.id, dateIn);
  }
  return { customer, lot, names, warehouse };
}

async function openScreen(page: Page, width: number, name: string) {
  await page.goto('/dashboard');
  if (width < 1024) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name, exact: true })
      .click();
  } else {
    await page
      .getByRole('navigation', { name: 'Screens' })
      .getByRole('link', { name, exact: true })
      .click();
  }
}

for (const [viewport, isWhole] of [
  [{ width: 390, height: 844 }, true],
  [{ width: 1366, height: 900 }, false],
] as const) {
  test(`a partial release by tag numbers goes from the office to the crew's pull list and ends released, at ${viewport.width} px`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const today = dayFromToday(0);
    const tomorrow = dayFromToday(1);
    // Five days before today in this month (or its first day), so one report row holds them.
    const dateIn = `${today.slice(0, 8)}${String(Math.max(1, Number(today.slice(8)) - 5)).padStart(2, '0')}`;
    const daysStored = Number(today.slice(8)) - Number(dateIn.slice(8)) + 1;

    const office = await newPage(browser, viewport);
    await signInWithRole(office, 'office');
    const { customer, lot, names } = await seedCustomer(office, dateIn);

    // The office asks for two items by tag: the bottom vault and the top one hold them.
    await openScreen(office, viewport.width, 'Requests');
    await office.getByRole('button', { name: 'New request' }).click();
    const dialog = office.getByRole('dialog', { name: 'New request' });
    await dialog.getByLabel('Customer').selectOption({ label: customer });
    await dialog.getByRole('radio', { name: 'Release items by tag' }).check();
    await expect(dialog.getByLabel('Date')).toHaveValue(tomorrow);
    await dialog.getByRole('textbox', { name: 'Items by tag' }).fill(`LOT ${lot}, tags 37, 112`);
    await dialog.getByRole('button', { name: 'Make request' }).click();
    await expect(office.getByRole('heading', { level: 1 })).toContainText('Release items by tag');
    const requestId = Number(/\/requests\/(\d+)$/.exec(office.url())?.[1]);
    expect(requestId).toBeGreaterThan(0);
    await expect(office.getByText(`LOT ${lot}, tag 37; LOT ${lot}, tag 112`)).toBeVisible();
    await office.getByRole('button', { name: 'Confirm request' }).click();
    await expect(office.getByText('Confirmed', { exact: true })).toBeVisible();
    await expect(office.getByRole('heading', { name: 'Vaults (2)' })).toBeVisible();
    await expect(office.getByRole('row', { name: new RegExp(names.bottom) })).toContainText(
      'field A1, position 1',
    );
    await expect(office.getByRole('row', { name: new RegExp(names.top) })).toContainText(
      'field A1, position 3',
    );
    await expect(office.getByRole('row', { name: new RegExp(names.middle) })).toHaveCount(0);
    await pageFits(office, viewport.width);

    // The customer's link, made on the customer's screen, shows the request confirmed.
    let portalUrl = '';
    if (isWhole) {
      await office.getByRole('link', { name: customer }).click();
      const requests = office.getByRole('region', { name: /Requests/ });
      await requests.getByRole('button', { name: 'Make link' }).click();
      portalUrl =
        (await requests.getByRole('link', { name: /\/portal\// }).getAttribute('href')) ?? '';
      const phone = await newPage(browser, { width: 390, height: 844 });
      await phone.goto(portalUrl);
      const theirs = phone.getByRole('region', { name: 'Your requests' });
      await expect(theirs.getByRole('listitem')).toHaveCount(1);
      await expect(theirs).toContainText('Release items by tag');
      await expect(theirs).toContainText(`LOT ${lot}, tag 37; LOT ${lot}, tag 112`);
      await expect(theirs).toContainText('Confirmed');
      await expect(phone.getByRole('heading', { name: 'Your vaults (3)' })).toBeVisible();
      await pageFits(phone, 390);
      await phone.context().close();
    }

    // The crew's phone runs tomorrow's list: pull the top vault, move the middle one aside,
    // pull the bottom one, each confirmed by its typed number.
    const crew = await newPage(browser, isWhole ? { width: 390, height: 844 } : viewport);
    await signInWithRole(crew, 'crew');
    await crew.goto('/dashboard');
    const floorNav =
      crew.viewportSize()?.width === 390
        ? crew.getByRole('navigation', { name: 'Floor screens' })
        : crew.getByRole('navigation', { name: 'Screens', exact: true });
    await floorNav.getByRole('link', { name: 'Today', exact: true }).click();
    await crew.getByLabel('Day').fill(tomorrow);
    const next = crew.getByRole('region', { name: 'Next step' });
    const code = crew.getByRole('textbox', { name: 'Vault code or number' });
    // Both runs share the server and tomorrow's list: the first run's steps are done already.
    await expect(crew.getByText(/^\d+ of \d+ steps done$/)).toBeVisible();
    for (const [vault, step] of [
      [names.top, `Pull vault ${names.top} from field A1, position 3 to the stage`],
      [names.middle, `Move vault ${names.middle} aside from field A1, position 2 to field`],
      [names.bottom, `Pull vault ${names.bottom} from field A1, position 1 to the stage`],
    ] as const) {
      await expect(next).toContainText(step);
      await code.fill(vault);
      await crew.getByRole('button', { name: 'Confirm' }).click();
      await expect(crew.getByRole('status')).toContainText(`Done: ${step}`);
    }
    await expect(next).toHaveCount(0);
    await expect(crew.getByText(/^(\d+) of \1 steps done$/)).toBeVisible();
    const card = crew.getByRole('region', {
      name: `Release items for ${customer} (request ${requestId})`,
    });
    await expect(card).toContainText('Started');
    await card.getByRole('button', { name: `Complete request ${requestId}` }).click();
    await expect(card).toContainText('Done');
    await expect(card.getByText(`released ${today}`)).toHaveCount(2);
    await pageFits(crew, crew.viewportSize()?.width ?? 0);
    await crew.context().close();

    // The customer's screen shows the two vaults released today and the middle one kept.
    await office.goto('/customers');
    await office.getByRole('link', { name: customer }).click();
    const vaults = office.getByRole('region', { name: /^Vaults/ });
    for (const name of [names.bottom, names.top]) {
      const row = vaults.getByRole('row', { name: new RegExp(name) });
      await expect(row).toContainText(`Released ${today}`);
      await expect(row.getByRole('cell').last()).toHaveText(String(daysStored));
    }
    await expect(vaults.getByRole('row', { name: new RegExp(names.middle) })).not.toContainText(
      'Released',
    );
    if (!isWhole) return;

    // The request's history tells the same story, step by step.
    await office.goto(`/requests/${requestId}`);
    await expect(office.getByText('Done', { exact: true })).toBeVisible();
    const history = office.getByRole('region', { name: 'History' }).getByRole('listitem');
    await expect(history).toHaveCount(6);
    for (const [i, line] of [
      `Asked for ${tomorrow}: LOT ${lot}, tag 37, LOT ${lot}, tag 112`,
      `Confirmed: takes ${names.bottom}, ${names.top}`,
      'The crew started',
      `Pulled ${names.top}`,
      `Pulled ${names.bottom}`,
      `Done: released ${names.bottom}, ${names.top}`,
    ].entries()) {
      await expect(history.nth(i)).toContainText(line);
    }

    // The customer's link shows the request done and only the vault still in storage.
    const phone = await newPage(browser, { width: 390, height: 844 });
    await phone.goto(portalUrl);
    await expect(phone.getByRole('region', { name: 'Your requests' })).toContainText('Done');
    await expect(phone.getByRole('heading', { name: 'Your vaults (1)' })).toBeVisible();
    await expect(phone.getByRole('region', { name: /Your vaults/ })).toContainText(names.middle);
    await phone.context().close();

    // The storage report counts each vault from its date in to today, the release day of the
    // two released, both days included; the CSV says the same.
    await openScreen(office, viewport.width, 'Storage Report');
    const row = office.getByRole('row', { name: new RegExp(customer) });
    await expect(row.getByRole('cell').nth(1)).toHaveText(String(3 * daysStored));
    await pageFits(office, viewport.width);
    const downloading = office.waitForEvent('download');
    await office.getByRole('link', { name: 'Download CSV' }).click();
    const csv = fs.readFileSync((await (await downloading).path()) ?? '', 'utf8');
    const lines = parse(csv, { bom: true, columns: true }) as Record<string, string>[];
    const line = lines.find((l) => l.Customer === customer) ?? {};
    expect(line.Vaults).toBe('3');
    expect(line.VaultDays).toBe(String(3 * daysStored));
    expect(line.FirstDay).toBe(dateIn);
    expect(line.LastDay).toBe(today);
  });
}
