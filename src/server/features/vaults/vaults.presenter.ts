import type { Field } from '../../../contracts/fields';
import type { Attachment, Vault } from '../../../contracts/vaults';
import { vaultEventSchema, type VaultEvent } from '../../../contracts/vault-events';
import { formatTagRanges } from '../../../domain/inventory-tags';
import { vaultAnswerOf, type TagRow } from '../../db/vault-rows';
import type { AttachmentRow, VaultRow } from './vaults.repository';

function attachmentUrl(id: number): string {
  return `/api/vaults/attachments/${id}`;
}

/** The columns an attachment answer needs; lists select only these. */
export type AttachmentFields = Pick<
  AttachmentRow,
  'id' | 'vaultId' | 'fileName' | 'sizeBytes' | 'contentType'
>;

export function presentAttachment(a: AttachmentFields): Attachment {
  return {
    id: a.id,
    vault_id: a.vaultId,
    file_name: a.fileName,
    file_url: attachmentUrl(a.id),
    size_bytes: a.sizeBytes,
    content_type: a.contentType,
  };
}

/**
 * What belongs to vaults beside their own row: their attachments and inventory tag ranges
 * (in the order written), for these vaults or more; each answer takes its own.
 */
export interface VaultParts {
  attachments: readonly AttachmentFields[];
  tags: readonly TagRow[];
}

/** Tag rows as staff write them ("LOT 4471, tags 1-120"); '' for none. */
export function formatTags(tags: readonly TagRow[]): string {
  return formatTagRanges(tags.map((t) => ({ lot: t.lot, first: t.firstTag, last: t.lastTag })));
}

const answerVault = vaultAnswerOf([
  'customer_name',
  'order_name',
  'attachments',
  'field_name',
  'warehouse_name',
  'tags',
]);

export function presentVault(v: VaultRow, parts: VaultParts): Vault {
  const { attachments, tags } = parts;
  return answerVault(v, {
    customer_name: v.customerName ?? '',
    order_name: v.orderName,
    attachments: attachments.filter((a) => a.vaultId === v.id).map(presentAttachment),
    field_name: v.fieldName,
    warehouse_name: v.warehouseName,
    tags: formatTags(tags.filter((t) => t.vaultId === v.id)),
  });
}

export function presentField(
  f: { id: number; name: string; warehouseId: number; type: Field['type']; full: boolean },
  vaults: readonly VaultRow[],
  parts: VaultParts,
): Field {
  const map: Record<string, Vault> = {};
  for (const v of vaults) map[v.id] = presentVault(v, parts);
  return {
    id: f.id,
    name: f.name,
    warehouse_id: f.warehouseId,
    type: f.type,
    full: f.full,
    vaults: map,
  };
}

/**
 * Rows written before decision 0022 recorded a warehouse deletion as
 * `{ reason, warehouse, field, position }`; read them as the typed `deleted` event.
 */
function upgradeDetails(kind: string, details: Record<string, unknown>): Record<string, unknown> {
  if (kind === 'deleted' && !('from' in details) && 'warehouse' in details) {
    const { warehouse, field, position, ...rest } = details;
    return { ...rest, from: { warehouse, field, position } };
  }
  return details;
}

/** A stored event as the typed union; a row that fits no kind's schema is a server bug (500). */
export function presentEvent(e: {
  id: number;
  vaultId: number;
  vaultName: string | null;
  kind: string;
  actorEmail: string | null;
  at: Date;
  details: Record<string, unknown>;
}): VaultEvent {
  return vaultEventSchema.parse({
    id: e.id,
    vault_id: e.vaultId,
    vault_name: e.vaultName,
    kind: e.kind,
    actor_email: e.actorEmail,
    at: e.at.toISOString(),
    details: upgradeDetails(e.kind, e.details),
  });
}
