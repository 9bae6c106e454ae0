import { useState } from 'react';
import { releaseVault } from '../../../../contracts/vault-release';
import type { Vault } from '../../../../contracts/vaults';
import { vaultLabel } from '../../../../domain/vault-number';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api';
import { useMayCall } from '../../auth/api/use-session';
import { useReleaseVault } from '../api/use-update-vault';

/**
 * Release: the goods went out to the customer. Office and admin only, as the server enforces;
 * the vault stays in the records, so the confirmation says so (decision 0492).
 */
export function ReleaseVaultButton({ vault }: { vault: Vault }) {
  const mayRelease = useMayCall(releaseVault);
  const release = useReleaseVault();
  const [isConfirming, setConfirming] = useState(false);
  if (!mayRelease || vault.released_on !== null) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => {
          release.reset();
          setConfirming(true);
        }}
        className="min-h-11 rounded-lg border border-brand-700 px-4 py-2 font-semibold text-brand-700"
      >
        Release
      </button>
      <ConfirmDialog
        open={isConfirming}
        title="Release Vault"
        message={`${vaultLabel(vault)} leaves the warehouse today: the goods are delivered out. It stays in the customer's records, history and storage report, and its number stays taken.`}
        confirmLabel="Yes, release it"
        isBusy={release.isPending}
        error={release.isError ? errorMessage(release.error) : null}
        onClose={() => setConfirming(false)}
        onConfirm={() => release.mutate(vault.id, { onSuccess: () => setConfirming(false) })}
      />
    </>
  );
}
