import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useEffect, useState } from 'react';
import type { Field } from '../../../../contracts/fields';
import type { Vault } from '../../../../contracts/vaults';
import { fieldBelowName } from '../../../../domain/slots';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api';
import { useChangedUnder } from '../../../lib/live-updates';
import { useMoveVault } from '../../vaults/api/use-update-vault';
import { FieldSlots, vaultDisplayName } from '../../vaults/components/field-slots';
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
  const name = vaultDisplayName(vault);
  const vaultChanged = useChangedUnder('vault', vault.id);

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
    <Dialog open onClose={onClose} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center overflow-y-auto p-4">
        <DialogPanel className="w-full max-w-4xl rounded-2xl bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-bold">
            Move Vault {name} into {w?.name ?? '...'}
          </DialogTitle>
          {movedTo !== null ? (
            <p role="status" className="mt-4 rounded bg-green-50 p-3 font-semibold text-green-800">
              Vault {name} moved to {movedTo}
            </p>
          ) : (
            <>
              <label className="mt-4 block">
                Warehouse
                <select
                  className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
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
                <div className="mt-4 grid gap-4 md:grid-cols-[1fr_18rem]">
                  <VaultFieldGrid
                    warehouse={w}
                    selectedFieldId={fieldId}
                    onSelect={(f) => setFieldId(f.id)}
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
                            className="rounded-lg border border-slate-300 px-3 py-1 text-sm disabled:opacity-50"
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
              {move.isError && (
                <p role="alert" className="mt-3 rounded bg-red-50 p-2 text-sm text-red-700">
                  {errorMessage(move.error)}
                </p>
              )}
              <div className="mt-4 flex justify-end">
                <button
                  type="button"
                  onClick={onClose}
                  className="rounded-lg border border-slate-300 px-4 py-2"
                >
                  Close
                </button>
              </div>
            </>
          )}
          <ConfirmDialog
            open={position !== null}
            title="Confirm Add Vault"
            message={`${changedWarning(vaultChanged, name, field, position)}Are you sure you want to add a vault at position ${position ?? ''}?`}
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
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/** What changed under the confirmation while it was open (live updates), said before it. */
function changedWarning(
  vaultChanged: boolean,
  name: string,
  field: Field | null,
  position: number | null,
): string {
  if (vaultChanged) return `Vault ${name} was just changed by someone else. `;
  if (field && Object.values(field.vaults).some((v) => v.position === position)) {
    return `Position ${position ?? ''} of field ${field.name} was just taken by someone else. `;
  }
  return '';
}
