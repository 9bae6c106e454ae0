import { useEffect, useState } from 'react';
import type { Field } from '../../../../contracts/fields';
import type { Vault } from '../../../../contracts/vaults';
import { fieldBelowName } from '../../../../domain/slots';
import { vaultLabel } from '../../../../domain/vault-number';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ModalDialog } from '../../../components/dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { useChangedUnder } from '../../../lib/live-updates';
import { Spinner } from '../../../components/spinner';
import { useMoveVault } from '../../vaults/api/use-update-vault';
import { FieldSlots } from '../../vaults/components/field-slots';
import { VaultFieldGrid } from '../../vaults/components/vault-field-grid';
import { useWarehouse } from '../../warehouses/api/use-warehouse';
import { useWarehouseSummaries } from '../../warehouses/api/use-warehouse-summaries';

const SUCCESS_MS = 2000;

/** Move a staged vault: warehouse, then field, then its lowest free position. */
export function MoveVaultDialog({ vault, onClose }: { vault: Vault; onClose: () => void }) {
  const summaries = useWarehouseSummaries();
  const [slug, setSlug] = useState('');
  const warehouse = useWarehouse(slug);
  const [fieldId, setFieldId] = useState<number | null>(null);
  const [position, setPosition] = useState<number | null>(null);
  const [movedTo, setMovedTo] = useState<string | null>(null);
  const move = useMoveVault();
  const vaultChanged = useChangedUnder('vault', vault.id);
  const name = vaultLabel(vault);

  useEffect(() => {
    if (movedTo === null) return;
    const timer = setTimeout(onClose, SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [movedTo, onClose]);

  const w = slug ? warehouse.data : undefined;
  const field: Field | null = w && fieldId ? (w.fields[fieldId] ?? null) : null;
  const next =
    w && field
      ? Object.values(w.fields).find((f) => f.name === fieldBelowName(field.name))
      : undefined;

  return (
    <ModalDialog title={`Move ${name} into ${w?.name ?? '...'}`} width="xl" onClose={onClose}>
      {movedTo !== null ? (
        <p role="status" className="mt-4 rounded bg-green-50 p-3 font-semibold text-green-800">
          {name} moved to {movedTo}
        </p>
      ) : (
        <>
          <label className="mt-4 block">
            Warehouse
            <select
              data-autofocus
              className="mt-1 min-h-11 w-full rounded-lg border border-slate-400 px-3 py-2"
              value={slug}
              onChange={(e) => {
                setSlug(e.target.value);
                setFieldId(null);
              }}
            >
              <option value="">Choose a warehouse</option>
              {summaries.data?.map((s) => (
                <option key={s.id} value={s.slug}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
          {summaries.data?.length === 0 && (
            <p className="mt-2 text-slate-600">No warehouses found!</p>
          )}
          {slug && !w && <Spinner label="Loading warehouse" />}
          {w && (
            <div className="mt-4 grid gap-4 md:grid-cols-[minmax(0,1fr)_18rem]">
              <VaultFieldGrid
                warehouse={w}
                selectedFieldId={fieldId}
                onSelect={(f) => setFieldId(f.id)}
                cellPx={44}
                scrollerClassName="max-h-[40dvh] md:max-h-[60dvh]"
              />
              <div>
                {field ? (
                  <>
                    <div className="mb-2 flex items-center justify-between">
                      <h3 className="font-bold">Field {field.name}</h3>
                      <button
                        type="button"
                        disabled={!next}
                        onClick={() => next && setFieldId(next.id)}
                        className="min-h-11 rounded-lg border border-slate-400 px-3 py-1 text-sm disabled:text-slate-500"
                      >
                        Next field
                      </button>
                    </div>
                    <FieldSlots warehouse={w} field={field} onChooseSlot={setPosition} />
                  </>
                ) : (
                  <p className="text-slate-600">Select a field to view its info</p>
                )}
              </div>
            </div>
          )}
          <ErrorAlert error={move.error} className="mt-3" />
          <div className="mt-4 flex justify-end">
            <button
              type="button"
              onClick={onClose}
              className="min-h-11 rounded-lg border border-slate-400 px-4 py-2"
            >
              Close
            </button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={position !== null}
        title="Confirm Add Vault"
        message={`Are you sure you want to add a vault at position ${position ?? ''}?`}
        warning={move.isPending ? null : changedWarning(vaultChanged, name, field, position)}
        confirmLabel="Yes, add it"
        isBusy={move.isPending}
        onClose={() => setPosition(null)}
        onConfirm={() => {
          if (!field || position === null || !w) return;
          move.mutate(
            { vaultId: vault.id, fieldId: field.id, position },
            {
              onSuccess: () => setMovedTo(w.name),
              onSettled: () => setPosition(null),
            },
          );
        }}
      />
    </ModalDialog>
  );
}

/** What changed under the confirmation while it was open (live updates), said before it. */
function changedWarning(
  vaultChanged: boolean,
  name: string,
  field: Field | null,
  position: number | null,
): string | null {
  if (vaultChanged) return `Vault ${name} was just changed by someone else.`;
  if (field && Object.values(field.vaults).some((v) => v.position === position)) {
    return `Position ${position ?? ''} of field ${field.name} was just taken by someone else.`;
  }
  return null;
}
