import { E2E_ADMIN } from '../../playwright.config';
import {
  dayFromToday,
  expect,
  fieldId,
  seedVault,
  seedWarehouse,
  signIn,
  test,
  unique,
  vaultNumber,
} from './fixtures';
import { seedTags, startOwnServer, type OwnServer } from './own-server';

// The vaults' inventory tags are rows written straight into a server of this spec's own (see
// own-server.ts), so the office can release items by their tag numbers.
let server: OwnServer;
test.beforeAll(async () => {
  // Migrating a fresh embedded database takes a while on a busy machine.
  test.setTimeout(120_000);
  server = await startOwnServer();
});
test.afterAll(async () => {
  await server?.close();
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test(`the office plans a partial release for tomorrow and the customer asks for access on their link, at ${viewport.width} px`, async ({
    browser,
  }) => {
    const office = await browser.newContext({ baseURL: server.baseUrl, viewport });
    const page = await office.newPage();
    await signIn(page, E2E_ADMIN);
    const warehouse = await seedWarehouse(page.request, { name: unique('Requests Warehouse') });
    const customer = unique('Requester').toUpperCase();
    const [bottom, middle, top] = [vaultNumber(), vaultNumber(), vaultNumber()];
    // Lot 5100's tags 1-50 in the middle vault, 51-150 in the top one.
    const tags = [null, { first: 1, last: 50 }, { first: 51, last: 150 }];
    for (const [position, name] of [bottom, middle, top].entries()) {
      const vault = await seedVault(page.request, {
        vault_id: name,
        customer_name: customer,
        field_id: fieldId(warehouse, 'A1'),
        position: position + 1,
      });
      const range = tags[position];
      if (range) await seedTags(server, vault.id, { lot: '5100', ...range });
    }
    const tomorrow = dayFromToday(1);

    await page.goto('/dashboard');
    if (viewport.width < 1024) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Requests', exact: true })
        .click();
    } else {
      await page
        .getByRole('navigation', { name: 'Screens' })
        .getByRole('link', { name: 'Requests', exact: true })
        .click();
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible();
    await page.getByRole('button', { name: 'New request' }).click();
    const dialog = page.getByRole('dialog', { name: 'New request' });
    await dialog.getByLabel('Customer').selectOption({ label: customer });
    await expect(dialog.getByLabel('Date')).toHaveValue(tomorrow);

    // Items by tag the customer's vaults do not hold are refused, naming them.
    await dialog.getByRole('radio', { name: 'Release items by tag' }).check();
    await dialog.getByRole('textbox', { name: 'Items by tag' }).fill('LOT 4471, tags 37, 112');
    await dialog.getByRole('button', { name: 'Make request' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      `No vault of ${customer} in storage holds LOT 4471, tag 37; LOT 4471, tag 112. Check the tag numbers on the inventory.`,
    );

    await dialog.getByRole('textbox', { name: 'Items by tag' }).fill('LOT 5100, tags 37, 112');
    await dialog.getByLabel('Note').fill('Partial delivery to the new house');
    await dialog.getByRole('button', { name: 'Make request' }).click();

    await expect(page.getByRole('heading', { level: 1 })).toContainText('Release items by tag');
    await expect(page.getByText('Asked', { exact: true })).toBeVisible();
    await expect(
      page.getByText('The vaults holding these items are found when the request is confirmed.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Confirm request' }).click();
    await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Vaults (2)' })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(middle) })).toContainText(
      `${warehouse.name}, field A1, position 2`,
    );
    await expect(page.getByRole('row', { name: new RegExp(top) })).toContainText(
      `${warehouse.name}, field A1, position 3`,
    );
    await expect(page.getByRole('region', { name: 'History' })).toContainText(
      `Confirmed: takes ${middle}, ${top}`,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );

    // The customer's screen lists the request and makes the customer's link.
    await page.getByRole('link', { name: customer }).click();
    const requests = page.getByRole('region', { name: /Requests/ });
    await expect(
      requests.getByRole('link', {
        name: /Release items by tag: LOT 5100, tag 37; LOT 5100, tag 112/,
      }),
    ).toBeVisible();
    await requests.getByRole('button', { name: 'Make link' }).click();
    const link = requests.getByRole('link', { name: /\/portal\// });
    const url = (await link.getAttribute('href')) ?? '';
    expect(url).toMatch(/\/portal\/[A-Za-z0-9_-]{22}$/);

    // The customer opens the link on a phone, without an account.
    const phone = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 390, height: 844 },
    });
    const customerPage = await phone.newPage();
    await customerPage.goto(url);
    await expect(customerPage.getByRole('heading', { level: 1, name: customer })).toBeVisible();
    const theirRequests = customerPage.getByRole('region', { name: 'Your requests' });
    await expect(theirRequests.getByRole('listitem')).toHaveCount(1);
    await expect(theirRequests).toContainText('Release items by tag');
    await expect(theirRequests).toContainText('LOT 5100, tag 37; LOT 5100, tag 112');
    await expect(theirRequests).toContainText('Confirmed');
    await expect(customerPage.getByRole('region', { name: /Your vaults/ })).toContainText(bottom);
    await expect(customerPage.getByText(warehouse.name)).toHaveCount(0);
    await expect(customerPage.getByText(/field A1|position/)).toHaveCount(0);

    const ask = customerPage.getByRole('region', { name: 'Ask for a release or a visit' });
    await ask.getByRole('radio', { name: 'Access to vaults' }).check();
    await ask.getByLabel('Date').fill(dayFromToday(2));
    await ask.getByRole('checkbox', { name: new RegExp(bottom) }).check();
    await ask.getByRole('button', { name: 'Send request' }).click();
    await expect(ask.getByRole('status')).toContainText('Your request was sent.');
    await expect(theirRequests.getByRole('listitem')).toHaveCount(2);
    await expect(theirRequests.getByRole('listitem').first()).toContainText('Access to vaults');
    await expect(theirRequests.getByRole('listitem').first()).toContainText('Asked');
    expect(
      await customerPage.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(390);
    await phone.close();

    // The office finds it among the asked requests, asked by the customer's link.
    await page.goto('/requests');
    await page.getByLabel('Status').selectOption('asked');
    await page.getByRole('link', { name: new RegExp(`${customer}.*Access to vaults`) }).click();
    await expect(page.getByText('asked by customer link')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirm request' })).toBeVisible();
    await office.close();
  });
}
