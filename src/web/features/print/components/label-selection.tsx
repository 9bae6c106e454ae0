import { useId, useMemo, useState } from 'react';
import { LABELS_PER_PDF_MAX } from '../../../../contracts/labels';
import { STAGED_FIELD_NAME, type PrintVault } from '../../../../contracts/print';
import { PrintLabelsButton } from '../../../components/labels/print-labels-button';

const ALL = '';

/** Print Studio's label selection: a warehouse (or the stage) and a customer or number filter. */
export function LabelSelection({ vaults }: { vaults: PrintVault[] }) {
  const id = useId();
  const [warehouse, setWarehouse] = useState(ALL);
  const [text, setText] = useState('');
  const warehouses = useMemo(
    () => [...new Set(vaults.map((v) => v.warehouse_name).filter(Boolean))],
    [vaults],
  );
  const selected = useMemo(() => {
    const needle = text.trim().toLowerCase();
    return vaults.filter(
      (v) =>
        (warehouse === ALL ||
          (warehouse === STAGED_FIELD_NAME
            ? v.field_name === STAGED_FIELD_NAME
            : v.warehouse_name === warehouse && v.field_name !== STAGED_FIELD_NAME)) &&
        (!needle ||
          v.customer_name.toLowerCase().includes(needle) ||
          (v.name ?? '').toLowerCase().includes(needle)),
    );
  }, [vaults, warehouse, text]);
  const tooMany = selected.length > LABELS_PER_PDF_MAX;

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="no-print mb-4 flex flex-wrap items-end gap-3 rounded-2xl bg-white p-4 shadow-sm"
    >
      <h2 id={`${id}-title`} className="w-full text-lg font-bold">
        Labels
      </h2>
      <label className="flex flex-col text-sm font-semibold">
        Warehouse
        <select
          value={warehouse}
          onChange={(e) => setWarehouse(e.target.value)}
          className="mt-1 min-h-11 rounded-lg border border-slate-300 px-3 font-normal"
        >
          <option value={ALL}>All warehouses</option>
          {warehouses.map((w) => (
            <option key={w} value={w}>
              {w}
            </option>
          ))}
          <option value={STAGED_FIELD_NAME}>Stage</option>
        </select>
      </label>
      <label className="flex flex-col text-sm font-semibold">
        Customer or vault number
        <input
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="mt-1 min-h-11 rounded-lg border border-slate-300 px-3 font-normal"
        />
      </label>
      <p className="min-h-11 flex-1 content-center text-sm text-slate-700" role="status">
        {tooMany
          ? `${selected.length.toLocaleString()} vaults: narrow the selection to ${LABELS_PER_PDF_MAX.toLocaleString()} or fewer.`
          : `${selected.length.toLocaleString()} vaults selected`}
      </p>
      {selected.length > 0 && !tooMany && (
        <PrintLabelsButton
          buttonLabel="Print labels for the selection"
          fileName="vault-labels"
          choices={[
            {
              label: `Labels for the ${selected.length.toLocaleString()} vaults selected`,
              target: { of: 'vaults', vaultIds: selected.map((v) => v.id) },
            },
          ]}
        />
      )}
    </section>
  );
}
