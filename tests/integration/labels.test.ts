import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { LabelFormat } from '../../src/contracts/labels';
import type { ScanCodeResult } from '../../src/contracts/scan-codes';
import { labelBox, labelSheets } from '../../src/domain/label-sheets';
import {
  fieldByName,
  makeCompanyWithUser,
  makeWarehouse,
  type SignedInStaff,
} from '../support/factories';
import { MISSING_ID } from '../support/ids';
import { pdfPages, printedCodes, qrCodesIn, textIn, wordsOn } from '../support/pdf';
import { startTestApp, type TestApp } from '../support/test-app';
import { makeVault } from '../support/vault-factories';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

async function printLabels(staff: SignedInStaff | null, body: unknown) {
  const res = await fetch(`${app.baseUrl}/api/labels`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(staff ? { cookie: staff.client.cookieHeader('/api/labels') } : {}),
    },
    body: JSON.stringify(body),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const type = res.headers.get('content-type') ?? '';
  return {
    status: res.status,
    type,
    pdf: bytes,
    error: type.includes('json')
      ? (JSON.parse(bytes.toString('utf8')) as { code: string; message: string })
      : null,
  };
}

async function resolveCode(staff: SignedInStaff, code: string) {
  const res = await staff.client.get(`/api/codes/${code}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as ScanCodeResult;
}

async function stockedWarehouse() {
  const staff = await makeCompanyWithUser(app);
  const w = await makeWarehouse(staff, { name: 'Main Warehouse', rows: 2, cols: 2 });
  const b1 = fieldByName(w, 'B1');
  const first = await makeVault(staff, {
    vault_id: '12034',
    customer_name: 'JOHNSON',
    order_name: 'ORD-77',
    field_id: b1.id,
    position: 1,
  });
  const second = await makeVault(staff, {
    vault_id: '12035',
    customer_name: 'JOHNSON',
    order_name: 'ORD-78',
    field_id: b1.id,
    position: 2,
  });
  const third = await makeVault(staff, {
    vault_id: '777',
    customer_name: 'PETERSEN',
    order_name: 'ORD-77',
    field_id: fieldByName(w, 'A1').id,
    position: 1,
  });
  return { staff, w, first, second, third };
}

describe('vault labels', () => {
  it('put each vault on its Avery 5163 label with number, customer, order, place and a QR code of its /s/ address', async () => {
    const { staff, first, second, third } = await stockedWarehouse();
    const res = await printLabels(staff, {
      format: 'letter-5163',
      of: 'vaults',
      vaultIds: [second.id, third.id, first.id],
    });
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/pdf');
    expect(pdfPages(res.pdf)).toEqual({ count: 1, sizes: [[612, 792]] });

    // Print order: warehouse, field in grid order, position.
    const sheet = labelSheets['letter-5163'];
    const expected = [
      {
        vault: third,
        text: ['777', 'PETERSEN', 'Order ORD-77', 'Field A1, position 1', 'Main Warehouse'],
      },
      {
        vault: first,
        text: ['12034', 'JOHNSON', 'Order ORD-77', 'Field B1, position 1', 'Main Warehouse'],
      },
      {
        vault: second,
        text: ['12035', 'JOHNSON', 'Order ORD-78', 'Field B1, position 2', 'Main Warehouse'],
      },
    ];
    for (const [index, { vault, text }] of expected.entries()) {
      const box = labelBox(sheet, index);
      const printed = textIn(res.pdf, 1, box);
      for (const part of text) expect(printed).toContain(part);
      const [url, ...others] = await qrCodesIn(res.pdf, 1, box);
      expect(others).toEqual([]);
      const code = /\/s\/([0-9A-Z]{10})$/.exec(url ?? '')?.[1] ?? '';
      expect(url).toBe(`${app.baseUrl}/s/${code}`);
      expect(printed).toContain(code);
      const scanned = await resolveCode(staff, code);
      expect(scanned.kind === 'vault' && scanned.vault.id).toBe(vault.id);
    }
    // The fourth label position stays blank.
    expect(textIn(res.pdf, 1, labelBox(sheet, 3))).toBe('');
  });

  it('keep the same code for a vault from one print to the next', async () => {
    const { staff, first } = await stockedWarehouse();
    const once = await printLabels(staff, {
      format: 'small-2x1',
      of: 'vaults',
      vaultIds: [first.id],
    });
    const twice = await printLabels(staff, {
      format: 'thermal-4x6',
      of: 'vaults',
      vaultIds: [first.id],
    });
    expect(printedCodes(once.pdf)).toHaveLength(1);
    expect(printedCodes(twice.pdf)).toEqual(printedCodes(once.pdf));
  });

  it('print a field, a customer or an order as all their vaults', async () => {
    const { staff, w, first, third } = await stockedWarehouse();
    const numbersOf = async (body: object) => {
      const res = await printLabels(staff, { format: 'thermal-4x6', ...body });
      expect(res.status).toBe(200);
      const { count, sizes } = pdfPages(res.pdf);
      expect(sizes.every(([width, height]) => width === 288 && height === 432)).toBe(true);
      return Array.from({ length: count }, (_, i) =>
        textIn(res.pdf, i + 1, { x: 0, y: 0, width: 288, height: 80 }),
      );
    };
    expect(await numbersOf({ of: 'field-vaults', fieldId: fieldByName(w, 'B1').id })).toEqual([
      '12034',
      '12035',
    ]);
    expect(await numbersOf({ of: 'customer-vaults', customerId: first.customer_id })).toEqual([
      '12034',
      '12035',
    ]);
    expect(await numbersOf({ of: 'order-vaults', orderId: third.order_id })).toEqual([
      '777',
      '12034',
    ]);
  });

  it('print names in Central European, Greek and Cyrillic letters as written', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff, { rows: 1, cols: 3 });
    const names = ['Łukasz Wróbel-Dvořák', 'Дмитрий Соколов', 'Γιώργος Παπαδόπουλος'];
    const vaults: Awaited<ReturnType<typeof makeVault>>[] = [];
    for (const [i, customer_name] of names.entries()) {
      const field = fieldByName(w, `${'ABC'[i] ?? ''}1`);
      vaults.push(await makeVault(staff, { customer_name, field_id: field.id, position: 1 }));
    }
    const res = await printLabels(staff, {
      format: 'thermal-4x6',
      of: 'vaults',
      vaultIds: vaults.map((v) => v.id),
    });
    expect(res.status).toBe(200);
    const printed = vaults.map((_, i) =>
      textIn(res.pdf, i + 1, { x: 0, y: 0, width: 288, height: 200 }),
    );
    expect(printed.map((text, i) => text.includes(vaults[i]?.customer_name ?? '-'))).toEqual([
      true,
      true,
      true,
    ]);
    expect(vaults[0]?.customer_name).toBe('ŁUKASZ WRÓBEL-DVOŘÁK');
  });

  it('shrink or cut long text so that nothing runs past the label', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff, { name: 'Warehouse with a rather long name indeed' });
    const longName = 'JOHNSON-WHITFIELD FAMILY TRUST AND HOLDINGS OF GREATER NORTH AMERICA';
    const v = await makeVault(staff, {
      vault_id: '1234567890123456789012345678901234567890',
      customer_name: longName,
      field_id: fieldByName(w, 'A1').id,
      position: 1,
    });
    for (const format of ['small-2x1', 'a4-l7163'] as LabelFormat[]) {
      const res = await printLabels(staff, { format, of: 'vaults', vaultIds: [v.id] });
      const box = labelBox(labelSheets[format], 0);
      const words = wordsOn(res.pdf, 1);
      expect(words.length).toBeGreaterThan(0);
      for (const word of words) {
        expect(word.box.x).toBeGreaterThanOrEqual(box.x);
        expect(word.box.x + word.box.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
      }
      const text = textIn(res.pdf, 1, box);
      expect(text).toContain('…');
      expect(text).not.toContain(longName);
    }
  });
});

describe('field labels', () => {
  it('print a whole warehouse on A4 (Avery L7163, 14 a sheet) with the field name large and a QR code to the field', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff, { name: 'North', rows: 5, cols: 3 });
    const res = await printLabels(staff, {
      format: 'a4-l7163',
      of: 'warehouse-fields',
      warehouseId: w.id,
    });
    expect(res.status).toBe(200);
    const pages = pdfPages(res.pdf);
    expect(pages.count).toBe(2);
    for (const [width, height] of pages.sizes) {
      expect(width).toBeCloseTo(595.276, 2);
      expect(height).toBeCloseTo(841.89, 2);
    }
    const sheet = labelSheets['a4-l7163'];
    // Grid order: A1..A5, then B1..B5, then C1..C5; the 15th label starts the second sheet.
    expect(textIn(res.pdf, 1, labelBox(sheet, 0))).toMatch(/^A1 North /);
    expect(textIn(res.pdf, 1, labelBox(sheet, 13))).toMatch(/^C4 North /);
    expect(textIn(res.pdf, 2, labelBox(sheet, 0))).toMatch(/^C5 North /);
    const [url] = await qrCodesIn(res.pdf, 1, labelBox(sheet, 5));
    const code = url?.split('/s/')[1] ?? '';
    const scanned = await resolveCode(staff, code);
    expect(scanned).toEqual({
      kind: 'field',
      warehouseId: w.id,
      warehouseName: 'North',
      warehouseSlug: w.slug,
      fieldId: fieldByName(w, 'B1').id,
      fieldName: 'B1',
      nextPosition: 1,
    });
  });

  it('print chosen fields on a 2 x 1 in label each', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff, { name: 'South' });
    const ids = [fieldByName(w, 'B2').id, fieldByName(w, 'A1').id];
    const res = await printLabels(staff, { format: 'small-2x1', of: 'fields', fieldIds: ids });
    expect(pdfPages(res.pdf)).toEqual({
      count: 2,
      sizes: [
        [144, 72],
        [144, 72],
      ],
    });
    expect(textIn(res.pdf, 1, { x: 0, y: 0, width: 144, height: 72 })).toMatch(/A1 South/);
    expect(textIn(res.pdf, 2, { x: 0, y: 0, width: 144, height: 72 })).toMatch(/B2 South/);
  });
});

describe('label refusals', () => {
  it('answer 401 without a session', async () => {
    const res = await printLabels(null, { format: 'small-2x1', of: 'vaults', vaultIds: [1] });
    expect(res.status).toBe(401);
    expect(res.error?.code).toBe('UNAUTHENTICATED');
  });

  it('treat another company’s vaults, fields, customers, orders and warehouses as missing', async () => {
    const { w, first } = await stockedWarehouse();
    const stranger = await makeCompanyWithUser(app);
    const own = await makeVault(stranger, {
      field_id: fieldByName(await makeWarehouse(stranger), 'A1').id,
      position: 1,
    });
    const bodies = [
      [{ of: 'vaults', vaultIds: [first.id] }, 'Vault not found.'],
      [{ of: 'vaults', vaultIds: [own.id, first.id] }, 'Vault not found.'],
      [{ of: 'vaults', vaultIds: [MISSING_ID] }, 'Vault not found.'],
      [{ of: 'field-vaults', fieldId: fieldByName(w, 'B1').id }, 'Field not found.'],
      [{ of: 'customer-vaults', customerId: first.customer_id }, 'Customer not found.'],
      [{ of: 'order-vaults', orderId: first.order_id }, 'Order not found.'],
      [{ of: 'fields', fieldIds: [fieldByName(w, 'A1').id] }, 'Field not found.'],
      [{ of: 'warehouse-fields', warehouseId: w.id }, 'Warehouse not found.'],
    ] as const;
    for (const [body, message] of bodies) {
      const res = await printLabels(stranger, { format: 'letter-5163', ...body });
      expect(res.status, JSON.stringify(body)).toBe(404);
      expect(res.error).toMatchObject({ code: 'NOT_FOUND', message });
    }
  });

  it('refuse bad requests with a sentence and VALIDATION_FAILED', async () => {
    const staff = await makeCompanyWithUser(app);
    const cases = [
      [{ format: 'a5', of: 'vaults', vaultIds: [1] }, /^Format must be one of/],
      [{ format: 'small-2x1', of: 'vaults', vaultIds: [] }, /^Choose at least one vault/],
      [{ format: 'small-2x1', of: 'vaults', vaultIds: ['abc'] }, /Vault ids must be positive/],
      [{ format: 'small-2x1', of: 'shelves' }, /^Say what to print/],
      [{ format: 'small-2x1', of: 'field-vaults' }, /Field id must be a valid id/],
    ] as const;
    for (const [body, message] of cases) {
      const res = await printLabels(staff, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.error?.code).toBe('VALIDATION_FAILED');
      expect(res.error?.message).toMatch(message);
    }
  });

  it('say that the request is too large, not a file, when the body is over the limit', async () => {
    const staff = await makeCompanyWithUser(app);
    const res = await printLabels(staff, {
      format: 'small-2x1',
      of: 'vaults',
      vaultIds: Array.from({ length: 700_000 }, (_, i) => i + 1),
    });
    expect(res.status).toBe(413);
    expect(res.error).toMatchObject({
      code: 'REQUEST_TOO_LARGE',
      message: 'The request body is too large: a JSON request may be at most 1 MB.',
    });
  });

  it('say so when there is nothing to print', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff);
    const res = await printLabels(staff, {
      format: 'small-2x1',
      of: 'field-vaults',
      fieldId: fieldByName(w, 'A1').id,
    });
    expect(res.status).toBe(409);
    expect(res.error?.code).toBe('NOTHING_TO_PRINT');
  });

  it('are documented in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${app.baseUrl}/api/docs`)).json()) as {
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    expect(doc.paths['/api/labels']?.post?.summary).toMatch(/Label PDF/);
    expect(doc.paths['/api/codes/{code}']?.get?.summary).toMatch(/vault or field/);
  });
});
