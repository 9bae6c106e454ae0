import { E2E_ADMIN } from '../../playwright.config';
import {
  dayFromToday,
  expect,
  fieldId,
  seedVault,
  seedWarehouse,
  signIn,
  signInWithRole,
  test,
  unique,
  vaultNumber,
} from './fixtures';

// Issue 32 §3: "pulled vaults go to stage under their request". The Stage screen groups the
// staged vaults that a request of today's pull list pulled under that request.

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test(`the stage shows the vaults pulled today under their request, the rest as before, at ${viewport.width} px`, async ({
    page,
    browser,
  }) => {
    await signIn(page, E2E_ADMIN);
    const warehouse = await seedWarehouse(page.request, { name: unique('Stage Requests') });
    const customer = unique('Stager').toUpperCase();
    const [bottom, top, other] = [vaultNumber(), vaultNumber(), vaultNumber()];
    const ids: number[] = [];
    let customerId = 0;
    for (const [position, name] of [bottom, top].entries()) {
      const vault = await seedVault(page.request, {
        vault_id: name,
        customer_name: customer,
        field_id: fieldId(warehouse, 'A1'),
        position: position + 1,
      });
      ids.push(vault.id);
      customerId = vault.customer_id ?? 0;
    }
    const loose = await seedVault(page.request, {
      vault_id: other,
      customer_name: unique('Walk-in').toUpperCase(),
      field_id: fieldId(warehouse, 'B1'),
      position: 1,
    });
    expect((await page.request.post(`/api/stage/vaults/${loose.id}`)).status()).toBe(200);
    const made = await page.request.post('/api/requests', {
      data: {
        customer_id: customerId,
        kind: 'release_vaults',
        due_on: dayFromToday(0),
        vault_ids: ids,
      },
    });
    expect(made.status(), await made.text()).toBe(200);
    const requestId = ((await made.json()) as { id: number }).id;
    expect((await page.request.post(`/api/requests/${requestId}/confirm`)).status()).toBe(200);

    const crew = await (await browser.newContext({ viewport })).newPage();
    await signInWithRole(crew, 'crew');
    await crew.goto('/today');
    const next = crew.getByRole('region', { name: 'Next step' });
    const code = crew.getByRole('textbox', { name: 'Vault code or number' });
    for (const name of [top, bottom]) {
      await expect(next).toContainText(`Pull vault ${name} from field A1`);
      await code.fill(name);
      await crew.getByRole('button', { name: 'Confirm' }).click();
      await expect(crew.getByRole('status')).toContainText(`Done: Pull vault ${name}`);
    }

    const nav =
      viewport.width < 1024
        ? crew.getByRole('navigation', { name: 'Floor screens' })
        : crew.getByRole('navigation', { name: 'Screens', exact: true });
    await nav.getByRole('link', { name: 'Stage', exact: true }).click();
    const pulled = crew.getByRole('region', {
      name: `Request ${requestId} - ${customer}, release`,
    });
    await expect(pulled.getByRole('listitem')).toHaveCount(2);
    await expect(pulled).toContainText(top);
    await expect(pulled).toContainText(bottom);
    await expect(pulled).not.toContainText(other);
    await expect(crew.getByRole('heading', { name: 'Other staged vaults' })).toBeVisible();
    const rest = crew.getByRole('list', { name: 'Staged vaults' });
    await expect(rest.getByRole('button', { name: new RegExp(other) })).toBeVisible();
    await expect(rest).not.toContainText(top);
    expect(await crew.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await crew.screenshot({ path: `.tmp/shots/stage-requests-${viewport.width}.png` });

    // Completed, the request releases its vaults: they leave the stage and the group goes.
    await nav.getByRole('link', { name: 'Today', exact: true }).click();
    await crew.getByRole('button', { name: `Complete request ${requestId}` }).click();
    await expect(
      crew.getByRole('region', { name: new RegExp(`\\(request ${requestId}\\)`) }),
    ).toContainText('Done');
    await nav.getByRole('link', { name: 'Stage', exact: true }).click();
    await expect(rest.getByRole('button', { name: new RegExp(other) })).toBeVisible();
    await expect(
      crew.getByRole('region', { name: new RegExp(`Request ${requestId}`) }),
    ).toHaveCount(0);
    await expect(crew.getByRole('heading', { name: 'Other staged vaults' })).toHaveCount(0);
    await crew.context().close();
  });
}
