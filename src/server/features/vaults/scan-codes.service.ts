import type { SessionUser } from '../../../contracts/auth';
import type { ScanCodeResult } from '../../../contracts/scan-codes';
import { lowestFreePosition, slotCount } from '../../../domain/slots';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { findScanCode } from '../../lib/scan-codes';
import { presentVault } from './vaults.presenter';
import * as repo from './vaults.repository';

/**
 * The vault or field behind a label's code. Another company's code answers exactly like one
 * that was never issued, so codes cannot be probed across companies.
 */
export async function resolveScanCode(
  db: Db,
  user: SessionUser,
  code: string,
): Promise<ScanCodeResult> {
  const target = await findScanCode(db, user.companyId, code);
  if (!target) throw notFound('Code');
  if (target.kind === 'vault') {
    const v = await repo.findVault(db, user.companyId, target.vaultId);
    if (!v) throw notFound('Code');
    const parts = await repo.listVaultParts(db, user.companyId, [v.id]);
    return {
      kind: 'vault',
      vault: { ...presentVault(v, parts), warehouse_slug: v.warehouseSlug },
    };
  }
  // The same rule the move checks under lock: only the lowest free position takes a vault.
  const taken = await repo.takenPositions(db, user.companyId, target.fieldId);
  const takesVaults = !target.full && target.fieldType !== 'couchbox-B';
  return {
    kind: 'field',
    warehouseId: target.warehouseId,
    warehouseName: target.warehouseName,
    warehouseSlug: target.warehouseSlug,
    fieldId: target.fieldId,
    fieldName: target.fieldName,
    nextPosition: takesVaults
      ? lowestFreePosition(taken, slotCount(target.fieldCapacity, target.fieldType))
      : null,
  };
}
