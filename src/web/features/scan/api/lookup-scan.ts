import { useMutation } from '@tanstack/react-query';
import { resolveScanCode, type ScanCodeResult } from '../../../../contracts/scan-codes';
import { getVault } from '../../../../contracts/vaults';
import { getWarehouseBySlug } from '../../../../contracts/warehouses';
import { lowestFreePosition, slotCount } from '../../../../domain/slots';
import { ApiError, callApi } from '../../../lib/api';
import type { ScannedText } from '../../../lib/scan-codes';

export type ScannedVault = Extract<ScanCodeResult, { kind: 'vault' }>['vault'];

function nothingFound(message: string): ApiError {
  return new ApiError(404, 'NOT_FOUND', message, [message]);
}

/**
 * A field typed by name ("B7") is looked for in the warehouse of the vault in hand: field
 * names repeat across warehouses. The free position follows the server's rule (lowest free
 * slot); the move call checks it again under lock.
 */
async function findFieldByName(name: string, slug: string): Promise<ScanCodeResult | null> {
  const warehouse = await callApi(getWarehouseBySlug, { params: { slug } });
  const field = Object.values(warehouse.fields).find(
    (f) => f.name.toUpperCase() === name.toUpperCase(),
  );
  if (!field) return null;
  const taken = Object.values(field.vaults).flatMap((v) =>
    v.position === null ? [] : [v.position],
  );
  const takesVaults = !field.full && field.type !== 'couchbox-B';
  return {
    kind: 'field',
    warehouseId: warehouse.id,
    warehouseName: warehouse.name,
    warehouseSlug: warehouse.slug,
    fieldId: field.id,
    fieldName: field.name,
    nextPosition: takesVaults
      ? lowestFreePosition(taken, slotCount(warehouse.fieldCapacity, field.type))
      : null,
  };
}

/** What a scan names: a label code, a vault number from an old tag, or a field by name. */
async function lookupScan(
  scanned: ScannedText,
  slugInHand: string | null,
): Promise<ScanCodeResult> {
  if (scanned.kind === 'code') {
    try {
      return await callApi(resolveScanCode, { params: { code: scanned.code } });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 404) throw error;
      if (scanned.isAddress)
        throw nothingFound('This label is not one of your company’s vaults or fields.');
    }
  }
  // Typed text, or a code that matched nothing: the number on a tag, then a field name.
  try {
    const vault = await callApi(getVault, { params: { key: scanned.text } });
    return { kind: 'vault', vault };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
  }
  const field = slugInHand ? await findFieldByName(scanned.text, slugInHand) : null;
  if (field) return field;
  throw nothingFound(
    slugInHand
      ? `No vault or field “${scanned.text}” in this warehouse.`
      : `No vault “${scanned.text}”. To find a field, scan its label or a vault of its warehouse first.`,
  );
}

export function useLookupScan() {
  return useMutation({
    mutationFn: ({ scanned, slug }: { scanned: ScannedText; slug: string | null }) =>
      lookupScan(scanned, slug),
  });
}
