import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  vaultIdKey,
  type Attachment,
  type UploadAttachmentResponse,
} from '../../src/contracts/vaults';
import { makeCompanyWithUser, makeWarehouse, fieldByName } from '../support/factories';
import { filesOnDisk } from '../support/files';
import { startTestApp, type TestApp } from '../support/test-app';
import { errorOf, makeVault, postVault } from '../support/vault-factories';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

const MB = 1024 * 1024;

const storedFiles = () => filesOnDisk(app);

async function setup() {
  const staff = await makeCompanyWithUser(app);
  const warehouse = await makeWarehouse(staff);
  const vault = await makeVault(staff, { field_id: fieldByName(warehouse, 'A1').id, position: 1 });
  return { staff, warehouse, vault };
}

function upload(
  staff: Awaited<ReturnType<typeof setup>>['staff'],
  vaultId: number,
  name: string,
  type: string,
  data: Uint8Array | string,
) {
  const form = new FormData();
  form.append('vault_id', String(vaultId));
  const part: BlobPart = typeof data === 'string' ? data : new Uint8Array(data);
  form.append('attachment', new Blob([part], { type }), name);
  return staff.client.request('POST', '/api/vaults/upload', { form });
}

describe('attachments', () => {
  it('accepts a 4.9 MB file and refuses a 5.1 MB one with 413, writing nothing', async () => {
    const { staff, vault } = await setup();
    const before = storedFiles().length;
    const small = await upload(
      staff,
      vault.id,
      'scan.pdf',
      'application/pdf',
      new Uint8Array(Math.floor(4.9 * MB)),
    );
    expect(small.status, JSON.stringify(small.body)).toBe(200);
    expect((small.body as UploadAttachmentResponse).attachment).toMatchObject({
      vault_id: vault.id,
      file_name: 'scan.pdf',
      size_bytes: Math.floor(4.9 * MB),
    });
    expect(storedFiles().length).toBe(before + 1);

    const big = await upload(
      staff,
      vault.id,
      'big.pdf',
      'application/pdf',
      new Uint8Array(Math.ceil(5.1 * MB)),
    );
    expect(big.status).toBe(413);
    expect(errorOf(big)).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: 'File size should not exceed 5MB',
    });
    expect(storedFiles().length).toBe(before + 1);
    const list = await staff.client.get(`/api/vaults/lookup/${vaultIdKey(vault.id)}`);
    expect(
      (list.body as { attachments: Attachment[] }).attachments.map((a) => a.file_name),
    ).toEqual(['scan.pdf']);
  });

  it('refuses a 5.1 MB file on a new vault without adding the vault', async () => {
    const staff = await makeCompanyWithUser(app);
    const warehouse = await makeWarehouse(staff);
    const a1 = fieldByName(warehouse, 'A1');
    const before = storedFiles().length;
    const res = await postVault(staff, {
      customer_name: 'X',
      order_name: 'Y',
      field_id: a1.id,
      position: 1,
      attachment: {
        name: 'big.bin',
        type: 'application/octet-stream',
        data: new Uint8Array(Math.ceil(5.1 * MB)),
      },
    });
    expect(res.status).toBe(413);
    expect(errorOf(res).message).toBe('File size should not exceed 5MB');
    expect(storedFiles().length).toBe(before);
    const field = await staff.client.get(`/api/warehouse/${warehouse.id}/${a1.id}`);
    expect(Object.keys((field.body as { vaults: object }).vaults)).toHaveLength(0);
  });

  it('removes the stored file when the vault it came with is refused', async () => {
    const { staff, warehouse } = await setup();
    const before = storedFiles().length;
    const res = await postVault(staff, {
      customer_name: 'X',
      order_name: 'Y',
      field_id: fieldByName(warehouse, 'A1').id,
      position: 1,
      attachment: { name: 'a.txt', type: 'text/plain', data: 'x' },
    });
    expect(res.status).toBe(409);
    expect(storedFiles().length).toBe(before);
  });

  it('serves a file to its company with its name, nosniff, and never as HTML', async () => {
    const { staff, vault } = await setup();
    const page = await upload(
      staff,
      vault.id,
      '../../evil page.html',
      'text/html',
      '<script>alert(1)</script>',
    );
    expect(page.status).toBe(200);
    const { attachment } = page.body as UploadAttachmentResponse;
    expect(attachment.file_name).toBe('evil page.html');
    expect(attachment.file_url).toBe(`/api/vaults/attachments/${attachment.id}`);

    const res = await staff.client.get(attachment.file_url);
    expect(res.status).toBe(200);
    expect(res.text).toBe('<script>alert(1)</script>');
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toContain(
      'attachment; filename="evil page.html"',
    );
    expect(res.headers.get('content-security-policy')).toContain('sandbox');

    const image = await upload(
      staff,
      vault.id,
      'photo.png',
      'image/png',
      new Uint8Array([137, 80, 78, 71]),
    );
    const shown = await staff.client.get(
      (image.body as UploadAttachmentResponse).attachment.file_url,
    );
    expect(shown.headers.get('content-type')).toBe('image/png');
    expect(shown.headers.get('content-disposition')).toContain('inline');

    const stranger = await makeCompanyWithUser(app);
    expect((await stranger.client.get(attachment.file_url)).status).toBe(404);
    const anonymous = await fetch(`${app.baseUrl}${attachment.file_url}`);
    expect(anonymous.status).toBe(401);
  });

  it('refuses an upload without a file, to a missing vault, or to another company', async () => {
    const { staff, vault } = await setup();
    const form = new FormData();
    form.append('vault_id', String(vault.id));
    const none = await staff.client.request('POST', '/api/vaults/upload', { form });
    expect(none.status).toBe(400);
    expect(errorOf(none).message).toBe('Choose a file to upload.');
    const stranger = await makeCompanyWithUser(app);
    const foreign = await upload(stranger, vault.id, 'a.txt', 'text/plain', 'x');
    expect(foreign.status).toBe(404);
    expect(errorOf(foreign).message).toBe('Vault not found.');
  });

  it('deletes the files from disk once the vault is deleted', async () => {
    const { staff, vault } = await setup();
    const before = storedFiles().length;
    expect((await upload(staff, vault.id, 'a.txt', 'text/plain', 'x')).status).toBe(200);
    expect(storedFiles().length).toBe(before + 1);
    expect((await staff.client.delete(`/api/vaults/${vault.id}`)).status).toBe(200);
    expect(storedFiles().length).toBe(before);
  });
});
