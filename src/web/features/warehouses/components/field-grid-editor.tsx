import { Minus, Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { Field } from '../../../../contracts/fields';
import type { Warehouse } from '../../../../contracts/warehouses';
import { columnIndex, compareFieldNames, parseFieldName } from '../../../../domain/field-names';
import { ModalDialog } from '../../../components/dialog';
import { DialogActions } from '../../../components/dialog-actions';
import { ErrorAlert } from '../../../components/error-alert';
import { TextField } from '../../../components/text-field';
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
    'inline-flex h-11 w-11 items-center justify-center rounded-lg border border-slate-400 bg-white hover:bg-slate-100';
  return (
    <div
      className={`flex shrink-0 gap-2 ${edge === 'bottom' ? 'flex-row justify-center' : 'flex-col justify-center'}`}
    >
      <button
        type="button"
        aria-label={dialogTitle(edge, 'plus')}
        onClick={() => onOpen(edge, 'plus')}
        className={button}
      >
        <Plus aria-hidden="true" className="h-5 w-5" />
      </button>
      <button
        type="button"
        aria-label={dialogTitle(edge, 'minus')}
        onClick={() => onOpen(edge, 'minus')}
        className={button}
      >
        <Minus aria-hidden="true" className="h-5 w-5" />
      </button>
    </div>
  );
}

/**
 * Fields by grid row, in name order. As in the vault grid, a couchbox-T cell spans its pair's
 * two rows and the B half is left out.
 */
function rowsOf(fields: readonly Field[]): [number, Field[]][] {
  const rows = new Map<number, Field[]>();
  for (const f of fields) {
    if (f.type === 'couchbox-B') continue;
    const row = parseFieldName(f.name)?.row ?? 0;
    rows.set(row, [...(rows.get(row) ?? []), f]);
  }
  return [...rows.entries()].sort((a, b) => a[0] - b[0]);
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
      {/* The edge buttons stay outside the grid's own scroll area, so they never cover it. */}
      <div className="flex items-stretch gap-2">
        <EdgeButtons edge="left" onOpen={onOpen} />
        <div
          // Focusable so a keyboard can scroll a grid wider than the screen.
          tabIndex={0}
          role="region"
          aria-label="Field grid preview area"
          className="max-h-[60vh] min-w-0 flex-1 overflow-auto"
        >
          <div
            role="grid"
            aria-label="Field grid preview"
            className="grid min-h-16 w-max min-w-full gap-0.5 rounded bg-slate-200 p-0.5"
            style={{
              gridTemplateColumns: `repeat(${Math.max(warehouse.cols, 1)}, minmax(2.5rem, 1fr))`,
              gridTemplateRows: `repeat(${Math.max(warehouse.rows, 1)}, auto)`,
            }}
          >
            {rowsOf(fields).map(([row, cells]) => (
              // Rows for assistive technology only: `contents` keeps one CSS grid for the spans.
              <div key={row} role="row" className="contents">
                {cells.map((f) => {
                  const parsed = parseFieldName(f.name);
                  return (
                    <div
                      key={f.id}
                      role="gridcell"
                      className={`flex min-h-8 min-w-10 items-center justify-center text-xs font-semibold ${
                        Object.keys(f.vaults).length > 0 ? 'bg-field-success' : 'bg-white'
                      }`}
                      style={
                        parsed
                          ? {
                              gridRow:
                                f.type === 'couchbox-T' ? `${parsed.row} / span 2` : parsed.row,
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
            ))}
          </div>
        </div>
        <EdgeButtons edge="right" onOpen={onOpen} />
      </div>
      <div className="mt-2">
        <EdgeButtons edge="bottom" onOpen={onOpen} />
      </div>

      <ModalDialog
        open={open !== null}
        title={open ? dialogTitle(open.edge, open.operation) : ''}
        width="md"
        onClose={() => setOpen(null)}
      >
        <form onSubmit={onSubmit} className="mt-4 space-y-3">
          <TextField
            label="Count"
            required
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={count}
            onChange={(e) => setCount(e.target.value)}
          />
          <ErrorAlert message={error} />
          <DialogActions
            submitLabel="Submit"
            isBusy={changeGrid.isPending}
            onCancel={() => setOpen(null)}
          />
        </form>
      </ModalDialog>
    </section>
  );
}
