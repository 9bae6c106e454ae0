import { useState, type FormEvent } from 'react';
import {
  IMPORT_COLUMNS,
  importColumnGroups,
  importColumns,
  type ImportColumn,
  type ImportJob,
  type ImportMapping,
  type ImportOptionsInput,
  type NewWarehouseSpec,
} from '../../../../contracts/imports';
import {
  DEFAULT_FIELD_CAPACITY,
  FIELD_CAPACITY_MAX,
  GRID_DIMENSION_MAX,
  NEW_WAREHOUSE_CAPACITY_MIN,
} from '../../../../contracts/limits';
import { errorMessage } from '../../../lib/api';
import { usePreviewImport, useStartImport } from '../api/use-imports';
import { PreviewTable } from './preview-table';

const inputClass = 'mt-1 block min-h-11 w-full rounded-lg border border-slate-300 px-3 py-2';
const buttonClass =
  'min-h-11 rounded-lg px-4 py-2 font-semibold disabled:opacity-60 focus-visible:outline-2';

function NumberInput(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
}) {
  return (
    <label className="block text-sm">
      <span className="font-medium">{props.label}</span>
      <input
        type="number"
        required
        min={props.min}
        max={props.max}
        value={props.value}
        onChange={(e) => props.onChange(Number(e.target.value))}
        className={inputClass}
      />
    </label>
  );
}

/** Map the file's columns to ours, choose the options, see the preview, then start. */
export function MappingStep({ job }: { job: ImportJob }) {
  const [mapping, setMapping] = useState<ImportMapping>(job.suggested_mapping);
  const [createMissing, setCreateMissing] = useState(false);
  const [importValid, setImportValid] = useState(false);
  const [specs, setSpecs] = useState<Record<string, NewWarehouseSpec>>({});
  // Kept across edits, so the new-warehouse boxes stay while their sizes change.
  const [missing, setMissing] = useState<string[]>([]);
  // The options the shown preview was counted with: Start sends these and nothing else.
  const [previewed, setPreviewed] = useState<ImportOptionsInput | null>(null);
  const preview = usePreviewImport(job.id);

  const specFor = (name: string): NewWarehouseSpec =>
    specs[name] ?? { name, rows: 10, cols: 10, field_capacity: DEFAULT_FIELD_CAPACITY };
  const options = (): ImportOptionsInput => ({
    mapping,
    create_missing_warehouses: createMissing,
    new_warehouses: createMissing ? missing.map(specFor) : [],
    import_valid_rows: importValid,
  });
  // Whether to import the valid rows does not change the counts, so it is not part of the plan.
  const planOf = (o: ImportOptionsInput) => JSON.stringify({ ...o, import_valid_rows: false });
  const start = useStartImport(job.id, () => ({
    ...(previewed ?? options()),
    import_valid_rows: importValid,
  }));

  const runPreview = (sent: ImportOptionsInput) => {
    setPreviewed(null);
    preview.mutate(sent, {
      onSuccess: (result) => {
        setMissing(result.missing_warehouses);
        const given = new Map((sent.new_warehouses ?? []).map((w) => [w.name, w]));
        const unsized = result.missing_warehouses.filter((name) => !given.has(name));
        if (sent.create_missing_warehouses && unsized.length > 0) {
          // Only a preview names the new warehouses; counting again with the sizes their
          // boxes now show makes the counts those of the plan Start would run.
          runPreview({ ...sent, new_warehouses: result.missing_warehouses.map(specFor) });
          return;
        }
        setPreviewed({
          ...sent,
          new_warehouses: sent.create_missing_warehouses
            ? result.missing_warehouses.flatMap((name) => given.get(name) ?? [])
            : [],
        });
      },
    });
  };

  const setColumn = (column: ImportColumn, value: string) => {
    setMapping((m) => ({ ...m, [column]: value === '' ? null : Number(value) }));
    preview.reset();
  };
  const onPreview = (event: FormEvent) => {
    event.preventDefault();
    runPreview(options());
  };
  const refused = preview.data?.counts.refused ?? 0;
  const isPreviewCurrent =
    preview.isSuccess && previewed !== null && planOf(previewed) === planOf(options());
  const canStart = isPreviewCurrent && (refused === 0 || importValid);

  return (
    <form onSubmit={onPreview} className="space-y-6">
      <section
        aria-labelledby="mapping-heading"
        className="rounded-2xl bg-white p-4 shadow-sm sm:p-6"
      >
        <h2 id="mapping-heading" className="mb-1 text-lg font-semibold">
          Match the columns
        </h2>
        <p className="mb-4 text-sm text-slate-600">
          {job.file_name}: {job.row_count.toLocaleString('en-US')} rows. The vault number is the
          key: a vault already stored under it is updated or moved, not added twice.
        </p>
        {job.encoding_note && (
          <p role="status" className="mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            {job.encoding_note}
          </p>
        )}
        {importColumnGroups.map((group) => (
          <fieldset key={group} className="mt-4 first-of-type:mt-0">
            <legend className="mb-2 font-semibold text-slate-700">{group}</legend>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {importColumns
                .filter((column) => IMPORT_COLUMNS[column].group === group)
                .map((column) => (
                  <label key={column} className="block text-sm">
                    <span className="font-medium">{IMPORT_COLUMNS[column].label}</span>
                    <select
                      value={mapping[column] ?? ''}
                      onChange={(e) => setColumn(column, e.target.value)}
                      className={inputClass}
                    >
                      <option value="">Not in the file</option>
                      {job.headers.map((header, index) => (
                        <option key={`${header}-${index}`} value={index}>
                          {header || `Column ${index + 1}`}
                        </option>
                      ))}
                    </select>
                  </label>
                ))}
            </div>
          </fieldset>
        ))}
      </section>

      <section
        aria-labelledby="options-heading"
        className="rounded-2xl bg-white p-4 shadow-sm sm:p-6"
      >
        <h2 id="options-heading" className="mb-3 text-lg font-semibold">
          Options
        </h2>
        <label className="flex min-h-11 items-center gap-3">
          <input
            type="checkbox"
            checked={importValid}
            onChange={(e) => setImportValid(e.target.checked)}
            className="size-5"
          />
          <span>Import the valid rows (otherwise one refused row stops the whole import)</span>
        </label>
        <label className="flex min-h-11 items-center gap-3">
          <input
            type="checkbox"
            checked={createMissing}
            onChange={(e) => {
              setCreateMissing(e.target.checked);
              preview.reset();
            }}
            className="size-5"
          />
          <span>Create missing warehouses and fields</span>
        </label>
        {createMissing &&
          missing.map((name) => {
            const spec = specFor(name);
            const update = (change: Partial<NewWarehouseSpec>) => {
              setSpecs((all) => ({ ...all, [name]: { ...spec, ...change } }));
              preview.reset();
            };
            return (
              <fieldset key={name} className="mt-3 rounded-lg border border-slate-200 p-3">
                <legend className="px-1 font-medium">New warehouse {name}</legend>
                <div className="grid grid-cols-3 gap-3">
                  <NumberInput
                    label="Rows"
                    value={spec.rows}
                    min={1}
                    max={GRID_DIMENSION_MAX}
                    onChange={(rows) => update({ rows })}
                  />
                  <NumberInput
                    label="Columns"
                    value={spec.cols}
                    min={1}
                    max={GRID_DIMENSION_MAX}
                    onChange={(cols) => update({ cols })}
                  />
                  <NumberInput
                    label="Capacity"
                    value={spec.field_capacity}
                    min={NEW_WAREHOUSE_CAPACITY_MIN}
                    max={FIELD_CAPACITY_MAX}
                    onChange={(field_capacity) => update({ field_capacity })}
                  />
                </div>
              </fieldset>
            );
          })}
        <div className="mt-4 flex flex-wrap gap-3">
          <button
            type="submit"
            disabled={preview.isPending}
            className={`${buttonClass} bg-brand-700 text-white`}
          >
            {preview.isPending ? 'Checking...' : 'Preview'}
          </button>
          <button
            type="button"
            disabled={!canStart || start.isPending}
            onClick={() => start.mutate()}
            className={`${buttonClass} border border-brand-700 text-brand-900`}
          >
            {start.isPending ? 'Starting...' : 'Start import'}
          </button>
        </div>
        {preview.isError && (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {errorMessage(preview.error)}
          </p>
        )}
        {start.isError && (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {errorMessage(start.error)}
          </p>
        )}
        {isPreviewCurrent && refused > 0 && !importValid && (
          <p className="mt-3 text-sm text-amber-900">
            Fix the refused rows, or tick "Import the valid rows" to import the others.
          </p>
        )}
      </section>

      {preview.data && isPreviewCurrent && (
        <PreviewTable jobId={job.id} preview={preview.data} isCreatingMissing={createMissing} />
      )}
    </form>
  );
}
