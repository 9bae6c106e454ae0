import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { PresenceNote } from '../../../components/presence-note';
import { PrintLabelsButton } from '../../../components/labels/print-labels-button';
import { Spinner } from '../../../components/spinner';
import { RackView } from '../../racks/components/rack-view';
import { ReleaseOutlookButton } from '../../receiving/components/release-outlook-button';
import { useSearchActions } from '../../../lib/search-context';
import { VaultView } from '../../vaults/components/vault-view';
import { useWarehouse } from '../api/use-warehouse';
import { viewModeFrom } from '../../../lib/view-mode';

export function WarehousePage() {
  const { warehouseName = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const warehouse = useWarehouse(warehouseName);
  const view = viewModeFrom(searchParams);
  const { clear } = useSearchActions();

  // Leaving the page (or switching warehouse) resets the search, as the spec asks.
  useEffect(() => clear, [warehouseName, clear]);

  if (warehouse.isPending) return <Spinner label="Loading warehouse" />;
  if (!warehouse.data) {
    return (
      <NotFound title="Warehouse Not Found">
        <p role="alert" className="mt-2 text-lg text-red-800">
          Warehouse could not be fetched
        </p>
      </NotFound>
    );
  }
  const w = warehouse.data;
  return (
    <div className="mx-auto max-w-screen-2xl p-3 sm:p-6">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2 sm:mb-4 sm:gap-4">
        <h1 className="text-2xl font-bold">{w.name}</h1>
        <PresenceNote warehouseId={w.id} />
        <PrintLabelsButton
          buttonLabel="Print field labels"
          fileName={`fields-${w.slug}`}
          choices={[
            {
              label: `Labels for all ${Object.keys(w.fields).length} fields of ${w.name}`,
              target: { of: 'warehouse-fields', warehouseId: w.id },
            },
          ]}
        />
        <ReleaseOutlookButton warehouseId={w.id} />
        <div
          role="group"
          aria-label="View"
          className="inline-flex rounded-lg border border-slate-300 bg-white p-1"
        >
          {(['vault', 'rack'] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              aria-pressed={view === mode}
              onClick={() =>
                setSearchParams(mode === 'rack' ? { view: 'rack' } : {}, { replace: true })
              }
              className={`min-h-11 rounded-md px-4 py-2 text-sm font-semibold ${
                view === mode ? 'bg-brand-700 text-white' : 'text-slate-700'
              }`}
            >
              {mode === 'vault' ? 'Vault View' : 'Rack View'}
            </button>
          ))}
        </div>
      </div>
      {view === 'vault' ? (
        <VaultView warehouse={w} initialFieldId={Number(searchParams.get('field')) || null} />
      ) : (
        <RackView warehouse={w} />
      )}
    </div>
  );
}
