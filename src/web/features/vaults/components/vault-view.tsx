import { useMemo, useState } from 'react';
import type { Field } from '../../../../contracts/fields';
import type { Vault } from '../../../../contracts/vaults';
import type { Warehouse } from '../../../../contracts/warehouses';
import { fieldBelowName, vaultMatchesSearch } from '../../../../domain/slots';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PrintLabelsButton } from '../../../components/labels/print-labels-button';
import { errorMessage } from '../../../lib/api';
import { useSetFieldFull, useToggleFieldType } from '../../fields/api/use-field-controls';
import { useWarehouseSearch } from '../../../lib/search-context';
import { useStageVault } from '../../stage/api/use-stage';
import { FieldSlots, vaultDisplayName } from './field-slots';
import { NewVaultDialog } from './new-vault-dialog';
import { VaultFieldGrid } from './vault-field-grid';

function FieldControls({ warehouse, field }: { warehouse: Warehouse; field: Field }) {
  const setFull = useSetFieldFull();
  const toggleType = useToggleFieldType();
  const below =
    Object.values(warehouse.fields).find((f) => f.name === fieldBelowName(field.name)) ?? null;
  const isCouchbox = field.type === 'couchbox-T';
  const holdsVaults =
    Object.keys(field.vaults).length > 0 ||
    (below !== null && Object.keys(below.vaults).length > 0);
  const error = setFull.error ?? toggleType.error;
  return (
    <div className="mt-4 flex flex-wrap gap-2">
      <button
        type="button"
        aria-pressed={field.full}
        disabled={setFull.isPending}
        onClick={() => setFull.mutate({ id: field.id, full: !field.full })}
        className={`rounded-lg px-4 py-2 text-sm font-semibold ${field.full ? 'bg-field-full text-slate-900' : 'border border-slate-300'}`}
      >
        {field.full ? 'Field is Full' : 'Field is Not Full'}
      </button>
      <button
        type="button"
        disabled={holdsVaults || toggleType.isPending}
        title={holdsVaults ? 'Empty the field before changing its type' : undefined}
        onClick={() =>
          toggleType.mutate({
            id: field.id,
            type: isCouchbox ? 'vault' : 'couchbox',
            field2: below?.name ?? null,
            warehouseId: warehouse.id,
          })
        }
        className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold disabled:opacity-50"
      >
        {isCouchbox ? 'Make vault field' : 'Make couchbox'}
      </button>
      {error && (
        <p role="alert" className="w-full text-sm text-red-700">
          {errorMessage(error)}
        </p>
      )}
    </div>
  );
}

/** `initialFieldId`: the field a link opens with (a scanned label's "Open field"). */
export function VaultView({
  warehouse,
  initialFieldId = null,
}: {
  warehouse: Warehouse;
  initialFieldId?: number | null;
}) {
  const [selectedId, setSelectedId] = useState<number | null>(initialFieldId);
  const [confirmPosition, setConfirmPosition] = useState<number | null>(null);
  const [formPosition, setFormPosition] = useState<number | null>(null);
  const [toStage, setToStage] = useState<Vault | null>(null);
  const stage = useStageVault();
  const { selection } = useWarehouseSearch();

  const selected = selectedId ? (warehouse.fields[selectedId] ?? null) : null;
  const matches = useMemo(() => {
    const kind = selection?.kind;
    if (!selection || kind === undefined || kind === 'pallet') return null;
    const ids = new Set<number>();
    for (const field of Object.values(warehouse.fields)) {
      if (Object.values(field.vaults).some((v) => vaultMatchesSearch(v, kind, selection.value))) {
        ids.add(field.id);
      }
    }
    return ids;
  }, [warehouse, selection]);

  return (
    <section aria-label="Vault View" className="grid gap-4 lg:grid-cols-[1fr_22rem]">
      <div className="rounded-2xl bg-white p-4 shadow-sm">
        <VaultFieldGrid
          warehouse={warehouse}
          selectedFieldId={selectedId}
          onSelect={(f) => setSelectedId(f.id)}
          matches={matches}
        />
      </div>
      <aside aria-label="Selected field" className="rounded-2xl bg-white p-4 shadow-sm">
        {selected ? (
          <>
            <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
              <h2 className="text-xl font-bold">Field {selected.name}</h2>
              <PrintLabelsButton
                fileName={`field-${selected.name}`}
                choices={[
                  {
                    label: `Label for field ${selected.name}`,
                    target: { of: 'fields', fieldIds: [selected.id] },
                  },
                  {
                    label: `Labels for the vaults in ${selected.name}`,
                    target: { of: 'field-vaults', fieldId: selected.id },
                  },
                ]}
              />
            </div>
            <FieldSlots
              warehouse={warehouse}
              field={selected}
              onChooseSlot={setConfirmPosition}
              onStage={(v) => {
                stage.reset();
                setToStage(v);
              }}
            />
            <FieldControls warehouse={warehouse} field={selected} />
          </>
        ) : (
          <p className="text-slate-600">Select a field to view its info</p>
        )}
      </aside>
      <ConfirmDialog
        open={confirmPosition !== null}
        title="Confirm Add Vault"
        message={`Are you sure you want to add a vault at position ${confirmPosition ?? ''}?`}
        confirmLabel="Yes, add it"
        onClose={() => setConfirmPosition(null)}
        onConfirm={() => {
          setFormPosition(confirmPosition);
          setConfirmPosition(null);
        }}
      />
      {selected && formPosition !== null && (
        <NewVaultDialog
          field={selected}
          position={formPosition}
          onClose={() => setFormPosition(null)}
        />
      )}
      <ConfirmDialog
        open={toStage !== null}
        title="Stage Vault"
        message={`Are you sure you want to stage vault ${toStage ? vaultDisplayName(toStage) : ''}?`}
        confirmLabel="Yes, stage it"
        isBusy={stage.isPending}
        error={stage.isError ? errorMessage(stage.error) : null}
        onClose={() => setToStage(null)}
        onConfirm={() => {
          if (toStage) stage.mutate(toStage.id, { onSuccess: () => setToStage(null) });
        }}
      />
    </section>
  );
}
