import type { Warehouse } from '../../../../contracts/warehouses';

export function RackView({ warehouse }: { warehouse: Warehouse }) {
  return (
    <section aria-label="Rack View" className="rounded-2xl bg-white p-6 shadow-sm">
      <p className="text-slate-600">Select a rack to view its info</p>
      <p className="text-sm text-slate-500">{warehouse.racks.length} racks</p>
    </section>
  );
}
