import { Link } from 'react-router';
import type { WarehouseSummary } from '../../../../contracts/warehouses';
import { occupancyLevel, type OccupancyLevel } from '../../../../domain/occupancy';
import { editWarehousePath, warehousePath } from '../../../lib/paths';

const levelClass: Record<OccupancyLevel, string> = {
  // Darker than the level's usual colour so the figure reads at WCAG AA on white.
  danger: 'text-red-700',
  warning: 'text-orange-700',
  caution: 'text-amber-700',
  ok: 'text-green-700',
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
        <p className="mt-1 text-sm text-slate-700">
          {warehouse.nonEmptyVaultCount} of {warehouse.warehouseCapacity} spaces used
        </p>
      </Link>
      <div className="mt-4 flex gap-2">
        <Link
          to={editWarehousePath(warehouse.slug)}
          className="inline-flex min-h-11 items-center rounded-lg border border-slate-400 px-4 py-2 text-sm font-medium hover:bg-slate-50"
        >
          Edit
        </Link>
        <button
          type="button"
          onClick={onDelete}
          className="min-h-11 rounded-lg border border-red-400 px-4 py-2 text-sm font-medium text-red-700 hover:bg-red-50"
        >
          Delete
        </button>
      </div>
    </article>
  );
}
