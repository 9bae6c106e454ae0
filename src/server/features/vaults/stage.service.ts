import type { SessionUser } from '../../../contracts/auth';
import type { Vault } from '../../../contracts/vaults';
import type { VaultEventReason } from '../../../contracts/vault-events';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import { checkNotReleased, checkTopmost, placeOf, vaultLabel, withPlacedVault } from './placement';
import * as repo from './vaults.repository';
import { presentVault } from './vaults.presenter';
import { vaultEvent } from './vaults.service';

// Staging shares the vault placement rules and tables; it owns only the two stage calls.
export async function stageVault(
  db: Db,
  user: SessionUser,
  vaultId: number,
  reason?: VaultEventReason,
): Promise<Vault> {
  return withPlacedVault(
    db,
    user.companyId,
    vaultId,
    null,
    { lockFields: true },
    async (tx, v, fields) => {
      checkNotReleased(v);
      if (v.fieldId === null)
        throw new AppError('VAULT_ALREADY_STAGED', `${vaultLabel(v)} is already staged.`);
      checkTopmost(v, fields.get(v.fieldId));
      // The update, its history and the answer's read in one statement (decision 0108).
      const placed = await repo.placeVaultLogged(
        tx,
        user.companyId,
        v.id,
        { fieldId: null, position: null, oldFieldId: v.fieldId },
        vaultEvent(user, v, 'staged', { from: placeOf(v), to: null, ...(reason && { reason }) }),
      );
      if (!placed) throw notFound('Vault');
      return presentVault(placed, await repo.listVaultParts(tx, user.companyId, [v.id]));
    },
  );
}

export async function listStagedVaults(db: Db, user: SessionUser): Promise<Record<string, Vault>> {
  const rows = await repo.listStagedVaults(db, user.companyId);
  const parts = await repo.listVaultParts(
    db,
    user.companyId,
    rows.map((v) => v.id),
  );
  const out: Record<string, Vault> = {};
  for (const v of rows) out[v.id] = presentVault(v, parts);
  return out;
}
