import { Link } from 'react-router';
import type { WarehouseSummary } from '../../../../contracts/warehouses';
import { occupancyLevel, type OccupancyLevel } from '../../../../domain/occupancy';
import { editWarehousePath, warehousePath } from '../../../lib/paths';

const levelClass: Record<OccupancyLevel, string> = {
  danger: 'text-red-600',
  warning: 'text-orange-500',
  caution: 'text-yellow-500',
  ok: 'text-green-600',
};

export function WarehouseCard({
  warehouse,
  onDelete,
}: {
  warehouse: WarehouseSummary;
  onDelete: () => void;
}) {
  return (
    <article
      aria-label={warehouse.name}
      className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <Link to={warehousePath(warehouse.slug)} className="flex-1 rounded-lg hover:bg-slate-50">
        <h2 className="text-lg font-semibold">{warehouse.name}</h2>
        <p className={`mt-2 text-4xl font-bold ${levelClass[occupancyLevel(warehouse.occupancy)]}`}>
          {warehouse.occupancy}%
        </p>
        <p className="mt-1 text-sm text-slate-500">
          {warehouse.nonEmptyVaultCount} of {warehouse.warehouseCapacity} spaces used
        </p>
      </Link>
      <div className="mt-4 flex gap-2">
        <Link
          to={editWarehousePath(warehouse.slug)}
          className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50"
        >
          Edit
        </Link>
        <button
          type="button"
          onClick={onDelete}
          className="rounded-lg border border-red-300 px-4 py-2 text-sm font-medium text-red-700 hover:bg-red-50"
        >
          Delete
        </button>
      </div>
    </article>
  );
}
