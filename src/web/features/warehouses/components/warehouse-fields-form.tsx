import { useEffect, useState, type FormEvent } from 'react';
import { FIELD_CAPACITY_MAX, FIELD_CAPACITY_MIN } from '../../../../contracts/limits';
import type { Warehouse } from '../../../../contracts/warehouses';
import { listInSentence } from '../../../../domain/field-grid';
import { errorMessage } from '../../../lib/api';
import { useEditDimensions } from '../api/use-edit-dimensions';
import { ErrorAlert } from '../../../components/error-alert';

const TOAST_MS = 2500;
const inputClass = 'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2';

/** A floor dimension: any number of feet from 0, decimals allowed. */
function FeetInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="block">
      <span className="text-sm font-medium">{label}</span>
      <input
        required
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={inputClass}
      />
    </label>
  );
}

/** 'Edit Warehouse Fields': capacity 0 to 10, length and width at least 0. */
export function WarehouseFieldsForm({ warehouse }: { warehouse: Warehouse }) {
  const editDimensions = useEditDimensions(warehouse.slug, warehouse.id);
  const [form, setForm] = useState({
    field_capacity: String(warehouse.fieldCapacity),
    length: String(warehouse.length),
    width: String(warehouse.width),
  });
  const [toast, setToast] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const changed = [
      Number(form.field_capacity) !== warehouse.fieldCapacity && 'Capacity',
      Number(form.length) !== warehouse.length && 'Length',
      Number(form.width) !== warehouse.width && 'Width',
    ].filter((item): item is string => typeof item === 'string');
    if (changed.length === 0) return;
    editDimensions.mutate(form, {
      onSuccess: () => setToast(`${listInSentence(changed)} updated successfully!`),
      onError: (e) => setError(errorMessage(e)),
    });
  };

  return (
    <form
      onSubmit={onSubmit}
      aria-label="Edit Warehouse Fields"
      className="space-y-3 rounded-2xl bg-white p-4 shadow-sm"
    >
      <h2 className="text-lg font-bold">Edit Warehouse Fields</h2>
      <div className="grid gap-3 sm:grid-cols-3">
        <label className="block">
          <span className="text-sm font-medium">Field Capacity</span>
          <input
            required
            type="number"
            inputMode="numeric"
            min={FIELD_CAPACITY_MIN}
            max={FIELD_CAPACITY_MAX}
            step={1}
            value={form.field_capacity}
            onChange={(e) => setForm({ ...form, field_capacity: e.target.value })}
            className={inputClass}
          />
        </label>
        <FeetInput
          label="Length (feet)"
          value={form.length}
          onChange={(length) => setForm({ ...form, length })}
        />
        <FeetInput
          label="Width (feet)"
          value={form.width}
          onChange={(width) => setForm({ ...form, width })}
        />
      </div>
      <ErrorAlert message={error} />
      {toast && (
        <p role="status" className="rounded bg-green-50 p-2 text-sm text-green-800">
          {toast}
        </p>
      )}
      <button
        type="submit"
        disabled={editDimensions.isPending}
        className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white disabled:opacity-60"
      >
        Submit
      </button>
    </form>
  );
}
