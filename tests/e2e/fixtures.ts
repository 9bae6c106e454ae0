import crypto from 'node:crypto';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_BASE_URL } from '../../playwright.config';

export interface Staff {
  email: string;
  password: string;
}

export const unique = (prefix: string) => `${prefix} ${crypto.randomBytes(3).toString('hex')}`;

/** Signs the page's browser context in through the API: the cookie lands in the context. */
export async function signIn(page: Page, staff: Staff): Promise<void> {
  const res = await page.request.post('/api/auth/login', { data: staff });
  expect(res.status()).toBe(200);
}

/**
 * Signs the page in as a new colleague of the e2e company with `role`, added by its admin:
 * for the journeys that show what a role may not do.
 */
export async function signInWithRole(page: Page, role: 'crew' | 'office'): Promise<Staff> {
  const admin = page.context().request;
  expect((await admin.post('/api/auth/login', { data: E2E_ADMIN })).status()).toBe(200);
  const staff = {
    email: `${role}-${crypto.randomBytes(4).toString('hex')}@example.com`,
    password: 'staff-password',
  };
  expect((await admin.post('/api/team/users', { data: { ...staff, role } })).status()).toBe(200);
  await signIn(page, staff);
  return staff;
}

/** The browser's calendar day `days` from today (the server's too: both run in UTC here). */
export const dayFromToday = (days: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Creates a warehouse through the API as the signed-in page. */
export async function seedWarehouse(
  request: APIRequestContext,
  overrides: Partial<{
    name: string;
    rows: number;
    cols: number;
    field_capacity: number;
    length: number;
    width: number;
  }> = {},
) {
  const res = await request.post('/api/warehouse/add-warehouse', {
    data: {
      name: unique('Warehouse'),
      rows: 3,
      cols: 3,
      field_capacity: 3,
      length: 60,
      width: 40,
      ...overrides,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as {
    id: number;
    name: string;
    slug: string;
    fields: Record<string, { id: number; name: string }>;
  };
}

export type SeededWarehouse = Awaited<ReturnType<typeof seedWarehouse>>;

/** The id of the field named `name` (for example A1) in a seeded warehouse. */
export function fieldId(w: SeededWarehouse, name: string): number {
  const field = Object.values(w.fields).find((f) => f.name === name);
  if (!field) throw new Error(`No field ${name}`);
  return field.id;
}

/** Vault numbers are unique per company, and e2e tests share one company. */
/**
 * The veil a search lays over the field grid, under its matches (decision 0077): `none`
 * without a search, `grayscale(1)` while one greys the fields outside it.
 */
export const searchVeil = (page: Page) =>
  page.getByRole('grid').evaluate((grid) => getComputedStyle(grid, '::after').backdropFilter);

export const vaultNumber = () => unique('V').replace(' ', '-');

/** Adds a vault through the API as the signed-in page; multipart, as the client sends it. */
export async function seedVault(
  request: APIRequestContext,
  input: {
    field_id: number;
    position: number;
    vault_id?: string;
    customer_name?: string;
    order_name?: string;
    type?: string;
    note?: string;
  },
): Promise<{ id: number; name: string | null; customer_id: number | null }> {
  const res = await request.post('/api/vaults/', {
    multipart: {
      customer_name: 'SEEDED',
      order_name: 'S-1',
      ...input,
      position: String(input.position),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  type Answer = { vault: { id: number; name: string | null; customer_id: number | null } };
  return ((await res.json()) as Answer).vault;
}

export const test = base.extend<{ signedInPage: Page }, { staff: Staff }>({
  /**
   * A colleague in the e2e company, added once per worker by the admin through the Team API:
   * the server takes only so many team adds per admin and hour (decision 0015). An admin, so
   * the journeys reach every screen; roles.spec.ts signs in the other roles.
   */
  staff: [
    async ({ playwright }, use) => {
      const admin = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
      expect((await admin.post('/api/auth/login', { data: E2E_ADMIN })).status()).toBe(200);
      const staff = {
        email: `staff-${crypto.randomBytes(4).toString('hex')}@example.com`,
        password: 'staff-password',
      };
      const added = await admin.post('/api/team/users', { data: { ...staff, role: 'admin' } });
      expect(added.status()).toBe(200);
      await admin.dispose();
      await use(staff);
    },
    { scope: 'worker' },
  ],
  /** A page already signed in as `staff`. */
  signedInPage: async ({ page, staff }, use) => {
    await signIn(page, staff);
    await use(page);
  },
});

export { expect };
