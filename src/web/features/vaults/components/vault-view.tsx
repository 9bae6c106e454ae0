import type { Warehouse } from '../../../../contracts/warehouses';

export function VaultView({ warehouse }: { warehouse: Warehouse }) {
  const count = Object.keys(warehouse.fields).length;
  return (
    <section aria-label="Vault View" className="rounded-2xl bg-white p-6 shadow-sm">
      <p className="text-slate-600">Select a field to view its info</p>
      {count === 0 && <p>This warehouse does not have any fields</p>}
    </section>
  );
}
