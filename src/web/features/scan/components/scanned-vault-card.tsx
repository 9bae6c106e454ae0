import { Link } from 'react-router';
import { vaultIdKey } from '../../../../contracts/vaults';
import { topmostPosition } from '../../../../domain/slots';
import { PrintLabelsButton } from '../../../components/labels/print-labels-button';
import type { ScannedVault } from '../api/lookup-scan';
import { useScanWarehouse } from '../api/use-scan-actions';

export const vaultTitle = (v: { name: string | null; type: string }) =>
  v.name ? `Vault ${v.name}` : `This ${v.type}`;

const actionClass =
  'inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold hover:bg-slate-100';

/** Where the scanned vault stands, and what can be done with it from here. */
export function ScannedVaultCard({
  vault,
  slug,
  isStaging,
  onStage,
}: {
  vault: ScannedVault;
  slug: string | null;
  isStaging: boolean;
  onStage: () => void;
}) {
  const isPlaced = vault.field_id !== null && vault.position !== null;
  const warehouse = useScanWarehouse(isPlaced ? slug : null);
  const field = vault.field_id !== null ? warehouse.data?.fields[vault.field_id] : undefined;
  const top = field
    ? topmostPosition(
        Object.values(field.vaults).flatMap((v) => (v.position === null ? [] : [v.position])),
      )
    : null;
  const isTopmost = isPlaced && field !== undefined && top === vault.position;
  const canMove = !isPlaced || isTopmost;

  return (
    <section aria-labelledby="scanned-vault" className="rounded-2xl bg-white p-4 shadow-sm">
      <h2 id="scanned-vault" className="text-2xl font-bold">
        {vaultTitle(vault)}
      </h2>
      <p className="text-lg">{vault.customer_name}</p>
      {vault.order_name && <p className="text-slate-700">Order {vault.order_name}</p>}
      <p className="mt-2 text-lg font-semibold">
        {isPlaced
          ? `${vault.warehouse_name ?? ''}, field ${vault.field_name ?? ''}, position ${vault.position ?? ''}`
          : 'In stage'}
      </p>
      <p className="mt-1 text-sm text-slate-700">
        {!isPlaced || warehouse.isSuccess
          ? canMove
            ? 'Scan a field to move this vault there.'
            : `Only the topmost vault moves: the vault at position ${top ?? ''} must come off first.`
          : 'Checking the stack…'}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        {isTopmost && (
          <button
            type="button"
            onClick={onStage}
            disabled={isStaging}
            className={`${actionClass} disabled:opacity-60`}
          >
            Stage
          </button>
        )}
        {isPlaced && warehouse.isSuccess && !isTopmost && (
          // The way out of "must come off first": the dig-out that moves the vaults above it.
          <Link to={`/retrieve/${vault.id}`} className={actionClass}>
            Retrieve
          </Link>
        )}
        <Link
          to={`/edit/vault/${encodeURIComponent(vault.name ?? vaultIdKey(vault.id))}`}
          className={actionClass}
        >
          Edit
        </Link>
        {isPlaced && slug && (
          <Link to={`/warehouse/${slug}?field=${vault.field_id ?? ''}`} className={actionClass}>
            Open field {vault.field_name}
          </Link>
        )}
        <PrintLabelsButton
          buttonLabel="Print label"
          className={actionClass}
          fileName={`vault-${vault.name ?? vault.id}`}
          choices={[{ label: vaultTitle(vault), target: { of: 'vaults', vaultIds: [vault.id] } }]}
        />
      </div>
    </section>
  );
}
