import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  FIELD_CAPACITY_MAX,
  NEW_WAREHOUSE_CAPACITY_MIN,
  WAREHOUSE_NAME_MAX_LENGTH,
} from '../../../../contracts/limits';
import { errorMessage } from '../../../lib/api';
import { useAddWarehouse, type AddWarehouseInput } from '../api/use-add-warehouse';

const inputs: { key: keyof AddWarehouseInput; label: string; type: 'text' | 'int' | 'decimal' }[] =
  [
    { key: 'name', label: 'Name', type: 'text' },
    { key: 'rows', label: 'Field Grid rows', type: 'int' },
    { key: 'cols', label: 'Field Grid columns', type: 'int' },
    { key: 'field_capacity', label: 'Field Capacity', type: 'int' },
    { key: 'length', label: 'Length (feet)', type: 'decimal' },
    { key: 'width', label: 'Width (feet)', type: 'decimal' },
  ];

export function AddWarehousePage() {
  const navigate = useNavigate();
  const addWarehouse = useAddWarehouse();
  const [form, setForm] = useState<AddWarehouseInput>({
    name: '',
    rows: '',
    cols: '',
    field_capacity: '3',
    length: '',
    width: '',
  });

  const width = Number(form.width);
  const length = Number(form.length);
  const hasDimensions = form.width !== '' && form.length !== '' && width > 0 && length > 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    addWarehouse.mutate(form, { onSuccess: () => navigate('/') });
  };

  return (
    <div className="mx-auto max-w-3xl p-4 sm:p-6">
      <h1 className="mb-6 text-2xl font-bold">Add Warehouse</h1>
      <div className="grid gap-6 md:grid-cols-2">
        <form onSubmit={onSubmit} className="space-y-4 rounded-2xl bg-white p-6 shadow-sm">
          {inputs.map((input) => (
            <label key={input.key} className="block">
              <span className="text-sm font-medium">{input.label}</span>
              <input
                required
                type={input.type === 'text' ? 'text' : 'number'}
                inputMode={
                  input.type === 'int'
                    ? 'numeric'
                    : input.type === 'decimal'
                      ? 'decimal'
                      : undefined
                }
                step={input.type === 'decimal' ? 'any' : 1}
                min={
                  input.key === 'field_capacity'
                    ? NEW_WAREHOUSE_CAPACITY_MIN
                    : input.type === 'text'
                      ? undefined
                      : 1
                }
                max={input.key === 'field_capacity' ? FIELD_CAPACITY_MAX : undefined}
                maxLength={input.type === 'text' ? WAREHOUSE_NAME_MAX_LENGTH : undefined}
                value={form[input.key]}
                onChange={(e) => setForm({ ...form, [input.key]: e.target.value })}
                className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
              />
            </label>
          ))}
          {addWarehouse.isError && (
            <ul role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
              {(addWarehouse.error instanceof Error && 'errors' in addWarehouse.error
                ? (addWarehouse.error.errors as string[])
                : [errorMessage(addWarehouse.error)]
              ).map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          )}
          <button
            type="submit"
            disabled={addWarehouse.isPending}
            className="w-full rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
          >
            {addWarehouse.isPending ? 'Adding...' : 'Add Warehouse'}
          </button>
        </form>
        <section
          aria-label="Preview"
          className="flex items-center justify-center rounded-2xl bg-white p-6 shadow-sm"
        >
          {hasDimensions ? (
            <div
              className="flex items-center justify-center border-4 border-brand-700 bg-brand-50 font-semibold text-brand-900"
              style={{
                aspectRatio: `${width} / ${length}`,
                width: width >= length ? '100%' : `${(width / length) * 100}%`,
                maxHeight: '20rem',
              }}
            >
              {form.width} x {form.length} ft
            </div>
          ) : (
            <p className="text-slate-500">Enter dimensions</p>
          )}
        </section>
      </div>
    </div>
  );
}
