import type { SessionUser } from '../../../contracts/auth';
import {
  LABELS_PER_PDF_MAX,
  type LabelTarget,
  type PrintLabelsBody,
} from '../../../contracts/labels';
import { scanCodeUrl } from '../../../contracts/scan-codes';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import { createLimiter } from '../../lib/limiter';
import { issueScanCodes } from '../../lib/scan-codes';
import type { LabelContent } from './label-pdf';
import { renderLabelsPdf } from './label-pdf';
import * as repo from './labels.repository';

// Rendering is CPU work on the server's one thread: two PDFs at a time, the rest wait their turn.
const pdfRenders = createLimiter(2);

const ownerOf = {
  'field-vaults': ['fields', 'Field'],
  'customer-vaults': ['customers', 'Customer'],
  'order-vaults': ['orders', 'Order'],
  'warehouse-fields': ['warehouses', 'Warehouse'],
} as const;

async function requireOwner(
  db: Db,
  companyId: number,
  of: keyof typeof ownerOf,
  id: number,
): Promise<void> {
  const [table, what] = ownerOf[of];
  if (!(await repo.ownerExists(db, companyId, table, id))) throw notFound(what);
}

function vaultTitle(v: repo.LabelVaultRow): string {
  return v.name ?? v.type.toUpperCase();
}

function vaultPlace(v: repo.LabelVaultRow): string[] {
  if (v.field_name === null || v.warehouse_name === null) return ['Staged'];
  return [`Field ${v.field_name}, position ${v.position ?? '?'}`, v.warehouse_name];
}

type VaultTarget = Exclude<LabelTarget, { of: 'fields' | 'warehouse-fields' }>;
type FieldTarget = Extract<LabelTarget, { of: 'fields' | 'warehouse-fields' }>;

async function selectVaults(
  db: Db,
  companyId: number,
  target: VaultTarget,
): Promise<repo.LabelVaultRow[]> {
  switch (target.of) {
    case 'vaults': {
      const ids = [...new Set(target.vaultIds)];
      const rows = await repo.listLabelVaults(db, companyId, { vaultIds: ids });
      // A foreign or deleted vault in the selection is refused like any missing one.
      if (rows.length !== ids.length) throw notFound('Vault');
      return rows;
    }
    case 'field-vaults':
      await requireOwner(db, companyId, target.of, target.fieldId);
      return repo.listLabelVaults(db, companyId, { fieldId: target.fieldId });
    case 'customer-vaults':
      await requireOwner(db, companyId, target.of, target.customerId);
      return repo.listLabelVaults(db, companyId, { customerId: target.customerId });
    case 'order-vaults':
      await requireOwner(db, companyId, target.of, target.orderId);
      return repo.listLabelVaults(db, companyId, { orderId: target.orderId });
  }
}

async function selectFields(
  db: Db,
  companyId: number,
  target: FieldTarget,
): Promise<repo.LabelFieldRow[]> {
  if (target.of === 'fields') {
    const ids = [...new Set(target.fieldIds)];
    const rows = await repo.listLabelFields(db, companyId, { fieldIds: ids });
    if (rows.length !== ids.length) throw notFound('Field');
    return rows;
  }
  await requireOwner(db, companyId, target.of, target.warehouseId);
  return repo.listLabelFields(db, companyId, { warehouseId: target.warehouseId });
}

async function vaultLabels(
  db: Db,
  user: SessionUser,
  target: VaultTarget,
  origin: string,
): Promise<LabelContent[]> {
  const rows = await selectVaults(db, user.companyId, target);
  checkCount(rows.length, 'vaults');
  const codes = await issueScanCodes(
    db,
    user.companyId,
    'vault',
    rows.map((r) => r.id),
  );
  return rows.map((v) => {
    const code = codes.get(v.id) ?? '';
    return {
      title: vaultTitle(v),
      lines: [
        v.customer_name ?? '',
        v.order_name ? `Order ${v.order_name}` : '',
        ...vaultPlace(v),
      ].filter(Boolean),
      url: scanCodeUrl(origin, code),
      code,
    };
  });
}

async function fieldLabels(
  db: Db,
  user: SessionUser,
  target: FieldTarget,
  origin: string,
): Promise<LabelContent[]> {
  const rows = await selectFields(db, user.companyId, target);
  checkCount(rows.length, 'fields');
  const codes = await issueScanCodes(
    db,
    user.companyId,
    'field',
    rows.map((r) => r.id),
  );
  return rows.map((f) => {
    const code = codes.get(f.id) ?? '';
    return { title: f.name, lines: [f.warehouse_name], url: scanCodeUrl(origin, code), code };
  });
}

function checkCount(count: number, what: 'vaults' | 'fields'): void {
  if (count === 0) {
    throw new AppError(
      'NOTHING_TO_PRINT',
      `There are no ${what} to print labels for: the selection is empty.`,
    );
  }
  if (count > LABELS_PER_PDF_MAX) {
    throw new AppError(
      'TOO_MANY_LABELS',
      `That is ${count.toLocaleString('en')} labels; one PDF holds at most ${LABELS_PER_PDF_MAX.toLocaleString('en')}. Print a smaller selection.`,
    );
  }
}

/**
 * A label PDF for the selection. `origin` is the address staff use, the one the QR codes carry
 * (decision 0035).
 */
export async function printLabels(
  db: Db,
  user: SessionUser,
  body: PrintLabelsBody,
  origin: string,
): Promise<{ pdf: Buffer; fileName: string }> {
  const labels =
    body.of === 'fields' || body.of === 'warehouse-fields'
      ? await fieldLabels(db, user, body, origin)
      : await vaultLabels(db, user, body, origin);
  const fileName = `labels-${body.of}-${body.format}.pdf`;
  const pdf = await pdfRenders(() => renderLabelsPdf(body.format, labels, 'Vaultgrid labels'));
  return { pdf, fileName };
}
