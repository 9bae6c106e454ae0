import crypto from 'node:crypto';
import { expect } from 'vitest';
import type { SessionUser } from '../../src/contracts/auth';
import type { Field } from '../../src/contracts/fields';
import type { Warehouse } from '../../src/contracts/warehouses';
import { createCompany, createUser } from '../../src/server/features/auth/companies.service';
import type { Role } from '../../src/domain/roles';
import { HttpClient } from './http-client';
import type { TestApp } from './test-app';

export const TEST_PASSWORD = 'correct horse battery';

const unique = () => crypto.randomBytes(4).toString('hex');

export interface SignedInStaff {
  client: HttpClient;
  user: SessionUser;
  email: string;
}

/** A new company with one signed-in user: each test gets its own tenant, so tests never collide. */
export async function makeCompanyWithUser(
  app: TestApp,
  name = `Company ${unique()}`,
): Promise<SignedInStaff> {
  const company = await createCompany(app.deps.db, name);
  const email = `staff-${unique()}@example.com`;
  await createUser(app.deps.db, { companyId: company.id, email, password: TEST_PASSWORD });
  const client = new HttpClient(app.baseUrl);
  const res = await client.post('/api/auth/login', { email, password: TEST_PASSWORD });
  expect(res.status).toBe(200);
  return { client, user: res.body as SessionUser, email };
}

/** A colleague of `staff`'s company with `role`, added through the Team call and signed in. */
export async function signedInColleague(
  app: TestApp,
  staff: SignedInStaff,
  role: Role,
): Promise<HttpClient> {
  const email = `${role}-${unique()}@example.com`;
  const added = await staff.client.post('/api/team/users', {
    email,
    password: TEST_PASSWORD,
    role,
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const client = new HttpClient(app.baseUrl);
  const login = await client.post('/api/auth/login', { email, password: TEST_PASSWORD });
  expect(login.status).toBe(200);
  return client;
}

export async function makeWarehouse(
  staff: SignedInStaff,
  overrides: Partial<{
    name: string;
    rows: number;
    cols: number;
    field_capacity: number;
    length: number;
    width: number;
  }> = {},
): Promise<Warehouse> {
  const res = await staff.client.post('/api/warehouse/add-warehouse', {
    name: `Warehouse ${unique()}`,
    rows: 3,
    cols: 2,
    field_capacity: 3,
    length: 100,
    width: 60,
    ...overrides,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Warehouse;
}

/** The field of a warehouse by name (A1, B3 ...). */
export function fieldByName(warehouse: Pick<Warehouse, 'fields'>, name: string): Field {
  const field = Object.values(warehouse.fields).find((f) => f.name === name);
  if (!field) throw new Error(`No field ${name}`);
  return field;
}

export const fieldId = (warehouse: Pick<Warehouse, 'fields'>, name: string): Field['id'] =>
  fieldByName(warehouse, name).id;
