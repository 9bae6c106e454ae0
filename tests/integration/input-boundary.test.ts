import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Warehouse } from '../../src/contracts/warehouses';
import { EMAIL_MAX_LENGTH } from '../../src/contracts/limits';
import {
  makeCompanyWithUser,
  makeWarehouse,
  type SignedInStaff,
  fieldByName,
} from '../support/factories';
import { makeRack } from '../support/racks-factories';
import { makeVault } from '../support/vault-factories';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let staff: SignedInStaff;
let warehouse: Warehouse;

beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
  staff = await makeCompanyWithUser(app);
  warehouse = await makeWarehouse(staff);
});
afterAll(async () => {
  await app?.close();
});

interface ErrorReply {
  code: string;
  message: string;
}

/** A raw request as a hostile client sends it, with the staff session. */
async function send(
  method: string,
  path: string,
  body?: string | Uint8Array,
  contentType?: string,
): Promise<{ status: number; body: ErrorReply }> {
  const headers: Record<string, string> = { cookie: staff.client.cookieHeader() };
  if (contentType) headers['content-type'] = contentType;
  const res = await fetch(`${app.baseUrl}${path}`, {
    method,
    headers,
    body: body instanceof Uint8Array ? new Blob([new Uint8Array(body)]) : body,
  });
  return { status: res.status, body: (await res.json()) as ErrorReply };
}

const json = (method: string, path: string, value: unknown) =>
  send(method, path, JSON.stringify(value), 'application/json');

describe('text PostgreSQL cannot store', () => {
  it('refuses a NUL in a JSON field with 400 naming the field', async () => {
    const res = await json('POST', '/api/warehouse/add-warehouse', {
      name: 'North\u0000',
      rows: 2,
      cols: 2,
      field_capacity: 3,
      length: 50,
      width: 50,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.message).toBe(
      'Body field "name" contains a character that cannot be stored (a NUL or a broken Unicode character).',
    );
  });

  it('refuses a lone surrogate in a checklist task, which would go into JSON', async () => {
    const res = await json('POST', '/api/checklists/', {
      warehouse_id: warehouse.id,
      tasks: [{ text: 'Sweep \ud800' }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Body field "tasks\.0\.text" contains a character/);
  });

  it('refuses a NUL in a path and in a query', async () => {
    const path = await send('GET', '/api/vaults/lookup/A%00B');
    expect(path.status).toBe(400);
    expect(path.body.message).toMatch(/^Path field "key" contains a character/);
    const query = await send('GET', '/api/search/suggestions?q=a%00');
    expect(query.status).toBe(400);
    expect(query.body.message).toMatch(/^Query field "q" contains a character/);
  });

  it('refuses a NUL in a multipart field', async () => {
    const form = new FormData();
    form.append('field_id', String(fieldByName(warehouse, 'A1').id));
    form.append('position', '1');
    form.append('customer_name', 'SMITH\u0000');
    const res = await staff.client.request('POST', '/api/vaults/', { form });
    expect(res.status).toBe(400);
    expect((res.body as ErrorReply).message).toMatch(/^Form field "customer_name" contains/);
  });
});

describe('text too long for its column', () => {
  it('answers a 3,000-character sign-in email with 400, not a database error', async () => {
    const res = await fetch(`${app.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `${'a'.repeat(3000)}@example.com`, password: 'x' }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorReply).message).toBe(
      `Email must be at most ${EMAIL_MAX_LENGTH} characters.`,
    );
  });

  it('refuses an over-long team email and pallet customer name', async () => {
    const team = await json('POST', '/api/team/users', {
      email: `${'b'.repeat(3000)}@example.com`,
      password: 'long enough password',
    });
    expect(team.status).toBe(400);
    const rack = await makeRack(staff, warehouse.id);
    const shelf = rack.shelves[0];
    const pallet = await json('POST', '/api/racks/pallets', {
      shelf_id: shelf?.id,
      customer_name: 'C'.repeat(5000),
    });
    expect(pallet.status).toBe(400);
    expect(pallet.body.message).toMatch(/^Customer name must be at most \d+ characters\.$/);
  });
});

describe('numbers and nesting', () => {
  it('refuses an array nested 10,000 deep in a number field without overflowing', async () => {
    const vault = await makeVault(staff, {
      field_id: fieldByName(warehouse, 'B1').id,
      position: 1,
    });
    const deep = `${'['.repeat(10_000)}1${']'.repeat(10_000)}`;
    const res = await send(
      'PUT',
      '/api/vaults/move',
      `{"vaultId":"${vault.id}","fieldId":"${fieldByName(warehouse, 'B2').id}","position":${deep}}`,
      'application/json',
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Body field "position" is nested too deeply.');
  });

  it('says "must be a number" for an array or object where a number goes', async () => {
    for (const position of [[1], { value: 1 }]) {
      const res = await json('PUT', '/api/vaults/move', {
        vaultId: fieldByName(warehouse, 'A1').id,
        fieldId: fieldByName(warehouse, 'A1').id,
        position,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Position must be a number.');
    }
  });

  it('refuses a number too large for any warehouse', async () => {
    const res = await json('PUT', '/api/vaults/move', {
      vaultId: fieldByName(warehouse, 'A1').id,
      fieldId: fieldByName(warehouse, 'A1').id,
      position: 2 ** 40,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Position must be between/);
  });
});

describe('broken bodies', () => {
  const multipart = (body: string, boundary: string | null) =>
    send(
      'POST',
      '/api/vaults/',
      new TextEncoder().encode(body),
      boundary ? `multipart/form-data; boundary=${boundary}` : 'multipart/form-data',
    );
  const part = (name: string, value: string) =>
    `--b1\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

  it('answers multipart without a boundary with 400 and a sentence', async () => {
    const res = await multipart(`${part('position', '1')}--b1--\r\n`, null);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^The form data could not be read/);
  });

  it('answers a multipart body cut short with 400', async () => {
    const res = await multipart(`${part('position', '1')}--b1\r\nContent-Disposition: form`, 'b1');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^The form data could not be read/);
  });

  it('answers a multipart body cut inside a file part with 400', async () => {
    const res = await multipart(
      `${part('position', '1')}--b1\r\nContent-Disposition: form-data; name="attachment"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 cut`,
      'b1',
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^The form data could not be read/);
  });

  it('answers invalid JSON with 400 and a JSON body over a megabyte with 413', async () => {
    const invalid = await send('PUT', '/api/vaults/move', '{"vaultId":', 'application/json');
    expect(invalid.status).toBe(400);
    const huge = await send(
      'PUT',
      '/api/vaults/move',
      JSON.stringify({ note: 'x'.repeat(1024 * 1024 + 1) }),
      'application/json',
    );
    expect(huge.status).toBe(413);
  });
});
