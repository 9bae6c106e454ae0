import crypto from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createCompany, createUser } from '../../src/server/features/auth/companies.service';
import { startTestApp, type TestApp } from '../support/test-app';
import { expect, test } from './fixtures';

// The Requests API is built beside the pull list, so the day's requests are rows written
// straight into a server of this test's own (the built client over an embedded database),
// as the office's confirmation would leave them.

let app: TestApp;
test.beforeAll(async () => {
  app = await startTestApp(null, { webRoot: path.resolve('dist/web') });
});
test.afterAll(async () => {
  await app?.close();
});

const DAY = '2030-06-12';
const PASSWORD = 'crew-password';

/** A company whose A1 holds vaults 1 (bottom), 2 and 3; requests for 1 and 2, due on DAY. */
async function seedDay() {
  const db = app.deps.db;
  const company = await createCompany(db, `Pull ${crypto.randomBytes(3).toString('hex')}`);
  const office = `office-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const crew = `crew-${crypto.randomBytes(4).toString('hex')}@example.com`;
  await createUser(db, { companyId: company.id, email: office, password: PASSWORD });
  await createUser(db, { companyId: company.id, email: crew, password: PASSWORD, role: 'crew' });
  const api = await fetch(`${app.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: office, password: PASSWORD }),
  });
  const cookie = api.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const post = async (url: string, body: BodyInit, json = true) => {
    const res = await fetch(`${app.baseUrl}${url}`, {
      method: 'POST',
      headers: { cookie, ...(json && { 'content-type': 'application/json' }) },
      body,
    });
    expect(res.status, url).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  };
  const warehouse = (await post(
    '/api/warehouse/add-warehouse',
    JSON.stringify({ name: 'Main', rows: 3, cols: 2, field_capacity: 3, length: 60, width: 40 }),
  )) as { fields: Record<string, { id: number; name: string }> };
  const a1 = Object.values(warehouse.fields).find((f) => f.name === 'A1');
  const ids: number[] = [];
  for (const n of [1, 2, 3]) {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      vault_id: `${n}`,
      customer_name: 'SMITH',
      order_name: 'S-1',
      field_id: String(a1?.id),
      position: String(n),
    }))
      form.append(k, v);
    ids.push(((await post('/api/vaults/', form, false)).vault as { id: number }).id);
  }
  const [customer] = (
    (await db.execute(
      sql`SELECT id FROM customers WHERE company_id = ${company.id} AND name = 'SMITH'`,
    )) as unknown as { rows: { id: number }[] }
  ).rows;
  const requests: number[] = [];
  for (const vaultId of ids.slice(0, 2)) {
    const [row] = (
      (await db.execute(sql`
        INSERT INTO storage_requests (company_id, customer_id, kind, due_on, status, asked_by)
        VALUES (${company.id}, ${customer?.id}, 'release_vaults', ${DAY}::date, 'confirmed', ${office})
        RETURNING id`)) as unknown as { rows: { id: number }[] }
    ).rows;
    await db.execute(sql`
      INSERT INTO storage_request_vaults (request_id, company_id, vault_id)
      VALUES (${row?.id}, ${company.id}, ${vaultId})`);
    requests.push(row?.id ?? 0);
  }
  return { crew, requests };
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test(`the crew runs the day's pull list by typed codes at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const { crew, requests } = await seedDay();
    const [first, second] = requests;
    const res = await page.request.post(`${app.baseUrl}/api/auth/login`, {
      data: { email: crew, password: PASSWORD },
    });
    expect(res.status()).toBe(200);
    await page.goto(`${app.baseUrl}/dashboard`);
    const nav =
      viewport.width < 1024
        ? page.getByRole('navigation', { name: 'Floor screens' })
        : page.getByRole('navigation', { name: 'Screens', exact: true });
    await nav.getByRole('link', { name: 'Today', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Today’s pull list' })).toBeVisible();
    await page.getByLabel('Day').fill(DAY);

    const next = page.getByRole('region', { name: 'Next step' });
    await expect(next).toContainText('Move vault 3 aside from field A1, position 3 to field A2');
    await expect(
      page.getByText('Forklift moves: 3 for the day’s plan, 4 request by request'),
    ).toBeVisible();
    const code = page.getByRole('textbox', { name: 'Vault code or number' });

    // A wrong vault is refused, saying where the right one is.
    await code.fill('1');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'That is vault 1, in Main, field A1, position 1. Next, move vault 3 aside from Main, field A1, position 3.',
    );

    for (const [vault, after] of [
      ['3', 'Pull vault 2 from field A1, position 2 to the stage'],
      ['2', 'Pull vault 1 from field A1, position 1 to the stage'],
    ] as const) {
      await code.fill(vault);
      await page.getByRole('button', { name: 'Confirm' }).click();
      await expect(next).toContainText(after);
    }
    await page.screenshot({ path: `.tmp/shots/pull-list-${viewport.width}.png`, fullPage: true });
    await code.fill('1');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(next).toHaveCount(0);
    await expect(page.getByText('3 of 3 steps done')).toBeVisible();

    const card = page.getByRole('region', { name: `Release vaults for SMITH (request ${second})` });
    await expect(card).toContainText('Started');
    await card.getByRole('button', { name: `Complete request ${second}` }).click();
    await expect(card).toContainText('Done');
    await expect(card.getByText(/^released \d{4}-\d{2}-\d{2}$/)).toBeVisible();
    const other = page.getByRole('region', { name: `Release vaults for SMITH (request ${first})` });
    await other.getByRole('button', { name: `Complete request ${first}` }).click();
    await expect(other).toContainText('Done');

    const vault = await page.request.get(`${app.baseUrl}/api/vaults/lookup/1`);
    expect(((await vault.json()) as { released_on: string | null }).released_on).not.toBeNull();
  });
}
