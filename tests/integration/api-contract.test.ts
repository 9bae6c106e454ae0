import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

// Spec §7, every call at its method and path: any client written against the spec works.
const SPEC_CALLS = [
  'GET /api/stage/vaults',
  'POST /api/stage/vaults/{vaultId}',
  'GET /api/warehouse/company/{companyId}',
  'POST /api/warehouse/add-warehouse',
  'PATCH /api/warehouse/{id}/edit-dimensions',
  'DELETE /api/warehouse/{id}',
  'GET /api/warehouse/{warehouseId}/{fieldId}',
  'PUT /api/warehouse/{id}/field-grid',
  'PATCH /api/fields/{id}',
  'PATCH /api/fields/{id}/full',
  'POST /api/fields/',
  'DELETE /api/fields/',
  'POST /api/vaults/',
  'PUT /api/vaults/{id}',
  'DELETE /api/vaults/{id}',
  'POST /api/vaults/upload',
  'PUT /api/vaults/move',
  'GET /api/vaults/all',
  'GET /api/auth/',
  'POST /api/auth/login',
  'GET /api/auth/logout',
  'GET /api/racks/warehouse/{id}',
  'POST /api/racks/warehouse/{id}/add',
  'PUT /api/racks/{warehouseId}/rack/{rackId}',
  'DELETE /api/racks/{warehouseId}/rack/{rackId}/delete',
  'POST /api/racks/pallets',
  'PUT /api/racks/pallets/{id}/edit',
  'DELETE /api/pallets/{id}/delete',
  'GET /api/checklists/',
  'POST /api/checklists/',
  'GET /api/checklists/warehouse/{warehouseName}',
  'PATCH /api/checklists/{id}',
  'DELETE /api/checklists/{id}',
  'GET /api/checklists/public-drive-images',
  'POST /api/checklists/{id}/upload-image',
  'GET /api/checklists/proxy-drive-image/{driveFileId}',
];

interface JsonSchema {
  type?: string;
  properties: Record<string, { type?: string } | undefined>;
}
interface OpenApiCall {
  parameters: { name: string; schema: { type?: string } }[];
  responses: Record<'200', { content: Record<'application/json', { schema: JsonSchema }> }>;
}

const normalise = (path: string) => path.replace(/\{[^}]+\}/g, '{}').replace(/\/$/, '');

describe('the API', () => {
  it('documents every call of the specification in its OpenAPI document', async () => {
    const res = await fetch(`${app.baseUrl}/api/docs`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((method) => `${method.toUpperCase()} ${normalise(path)}`),
      ),
    );
    const missing = SPEC_CALLS.filter((call) => {
      const [method, path] = call.split(' ');
      return !documented.has(`${method} ${normalise(path ?? '')}`);
    });
    expect(missing).toEqual([]);
  });

  it('documents ids as integers, in paths and in answers', async () => {
    const doc = (await (await fetch(`${app.baseUrl}/api/docs`)).json()) as {
      paths: Record<string, Record<string, OpenApiCall>>;
    };
    const call = doc.paths['/api/warehouse/{id}']?.get;
    expect(call?.parameters.find((p) => p.name === 'id')?.schema.type).toBe('integer');
    const answer = call?.responses['200'].content['application/json'].schema;
    expect(answer?.properties.id?.type).toBe('integer');
    expect(answer?.properties.racks?.type).toBe('array');
  });

  it('documents form calls with their file field and downloads with their file types', async () => {
    const doc = (await (await fetch(`${app.baseUrl}/api/docs`)).json()) as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const addVault = doc.paths['/api/vaults/']?.post as {
      requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
    };
    expect(Object.keys(addVault.requestBody.content)).toEqual([
      'multipart/form-data',
      'application/x-www-form-urlencoded',
    ]);
    expect(
      addVault.requestBody.content['multipart/form-data']?.schema.properties.attachment,
    ).toEqual({ type: 'string', format: 'binary' });
    const download = (path: string) =>
      Object.keys(
        (doc.paths[path]?.get as { responses: { 200: { content: Record<string, unknown> } } })
          .responses[200].content,
      );
    expect(download('/api/print/vaults.csv')).toEqual(['text/csv']);
    expect(download('/api/vaults/attachments/{id}')).toContain('application/octet-stream');
    expect(download('/api/checklists/t/{token}/images/{fileId}')).toContain('image/png');
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const res = await fetch(`${app.baseUrl}/api/no-such-call`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
