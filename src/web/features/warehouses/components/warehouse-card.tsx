import { Link } from 'react-router';
import type { WarehouseSummary } from '../../../../contracts/warehouses';
import { occupancyLevel, type OccupancyLevel } from '../../../../domain/occupancy';
import { editWarehousePath, warehousePath } from '../../../lib/paths';
import { deleteWarehouse } from '../../../../contracts/warehouses';
import { editDimensions } from '../../../../contracts/warehouse-layout';
import { useMayCall } from '../../auth/api/use-session';

/**
 * The spec's four colours made four that tell apart at a glance, each with a word and a bar
 * as its second cue (decision 0471). Dark text on the light three, white on red: each meets
 * WCAG AA.
 */
const levels: Record<OccupancyLevel, { word: string; badge: string; bar: string }> = {
  danger: { word: 'Nearly full', badge: 'bg-red-600 text-white', bar: 'bg-red-600' },
  warning: { word: 'Getting full', badge: 'bg-orange-500 text-slate-950', bar: 'bg-orange-500' },
  caution: { word: 'Filling up', badge: 'bg-yellow-300 text-slate-950', bar: 'bg-yellow-300' },
  ok: { word: 'Plenty of room', badge: 'bg-green-500 text-slate-950', bar: 'bg-green-500' },
};

export function WarehouseCard({
  warehouse,
  onDelete,
}: {
  warehouse: WarehouseSummary;
  onDelete: () => void;
}) {
  const level = levels[occupancyLevel(warehouse.occupancy)];
  const mayEdit = useMayCall(editDimensions);
  const mayDelete = useMayCall(deleteWarehouse);
  return (
    <article
      aria-label={warehouse.name}
      className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <Link to={warehousePath(warehouse.slug)} className="flex-1 rounded-lg hover:bg-slate-50">
        <h2 className="text-lg font-semibold">{warehouse.name}</h2>
        <p className="mt-2 flex flex-wrap items-center gap-3">
          <span className="text-4xl font-bold text-slate-900">{warehouse.occupancy}%</span>
          <span
            data-testid="occupancy-level"
            className={`rounded-full px-3 py-1 text-sm font-semibold ${level.badge}`}
          >
            {level.word}
          </span>
        </p>
        <div aria-hidden="true" className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200">
          <div
            className={`h-full rounded-full ${level.bar}`}
            style={{ width: `${Math.min(100, warehouse.occupancy)}%` }}
          />
        </div>
        <p className="mt-1 text-sm text-slate-700">
          {warehouse.nonEmptyVaultCount} of {warehouse.warehouseCapacity} spaces used
        </p>
      </Link>
      {(mayEdit || mayDelete) && (
        <div className="mt-4 flex gap-2">
          {mayEdit && (
            <Link
              to={editWarehousePath(warehouse.slug)}
              className="inline-flex min-h-11 items-center rounded-lg border border-slate-400 px-4 py-2 text-sm font-medium hover:bg-slate-50"
            >
              Edit
            </Link>
          )}
          {mayDelete && (
            <button
              type="button"
              onClick={onDelete}
              className="min-h-11 rounded-lg border border-red-400 px-4 py-2 text-sm font-medium text-red-700 hover:bg-red-50"
            >
              Delete
            </button>
          )}
        </div>
      )}
    </article>
  );
}
