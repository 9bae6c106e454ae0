import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useState, type FormEvent } from 'react';
import type { Warehouse } from '../../../../contracts/warehouses';
import { columnIndex, compareFieldNames, parseFieldName } from '../../../../domain/field-names';
import { ApiError, errorMessage } from '../../../lib/api';
import {
  useChangeFieldGrid,
  type FieldGridChangeInput,
} from '../../fields/api/use-change-field-grid';

type Edge = FieldGridChangeInput['direction'];
type Operation = FieldGridChangeInput['operation'];

const REMOVE_VAULTS_ALERT = 'Please remove all vaults from the row that you want to delete.';

const what = (edge: Edge) => (edge === 'bottom' ? 'rows at the bottom' : `columns on the ${edge}`);
const dialogTitle = (edge: Edge, operation: Operation) =>
  `${operation === 'plus' ? 'Add' : 'Remove'} ${what(edge)}`;

function EdgeButtons({
  edge,
  onOpen,
}: {
  edge: Edge;
  onOpen: (edge: Edge, operation: Operation) => void;
}) {
  const button =
    'h-10 w-10 rounded-lg border border-slate-300 bg-white text-lg font-bold hover:bg-slate-100';
  return (
    <div
      className={`flex gap-2 ${edge === 'bottom' ? 'flex-row justify-center' : 'flex-col justify-center'}`}
    >
      <button
        type="button"
        aria-label={dialogTitle(edge, 'plus')}
        onClick={() => onOpen(edge, 'plus')}
        className={button}
      >
        +
      </button>
      <button
        type="button"
        aria-label={dialogTitle(edge, 'minus')}
        onClick={() => onOpen(edge, 'minus')}
        className={button}
      >
        −
      </button>
    </div>
  );
}

/** The field-grid preview with add/remove buttons on its left, right and bottom edges. */
export function FieldGridEditor({ warehouse }: { warehouse: Warehouse }) {
  const changeGrid = useChangeFieldGrid(warehouse.slug);
  const [open, setOpen] = useState<{ edge: Edge; operation: Operation } | null>(null);
  const [count, setCount] = useState('1');
  const [error, setError] = useState<string | null>(null);

  const fields = Object.values(warehouse.fields).sort((a, b) => compareFieldNames(a.name, b.name));
  const onOpen = (edge: Edge, operation: Operation) => {
    setOpen({ edge, operation });
    setCount('1');
    setError(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!open) return;
    changeGrid.mutate(
      {
        warehouseId: warehouse.id,
        direction: open.edge,
        operation: open.operation,
        rows: warehouse.rows,
        cols: warehouse.cols,
        count: Number(count),
      },
      {
        onSuccess: () => setOpen(null),
        onError: (e) => {
          if (e instanceof ApiError && e.code === 'FIELD_HAS_VAULTS') {
            setOpen(null);
            window.alert(REMOVE_VAULTS_ALERT);
            return;
          }
          setError(errorMessage(e));
        },
      },
    );
  };

  return (
    <section aria-label="Field grid" className="rounded-2xl bg-white p-4 shadow-sm">
      <h2 className="mb-3 text-lg font-bold">
        Field grid: {warehouse.rows} rows x {warehouse.cols} columns
      </h2>
      <div className="flex items-stretch gap-2 overflow-x-auto">
        <EdgeButtons edge="left" onOpen={onOpen} />
        <div
          role="grid"
          aria-label="Field grid preview"
          className="grid min-h-16 min-w-16 flex-1 gap-0.5 rounded bg-slate-200 p-0.5"
          style={{
            gridTemplateColumns: `repeat(${Math.max(warehouse.cols, 1)}, minmax(2.5rem, 1fr))`,
            gridTemplateRows: `repeat(${Math.max(warehouse.rows, 1)}, auto)`,
          }}
        >
          {fields.map((f) => {
            // As in the vault grid: a couchbox-T cell spans its pair's two rows, the B half is hidden.
            if (f.type === 'couchbox-B') return null;
            const parsed = parseFieldName(f.name);
            return (
              <div
                key={f.id}
                role="gridcell"
                className={`flex min-h-8 items-center justify-center text-xs font-semibold ${
                  Object.keys(f.vaults).length > 0 ? 'bg-field-success' : 'bg-white'
                }`}
                style={
                  parsed
                    ? {
                        gridRow: f.type === 'couchbox-T' ? `${parsed.row} / span 2` : parsed.row,
                        gridColumn: columnIndex(parsed.letters) + 1,
                      }
                    : undefined
                }
              >
                {f.name}
              </div>
            );
          })}
        </div>
        <EdgeButtons edge="right" onOpen={onOpen} />
      </div>
      <div className="mt-2">
        <EdgeButtons edge="bottom" onOpen={onOpen} />
      </div>

      <Dialog open={open !== null} onClose={() => setOpen(null)} className="fixed inset-0 z-50">
        <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
        <div className="fixed inset-0 flex items-center justify-center p-4">
          <DialogPanel className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-xl">
            <DialogTitle className="text-lg font-bold">
              {open && dialogTitle(open.edge, open.operation)}
            </DialogTitle>
            <form onSubmit={onSubmit} className="mt-4 space-y-3">
              <label className="block">
                <span className="text-sm font-medium">Count</span>
                <input
                  required
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  value={count}
                  onChange={(e) => setCount(e.target.value)}
                  className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
                />
              </label>
              {error && (
                <p role="alert" className="rounded bg-red-50 p-2 text-sm text-red-700">
                  {error}
                </p>
              )}
              <div className="flex justify-end gap-3">
                <button
                  type="button"
                  onClick={() => setOpen(null)}
                  className="rounded-lg border border-slate-300 px-4 py-2"
                >
                  Cancel
                </button>
                <button
                  type="submit"
                  disabled={changeGrid.isPending}
                  className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white disabled:opacity-60"
                >
                  Submit
                </button>
              </div>
            </form>
          </DialogPanel>
        </div>
      </Dialog>
    </section>
  );
}
