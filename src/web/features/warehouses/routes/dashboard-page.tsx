import { useState } from 'react';
import { Link } from 'react-router';
import type { WarehouseSummary } from '../../../../contracts/warehouses';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api';
import { useDeleteWarehouse } from '../api/use-delete-warehouse';
import { useWarehouseSummaries } from '../api/use-warehouse-summaries';
import { WarehouseCard } from '../components/warehouse-card';
import { ErrorAlert } from '../../../components/error-alert';
import { SitEndingPanel } from '../../customers/components/sit-ending-panel';
import { addWarehouse } from '../../../../contracts/warehouses';
import { useMayCall } from '../../auth/api/use-session';

export function DashboardPage() {
  const summaries = useWarehouseSummaries();
  const deleteWarehouse = useDeleteWarehouse();
  const [toDelete, setToDelete] = useState<WarehouseSummary | null>(null);
  const mayAdd = useMayCall(addWarehouse);

  return (
    <div className="mx-auto max-w-6xl p-4 sm:p-6">
      <div className="mb-6 flex items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">Warehouses</h1>
        {mayAdd && (
          <Link
            to="/add-warehouse"
            className="rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-900"
          >
            Add Warehouse
          </Link>
        )}
      </div>
      <SitEndingPanel />
      {summaries.isPending && <Spinner label="Loading warehouses" />}
      <ErrorAlert error={summaries.error} />
      {summaries.data?.length === 0 && (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          No warehouses yet. Add your first warehouse to start placing vaults.
        </p>
      )}
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
        {summaries.data?.map((w) => (
          <WarehouseCard key={w.id} warehouse={w} onDelete={() => setToDelete(w)} />
        ))}
      </div>
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Warehouse"
        message={`Are you sure you want to delete ${toDelete?.name ?? ''}? Its fields, vaults and racks are deleted with it.`}
        confirmLabel="Yes, delete it"
        tone="danger"
        isBusy={deleteWarehouse.isPending}
        error={deleteWarehouse.isError ? errorMessage(deleteWarehouse.error) : null}
        onClose={() => {
          deleteWarehouse.reset();
          setToDelete(null);
        }}
        onConfirm={() => {
          if (toDelete) deleteWarehouse.mutate(toDelete.id, { onSuccess: () => setToDelete(null) });
        }}
      />
    </div>
  );
}
