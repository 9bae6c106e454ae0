import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Rack } from '../../src/contracts/racks';
import type { ChecklistImage } from '../../src/contracts/checklists';
import {
  makeCompanyWithUser,
  makeWarehouse,
  TEST_PASSWORD,
  type SignedInStaff,
} from '../support/factories';
import { MISSING_ID } from '../support/ids';
import { makeChecklist, TINY_PNG } from '../support/checklists-factories';
import { makePallet, makeRack } from '../support/racks-factories';
import { makeVault } from '../support/vault-factories';
import { startTestApp, type TestApp } from '../support/test-app';
import { setUserPassword } from '../../src/server/features/auth/companies.service';

/**
 * Every endpoint of the OpenAPI document gets hostile input, with and without a session:
 * path params with NUL, broken Unicode and stray `%`, query strings, JSON bodies built from
 * the documented schema with hostile values mixed in, and multipart bodies (good, without a
 * boundary, cut short). No answer may be a 5xx. Runs per endpoint and session mode come from
 * FUZZ_RUNS; PostgreSQL, a slower round trip here, gets fewer (decision 0012).
 */
const onPostgres = inject('postgresUrl') !== null;
const RUNS = Number(process.env.FUZZ_RUNS ?? (onPostgres ? 50 : 120));
const SEED = Number(process.env.FUZZ_SEED ?? 9);

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  query: { name: string; schema: JsonSchema }[];
  body: JsonSchema | null;
  isPublic: boolean;
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  maxLength?: number;
  format?: string;
}

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

let app: TestApp;
let staff: SignedInStaff;
let operations: Operation[] = [];
/** Ids of a seeded company, so requests reach past "not found" into the services. */
let ids: string[] = [];
let names: string[] = [];
/** Per path parameter and per call, the seeded value (as path text) that makes the request valid. */
let seededParams: Record<string, string> = {};
/** Per call, a body the server accepts; the fuzzer changes some of its fields. */
let validBodies: Record<string, Record<string, unknown>> = {};
let validForms: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  // A trusted proxy lets each request come from its own address, so the public calls'
  // rate limit does not turn the whole run into 429s.
  app = await startTestApp(inject('postgresUrl'), { trustProxy: true });
  staff = await makeCompanyWithUser(app);
  const warehouse = await makeWarehouse(staff, { rows: 3, cols: 3, field_capacity: 3 });
  const fields = Object.values(warehouse.fields);
  const [a1, a2] = fields;
  if (!a1 || !a2) throw new Error('the seeded warehouse has no fields');
  const vault = await makeVault(staff, { field_id: a1.id, position: 1 });
  await makeVault(staff, { field_id: a2.id, position: 1, vault_id: 'FUZZ-2' });
  const rack: Rack = await makeRack(staff, warehouse.id);
  const shelf = rack.shelves[0];
  if (!shelf) throw new Error('the seeded rack has no shelves');
  const pallet = await makePallet(staff, shelf.id);
  const checklist = await makeChecklist(staff, {
    warehouse_id: warehouse.id,
    tasks: ['Sweep the floor'],
  });
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(TINY_PNG)], { type: 'image/png' }), 'a.png');
  const image = await staff.client.request('POST', `/api/checklists/${checklist.id}/upload-image`, {
    form,
  });
  expect(image.status).toBe(200);
  const imageId = (image.body as ChecklistImage).id;
  // Ids travel in paths and bodies as text; String keeps this neutral about the id's form.
  ids = [
    warehouse.id,
    ...fields.map((f) => f.id),
    vault.id,
    rack.id,
    shelf.id,
    pallet.id,
    checklist.id,
    imageId,
    staff.user.companyId,
    MISSING_ID,
  ].map(String);
  names = [warehouse.name, warehouse.slug, vault.name ?? 'FUZZ-1', 'FUZZ-2'];
  seededParams = {
    warehouseId: String(warehouse.id),
    fieldId: String(a1.id),
    rackId: String(rack.id),
    vaultId: String(vault.id),
    fileId: String(imageId),
    companyId: String(staff.user.companyId),
    slug: warehouse.slug,
    warehouseSlug: warehouse.slug,
    warehouseName: warehouse.name,
    key: vault.name ?? 'FUZZ-1',
    '/api/warehouse/': String(warehouse.id),
    '/api/racks/warehouse/': String(warehouse.id),
    '/api/fields/': String(a1.id),
    '/api/vaults/': String(vault.id),
    '/api/racks/pallets/': String(pallet.id),
    '/api/pallets/': String(pallet.id),
    '/api/checklists/': String(checklist.id),
  };
  const position = { x: 30, y: 10 };
  validBodies = {
    'POST /api/auth/login': { email: staff.email, password: TEST_PASSWORD },
    'POST /api/team/users': { email: 'fuzz@example.com', password: 'long enough password' },
    'POST /api/warehouse/add-warehouse': {
      name: 'Fuzz',
      rows: 2,
      cols: 2,
      field_capacity: 3,
      length: 50,
      width: 50,
    },
    'PATCH /api/fields/{id}/full': { full: true },
    'PATCH /api/fields/{id}': { type: 'couchbox', field2: a2.id },
    'PUT /api/vaults/move': { vaultId: vault.id, fieldId: a2.id, position: 2 },
    'PUT /api/vaults/{id}': { name: 'FUZZ-3', customer_name: 'X', order_name: 'O', note: 'n' },
    'POST /api/racks/warehouse/{id}/add': { position, width: 12, length: 4, num_shelves: 2 },
    'PUT /api/racks/{warehouseId}/rack/{rackId}': { position, width: 12, length: 4 },
    'POST /api/racks/pallets': { shelf_id: shelf.id, customer_name: 'X', shelf_spots: 1 },
    'PUT /api/racks/pallets/{id}/edit': { notes: 'n', weight: 2 },
    'POST /api/fields/': { warehouse_id: warehouse.id, direction: 'right', count: 1 },
    'DELETE /api/fields/': { warehouse_id: warehouse.id, direction: 'right', count: 1 },
    'PATCH /api/warehouse/{id}/edit-dimensions': { field_capacity: 3, length: 60, width: 60 },
    'PUT /api/warehouse/{id}/field-grid': { fieldgridLocation: { x: 0, y: 0 } },
    'POST /api/checklists/': { warehouse_id: warehouse.id, tasks: ['t'], is_active: false },
    'PATCH /api/checklists/{id}': {
      tasks: [{ text: 'Sweep the floor', completed: true, completed_by: 'Ann' }],
      filled_out_by: 'Ann',
      note: 'ok',
    },
  };
  validForms = {
    'POST /api/vaults/': {
      field_id: String(a2.id),
      position: '2',
      customer_name: 'X',
      order_name: 'O',
    },
    'POST /api/vaults/upload': { vault_id: String(vault.id) },
    'POST /api/fields/': { warehouse_id: String(warehouse.id), direction: 'bottom', count: '1' },
    'DELETE /api/fields/': { warehouse_id: String(warehouse.id), direction: 'bottom', count: '1' },
  };
  operations = readOperations(
    (await (await fetch(`${app.baseUrl}/api/docs`)).json()) as OpenApiDocument,
  );
}, 120_000);

afterAll(async () => {
  await app?.close();
});

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        security: unknown[];
        parameters: { name: string; in: string; schema: JsonSchema }[];
        requestBody?: { content: Record<string, { schema: JsonSchema } | undefined> };
      }
    >
  >;
}

/** Calls that end or destroy what later calls need run last, so the run keeps its depth. */
function destructiveness(op: Operation): number {
  if (op.path === '/api/auth/logout') return 2;
  return op.method === 'DELETE' ? 1 : 0;
}

function readOperations(doc: OpenApiDocument): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: op.parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: op.parameters.filter((p) => p.in === 'query'),
        // Form calls document their fields as multipart; the fuzzer sends them as JSON too,
        // which must be refused with a 4xx like any other wrong body.
        body:
          (
            op.requestBody?.content['application/json'] ??
            op.requestBody?.content['multipart/form-data']
          )?.schema ?? null,
        isPublic: op.security.length === 0,
      });
    }
  }
  return ops.sort((x, y) => destructiveness(x) - destructiveness(y));
}

// ---- Values -----------------------------------------------------------------------------

const hostileText = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '😀'.charAt(0),
  '%00',
  '%',
  '%zz',
  '%ED%A0%80',
  '99999999999999999999999',
  '1e400',
  '-1',
  '0',
  ' ',
  '../..',
  'NaN',
  'x'.repeat(3000),
  'ü'.repeat(300),
);

const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40, unit: 'binary' }) },
  { weight: 3, arbitrary: hostileText },
  { weight: 2, arbitrary: fc.string({ minLength: 1, maxLength: 20 }) },
);

const DEEP_ARRAY = `${'['.repeat(10_000)}1${']'.repeat(10_000)}`;

/** An array nested `depth` deep, built without recursion. */
function nested(depth: number, inner: unknown): unknown {
  let value = inner;
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
}

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.constantFrom(
    nested(1_000, 1),
    nested(40, '5'),
    { valueOf: 1 },
    [1],
    [],
    {},
    null,
    true,
    -0,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER,
    2 ** 31,
    { __proto__: { x: 1 } },
  ),
  fc.double(),
  fc.integer(),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

function idValue(): fc.Arbitrary<string> {
  return fc.constantFrom(...ids);
}

/** A value for a schema: mostly what it asks for, sometimes hostile. */
function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const hostile = hostileValue;
  if (!schema || depth > 4) return fc.oneof(hostile, text, fc.integer({ min: 0, max: 20 }));
  const fitting = fittingValue(schema, depth);
  return fc.oneof({ weight: 12, arbitrary: fitting }, { weight: 1, arbitrary: hostile });
}

function fittingValue(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length > 0) {
    return fc.oneof(...variants.map((v) => valueFor(v, depth + 1)));
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return fc.oneof(
        { weight: 4, arbitrary: idValue() },
        { weight: 2, arbitrary: fc.constantFrom(...names) },
        { weight: 2, arbitrary: fc.string({ minLength: 1, maxLength: 20 }) },
        { weight: 1, arbitrary: text },
      );
    case 'number':
    case 'integer':
      return fc.oneof(
        fc.integer({ min: 0, max: 20 }),
        fc.double({ noNaN: true }),
        fc.integer({ min: 0, max: 20 }).map(String),
      );
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valueFor(schema.items, depth + 1), { maxLength: 4 });
    case 'object':
      return objectFor(schema, depth);
    default:
      // Schemas that accept anything (numbers as JSON or form strings) get numbers and ids.
      return fc.oneof(fc.integer({ min: 0, max: 20 }), fc.integer().map(String), idValue(), text);
  }
}

function objectFor(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const entries = Object.entries(schema.properties ?? {});
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of entries) record[key] = valueFor(property, depth + 1);
  return fc.record(record, { requiredKeys: schema.required ?? [] });
}

// ---- Requests ---------------------------------------------------------------------------

/** Path params go in raw: stray `%`, `%00` and encoded lone surrogates reach the router. */
const pathParam = fc.oneof(
  { weight: 5, arbitrary: fc.constant(null).chain(() => idValue()) },
  { weight: 1, arbitrary: fc.constant(null).chain(() => fc.constantFrom(...names)) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '%00',
      'a%00b',
      '%ED%A0%80',
      '%F0%9F%98%80',
      '%',
      '%zz',
      '%25',
      '%2F',
      '99999999999999999999999',
      '-1',
      '1.5',
      'x'.repeat(3000),
      '%C0%AF',
      '..',
    ),
  },
  { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 20 }).map(encodeURIComponent) },
);

function encodeQueryValue(value: unknown): string {
  const raw = typeof value === 'string' ? value : JSON.stringify(value);
  // encodeURIComponent refuses a lone surrogate; send its UTF-8-shaped escape instead.
  try {
    return encodeURIComponent(raw);
  } catch {
    return '%ED%A0%80';
  }
}

function queryFor(op: Operation): fc.Arbitrary<string> {
  const named = op.query.map((q) =>
    fc.oneof(
      fc.constant(''),
      valueFor(q.schema).map((v) => `${q.name}=${encodeQueryValue(v)}`),
      fc.constantFrom(`${q.name}=%00`, `${q.name}[]=1&${q.name}[]=2`, `${q.name}=%ED%A0%80`),
    ),
  );
  const stray = fc.constantFrom('', 'x=1', '%=%', 'a=%zz', '__proto__[x]=1', 'x=%00');
  return fc
    .tuple(fc.tuple(...named, stray), fc.boolean())
    .map(([parts, withQuery]) => (withQuery ? `?${parts.filter((p) => p !== '').join('&')}` : ''));
}

const KEEP = Symbol('keep');

/** A valid body with some of its fields replaced by generated or hostile values. */
function mutated(
  base: Record<string, unknown>,
  properties: Record<string, JsonSchema> = {},
): fc.Arbitrary<Record<string, unknown>> {
  const keys = [...new Set([...Object.keys(base), ...Object.keys(properties)])];
  const changes: Record<string, fc.Arbitrary<unknown>> = {};
  for (const k of keys) {
    changes[k] = fc.oneof(
      { weight: 8, arbitrary: fc.constant(KEEP) },
      { weight: 1, arbitrary: valueFor(properties[k]) },
    );
  }
  return fc.record(changes).map((picked) => {
    const body: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(picked)) {
      if (v !== KEEP) body[k] = v;
      else if (k in base) body[k] = base[k];
    }
    return body;
  });
}

function mutatedForm(base: Record<string, string>): fc.Arbitrary<Record<string, string>> {
  return mutated(base).map((body) =>
    Object.fromEntries(
      Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    ),
  );
}

const BOUNDARY = 'fuzzboundary';

function multipartBody(fields: Record<string, string>, file: string | null): Buffer {
  const parts = Object.entries(fields).map((entry) =>
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${entry[0]}"\r\n\r\n${entry[1]}\r\n`,
    ),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file}"; filename="a\ud800.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      TINY_PNG,
      Buffer.from('\r\n'),
    );
  }
  return Buffer.concat([...parts, Buffer.from(`--${BOUNDARY}--\r\n`)]);
}

const formFields = fc.dictionary(
  fc.constantFrom(
    'vault_id',
    'customer_name',
    'order_name',
    'type',
    'note',
    'field_id',
    'position',
    'warehouse_id',
    'direction',
    'opperation',
    'count',
    'image',
  ),
  fc.oneof(
    fc.constant(null).chain(() => idValue()),
    fc.integer({ min: -2, max: 5 }).map(String),
    fc.constantFrom('left', 'right', 'bottom', 'plus', 'minus', 'vault', 'couchbox'),
    text.map((t) => (typeof t === 'string' ? t : '')),
  ),
  { maxKeys: 6 },
);

function bodyFor(op: Operation): fc.Arbitrary<Pick<FuzzRequest, 'headers' | 'body'>> {
  if (op.method === 'GET') return fc.constant({ headers: {} });
  const key = `${op.method} ${op.path}`;
  const json = (value: unknown) => ({
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(value),
  });
  const kinds: {
    weight: number;
    arbitrary: fc.Arbitrary<Pick<FuzzRequest, 'headers' | 'body'>>;
  }[] = [
    { weight: 1, arbitrary: fc.constant({ headers: {} }) },
    { weight: 6, arbitrary: valueFor(op.body ?? undefined).map(json) },
    { weight: 6, arbitrary: mutated(validBodies[key] ?? {}, op.body?.properties).map(json) },
    { weight: 2, arbitrary: hostileValue.map(json) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('{', '[1,', '{"a":}', 'null', '"x"', '1e999').map((body) => ({
        headers: { 'content-type': 'application/json' },
        body,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constant({
        headers: { 'content-type': 'application/json' },
        body: `{"a":"${'x'.repeat(1024 * 1024 + 10)}"}`,
      }),
    },
    {
      // Written as text: JSON.stringify itself overflows on an array 10,000 deep.
      weight: 1,
      arbitrary: fc.constantFrom('x', ...Object.keys(op.body?.properties ?? {})).map((field) => ({
        headers: { 'content-type': 'application/json' },
        body: `{"${field}":${DEEP_ARRAY}}`,
      })),
    },
    {
      weight: 2,
      arbitrary: formFields.map((fields) => ({
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(
          Object.entries(fields).map(([k, v]) => [k, v.replace(/[\ud800-\udfff]/g, '\u0000')]),
        ).toString(),
      })),
    },
    {
      weight: 4,
      arbitrary: fc
        .tuple(
          fc.oneof(formFields, mutatedForm(validForms[key] ?? {})),
          fc.constantFrom(null, 'attachment', 'image'),
          fc.constantFrom('whole', 'no-boundary', 'cut-short', 'cut-in-file', 'text/plain'),
        )
        .map(([fields, file, shape]) => {
          const whole = multipartBody(fields, file);
          const contentType =
            shape === 'no-boundary'
              ? 'multipart/form-data'
              : shape === 'text/plain'
                ? 'text/plain'
                : `multipart/form-data; boundary=${BOUNDARY}`;
          const cut =
            shape === 'cut-short'
              ? whole.subarray(0, Math.max(1, whole.length - 8))
              : shape === 'cut-in-file'
                ? whole.subarray(0, Math.max(1, whole.length - TINY_PNG.length))
                : whole;
          return { headers: { 'content-type': contentType }, body: new Uint8Array(cut) };
        }),
    },
  ];
  return fc.oneof(...kinds);
}

/** The seeded value for a path parameter: by its name, or for `id` by the path before it. */
function seededParam(op: Operation, name: string): string {
  const prefix = op.path.slice(0, op.path.indexOf(`{${name}}`));
  return seededParams[name === 'id' ? prefix : name] ?? String(MISSING_ID);
}

function requestFor(op: Operation): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(
      fc.tuple(
        ...op.pathParams.map((name) =>
          fc.oneof(
            { weight: 2, arbitrary: fc.constant(seededParam(op, name)) },
            { weight: 3, arbitrary: pathParam },
          ),
        ),
        fc.constant(''),
      ),
      queryFor(op),
      bodyFor(op),
      fc.integer({ min: 1, max: 250 }),
    )
    .map(([params, query, body, address]) => {
      let i = 0;
      const path = op.path.replace(/\{\w+\}/g, () => params[i++] ?? '');
      return {
        method: op.method,
        url: `${path}${query}`,
        headers: { ...body.headers, 'x-forwarded-for': `10.9.${address}.${i}` },
        body: body.body,
      };
    });
}

function describeRequest(r: FuzzRequest): string {
  const body =
    r.body === undefined
      ? ''
      : typeof r.body === 'string'
        ? r.body.slice(0, 300)
        : Buffer.from(r.body).toString('latin1').slice(0, 300);
  return `${r.method} ${r.url.slice(0, 300)} ${JSON.stringify(r.headers)} ${JSON.stringify(body)}`;
}

async function send(r: FuzzRequest, cookie: string | null): Promise<number> {
  const res = await fetch(`${app.baseUrl}${r.url}`, {
    method: r.method,
    headers: cookie ? { ...r.headers, cookie } : r.headers,
    body: typeof r.body === 'string' || !r.body ? r.body : new Blob([new Uint8Array(r.body)]),
  });
  // An event stream that was accepted stays open: its status is the answer.
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) await res.body?.cancel();
  else await res.arrayBuffer();
  return res.status;
}

/**
 * The cookie a phone gets by opening the seeded checklist's name page, so the signed-out runs
 * of the by-id fill calls reach past the fill-grant check. Fetched again before each signed-out
 * run, since a fuzzed "New link" or edit may have retired it; a stranger without one is
 * covered by the checklist tests.
 */
async function openFillPage(): Promise<string | null> {
  const res = await fetch(`${app.baseUrl}/api/checklists/warehouse/${seededParams.warehouseSlug}`, {
    headers: { 'x-forwarded-for': '10.8.0.2' },
  });
  await res.arrayBuffer();
  const grant = res.headers.getSetCookie().find((c) => c.startsWith('vaultgrid_fill='));
  return grant?.split(';')[0] ?? null;
}

async function signIn(): Promise<string> {
  const login = () =>
    fetch(`${app.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.8.0.1' },
      body: JSON.stringify({ email: staff.email, password: TEST_PASSWORD }),
    });
  let res = await login();
  // A fuzzed password reset of the staff's own id may have set another password.
  if (res.status === 401) {
    await setUserPassword(app.deps.db, staff.email, TEST_PASSWORD);
    res = await login();
  }
  expect(res.status).toBe(200);
  const cookie = res.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error('sign-in set no cookie');
  return cookie;
}

describe('fuzzing every endpoint of the OpenAPI document', () => {
  it(
    'answers no client input with a 5xx, with or without a session',
    async () => {
      expect(operations.length).toBeGreaterThan(40);
      const counts: Record<string, Record<string, number>> = {};
      let cookie = await signIn();
      for (const op of operations) {
        const key = `${op.method} ${op.path}`;
        const tally: Record<string, number> = {};
        counts[key] = tally;
        for (const withSession of [true, false]) {
          const sent = withSession ? cookie : await openFillPage();
          await fc.assert(
            fc.asyncProperty(requestFor(op), async (r) => {
              const status = await send(r, sent);
              const bucket = `${withSession ? 'session' : 'anonymous'} ${status}`;
              tally[bucket] = (tally[bucket] ?? 0) + 1;
              if (status >= 500) {
                throw new Error(`${status} for ${describeRequest(r)}`);
              }
            }),
            { numRuns: RUNS, seed: SEED, endOnFailure: true },
          );
          // A fuzzed logout or a deleted user would leave later endpoints without a session.
          if (withSession) {
            const me = await fetch(`${app.baseUrl}/api/auth/`, { headers: { cookie } });
            if (me.status !== 200) cookie = await signIn();
          }
        }
      }
      console.log(
        `fuzz: ${RUNS} runs per endpoint and session mode\n${Object.entries(counts)
          .map(([key, tally]) => `${key}: ${JSON.stringify(tally)}`)
          .join('\n')}`,
      );
      for (const [key, tally] of Object.entries(counts)) {
        const total = Object.values(tally).reduce((sum, n) => sum + n, 0);
        expect(total, key).toBe(RUNS * 2);
      }
    },
    Math.max(600_000, RUNS * 10_000),
  );
});
