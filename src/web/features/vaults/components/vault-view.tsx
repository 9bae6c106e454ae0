import { Maximize2, X, ZoomIn, ZoomOut } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Field } from '../../../../contracts/fields';
import type { Vault } from '../../../../contracts/vaults';
import type { Warehouse } from '../../../../contracts/warehouses';
import { columnIndex, parseFieldName } from '../../../../domain/field-names';
import { fieldBelowName } from '../../../../domain/slots';
import { vaultStageName } from '../../../../domain/vault-number';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { PrintLabelsButton } from '../../../components/labels/print-labels-button';
import { errorMessage } from '../../../lib/api';
import { useSetFieldFull, useToggleFieldType } from '../../fields/api/use-field-controls';
import { useSearchSelection } from '../../../lib/search-context';
import { useStageVault } from '../../stage/api/use-stage';
import { matchingFields, prepareFieldMatches } from './field-matches';
import { FieldSlots } from './field-slots';
import { NewVaultDialog } from './new-vault-dialog';
import { GoToField } from './go-to-field';
import { legibleCellPx, ROW_HEAD_PX, VaultFieldGrid } from './vault-field-grid';

/** Column widths the zoom buttons step through, in CSS px; 44 and up are touch targets. */
const ZOOM_STEPS: readonly number[] = [20, 28, 36, 44, 56, 72];
const MAX_CELL_PX = 72;
const GRID_GAP_PX = 4;
/** Tailwind's `lg`: from here the field panel stands beside the grid instead of a sheet. */
const WIDE_QUERY = '(min-width: 1024px)';

function FieldControls({ warehouse, field }: { warehouse: Warehouse; field: Field }) {
  const setFull = useSetFieldFull();
  const toggleType = useToggleFieldType();
  const below =
    Object.values(warehouse.fields).find((f) => f.name === fieldBelowName(field.name)) ?? null;
  const isCouchbox = field.type === 'couchbox-T';
  // Names the field that stops the change: the top one, or the one below it joins.
  const holder =
    Object.keys(field.vaults).length > 0
      ? field.name
      : below !== null && Object.keys(below.vaults).length > 0
        ? below.name
        : null;
  const reason = holder ? `Field ${holder} holds vaults: empty it before changing the type.` : null;
  const error = setFull.error ?? toggleType.error;
  return (
    <div className="mt-4 flex flex-wrap gap-2">
      <button
        type="button"
        aria-pressed={field.full}
        disabled={setFull.isPending}
        onClick={() => setFull.mutate({ id: field.id, full: !field.full })}
        className={`min-h-11 rounded-lg px-4 py-2 text-sm font-semibold ${field.full ? 'bg-field-full text-slate-900' : 'border border-slate-400'}`}
      >
        {field.full ? 'Field is Full' : 'Field is Not Full'}
      </button>
      <button
        type="button"
        disabled={holder !== null || toggleType.isPending}
        aria-describedby={reason ? `couchbox-reason-${field.id}` : undefined}
        onClick={() =>
          toggleType.mutate({
            id: field.id,
            type: isCouchbox ? 'vault' : 'couchbox',
            field2: below?.name ?? null,
            warehouseId: warehouse.id,
          })
        }
        className="min-h-11 rounded-lg border border-slate-400 px-4 py-2 text-sm font-semibold disabled:text-slate-500"
      >
        {isCouchbox ? 'Make vault field' : 'Make couchbox'}
      </button>
      {reason && (
        <p id={`couchbox-reason-${field.id}`} className="w-full text-sm text-slate-700">
          {reason}
        </p>
      )}
      <ErrorAlert error={error} className="w-full" />
    </div>
  );
}

function firstInGridOrder(warehouse: Warehouse, ids: ReadonlySet<number>): number | null {
  // Reading order: row by row, then column by column.
  const order = (name: string) => {
    const parsed = parseFieldName(name);
    return parsed ? parsed.row * 10_000 + columnIndex(parsed.letters) : Number.MAX_SAFE_INTEGER;
  };
  let best: Field | null = null;
  for (const field of Object.values(warehouse.fields)) {
    if (ids.has(field.id) && (best === null || order(field.name) < order(best.name))) best = field;
  }
  return best?.id ?? null;
}

/** The spec's "vault {name}", with the best name the vault has (issue 30). */
function stageName(vault: Vault | null, field: Field | null): string {
  return vault ? `vault ${vaultStageName(vault, field?.name ?? null)}` : '';
}

/** The chosen slot taken, or its field gone, while the confirmation was open (live updates). */
function slotWarning(field: Field | null, position: number | null): string | null {
  if (position === null) return null;
  if (!field) return 'This field was just removed by someone else.';
  return Object.values(field.vaults).some((v) => v.position === position)
    ? `Position ${position} of field ${field.name} was just taken by someone else.`
    : null;
}

/** The vault to stage moved away or edited while the confirmation was open (live updates). */
function stageWarning(field: Field | null, vault: Vault | null): string | null {
  if (!vault) return null;
  const now = Object.values(field?.vaults ?? {}).find((v) => v.id === vault.id);
  const name = stageName(vault, field);
  const label = name.charAt(0).toUpperCase() + name.slice(1);
  if (!now) return `${label} was just moved or removed by someone else.`;
  return JSON.stringify(now) === JSON.stringify(vault)
    ? null
    : `${label} was just changed by someone else.`;
}

function matchSentence(count: number): string {
  if (count === 0) return 'No fields match';
  return count === 1 ? '1 field matches' : `${count} fields match`;
}

function useIsWide() {
  const [isWide, setWide] = useState(() => window.matchMedia(WIDE_QUERY).matches);
  useEffect(() => {
    const query = window.matchMedia(WIDE_QUERY);
    const onChange = () => setWide(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return isWide;
}

function ZoomBar({
  cellPx,
  minCellPx,
  onZoom,
  onFit,
}: {
  cellPx: number;
  minCellPx: number;
  onZoom: (direction: 1 | -1) => void;
  onFit: () => void;
}) {
  const button =
    'inline-flex h-11 w-11 items-center justify-center rounded-lg border border-slate-400 bg-white hover:bg-slate-100 disabled:text-slate-400';
  return (
    <div role="group" aria-label="Zoom" className="flex gap-2">
      <button
        type="button"
        aria-label="Zoom out"
        className={button}
        disabled={cellPx <= minCellPx}
        onClick={() => onZoom(-1)}
      >
        <ZoomOut aria-hidden="true" className="h-5 w-5" />
      </button>
      <button
        type="button"
        aria-label="Zoom in"
        className={button}
        disabled={cellPx >= MAX_CELL_PX}
        onClick={() => onZoom(1)}
      >
        <ZoomIn aria-hidden="true" className="h-5 w-5" />
      </button>
      <button type="button" aria-label="Fit to width" className={button} onClick={onFit}>
        <Maximize2 aria-hidden="true" className="h-5 w-5" />
      </button>
    </div>
  );
}

/** `initialFieldId`: the field a link opens with (a scanned label's "Open field"). */
export function VaultView({
  warehouse,
  initialFieldId = null,
}: {
  warehouse: Warehouse;
  initialFieldId?: number | null;
}) {
  const [selectedId, setSelectedId] = useState<number | null>(initialFieldId);
  const [confirmPosition, setConfirmPosition] = useState<number | null>(null);
  const [formPosition, setFormPosition] = useState<number | null>(null);
  const [toStage, setToStage] = useState<Vault | null>(null);
  const isWide = useIsWide();
  const [cellPx, setCellPx] = useState<number>(isWide ? 56 : 44);
  const gridBoxRef = useRef<HTMLDivElement>(null);
  const stage = useStageVault();
  const selection = useSearchSelection();

  const selected = selectedId ? (warehouse.fields[selectedId] ?? null) : null;
  const matches = useMemo(() => matchingFields(warehouse, selection), [warehouse, selection]);
  useEffect(() => prepareFieldMatches(warehouse), [warehouse]);
  const firstMatch = useMemo(
    () => (matches ? firstInGridOrder(warehouse, matches) : null),
    [warehouse, matches],
  );

  // Never narrower than the names can be read in (issue 30).
  const minCellPx = legibleCellPx(warehouse);
  const [isTooWide, setTooWide] = useState(false);
  const zoom = (direction: 1 | -1) => {
    setTooWide(false);
    setCellPx((px) => {
      const next =
        direction > 0
          ? ZOOM_STEPS.find((s) => s > px)
          : [...ZOOM_STEPS].reverse().find((s) => s < px);
      return next === undefined ? px : Math.max(minCellPx, next);
    });
  };
  const fit = () => {
    const width = gridBoxRef.current?.clientWidth ?? 0;
    const cols = Math.max(1, warehouse.cols);
    const fitting = Math.floor((width - ROW_HEAD_PX - cols * GRID_GAP_PX) / cols);
    setTooWide(fitting < minCellPx);
    setCellPx(Math.min(MAX_CELL_PX, Math.max(minCellPx, fitting)));
  };
  // A field chosen with "Go to field" is brought into view until the search changes.
  const [goneTo, setGoneTo] = useState<{ id: number; matches: typeof matches } | null>(null);
  const goTo = (id: number) => {
    setSelectedId(id);
    setGoneTo({ id, matches });
    // On a phone the field's sheet covers the page's lower half: once the sheet is drawn (and
    // the page has room below for it), the grid moves up under the top bar, above the sheet.
    if (!isWide)
      requestAnimationFrame(() => gridBoxRef.current?.scrollIntoView({ block: 'start' }));
  };
  const revealId = goneTo && goneTo.matches === matches ? goneTo.id : (firstMatch ?? selectedId);

  // Escape closes the panel wherever focus is, unless something inside took it first (the
  // search box, a menu) or a dialog is open; focus inside the panel goes back to its cell.
  const panelRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (selectedId === null) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      if (document.querySelector('[role="dialog"]')) return;
      const hadFocus = panelRef.current?.contains(document.activeElement) ?? false;
      setSelectedId(null);
      if (hadFocus) {
        document
          .querySelector<HTMLElement>(`[role="grid"] [data-field-id="${selectedId}"]`)
          ?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [selectedId]);

  const isSheet = !isWide && selected !== null;
  return (
    <section
      aria-label="Vault View"
      className={`grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start ${isSheet ? 'pb-[45dvh]' : ''}`}
    >
      <div className="min-w-0 rounded-2xl bg-white p-3 shadow-sm">
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <ZoomBar cellPx={cellPx} minCellPx={minCellPx} onZoom={zoom} onFit={fit} />
          <GoToField warehouse={warehouse} onGo={goTo} />
          {matches && (
            <p role="status" className="text-sm font-semibold text-slate-800">
              {matchSentence(matches.size)}
            </p>
          )}
        </div>
        {isTooWide && (
          <p role="status" className="mb-2 text-sm text-slate-700">
            {warehouse.cols} columns are too many to fit with readable names: scroll the grid, or
            use Go to field.
          </p>
        )}
        <div ref={gridBoxRef} className="scroll-mt-32 sm:scroll-mt-20">
          <VaultFieldGrid
            warehouse={warehouse}
            selectedFieldId={selectedId}
            onSelect={(f) => setSelectedId(f.id)}
            matches={matches}
            cellPx={cellPx}
            revealFieldId={revealId}
            onPinch={zoom}
            scrollerClassName={
              isSheet
                ? 'max-h-[calc(55dvh-12rem)]'
                : 'max-h-[calc(100dvh-19rem)] lg:max-h-[calc(100dvh-16.5rem)]'
            }
          />
        </div>
      </div>
      <aside
        ref={panelRef}
        aria-label="Selected field"
        className={
          isSheet
            ? 'fixed inset-x-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-30 max-h-[45dvh] overflow-y-auto rounded-t-2xl border-t border-slate-300 bg-white p-4 shadow-2xl'
            : 'rounded-2xl bg-white p-4 shadow-sm lg:sticky lg:top-20 lg:max-h-[calc(100dvh-6rem)] lg:overflow-y-auto'
        }
      >
        {selected ? (
          <>
            <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
              <h2 className="text-xl font-bold">Field {selected.name}</h2>
              <PrintLabelsButton
                fileName={`field-${selected.name}`}
                choices={[
                  {
                    label: `Label for field ${selected.name}`,
                    target: { of: 'fields', fieldIds: [selected.id] },
                  },
                  {
                    label: `Labels for the vaults in ${selected.name}`,
                    target: { of: 'field-vaults', fieldId: selected.id },
                  },
                ]}
              />
              <button
                type="button"
                aria-label="Close field panel"
                onClick={() => setSelectedId(null)}
                className="inline-flex h-11 w-11 items-center justify-center rounded-lg hover:bg-slate-100"
              >
                <X aria-hidden="true" className="h-5 w-5" />
              </button>
            </div>
            <FieldSlots
              warehouse={warehouse}
              field={selected}
              onChooseSlot={setConfirmPosition}
              onStage={(v) => {
                stage.reset();
                setToStage(v);
              }}
            />
            <FieldControls warehouse={warehouse} field={selected} />
          </>
        ) : (
          <p className="text-slate-700">Select a field to view its info</p>
        )}
      </aside>
      <ConfirmDialog
        open={confirmPosition !== null}
        title="Confirm Add Vault"
        message={`Are you sure you want to add a vault at position ${confirmPosition ?? ''}?`}
        warning={slotWarning(selected, confirmPosition)}
        confirmLabel="Yes, add it"
        onClose={() => setConfirmPosition(null)}
        onConfirm={() => {
          setFormPosition(confirmPosition);
          setConfirmPosition(null);
        }}
      />
      {selected && formPosition !== null && (
        <NewVaultDialog
          field={selected}
          position={formPosition}
          onClose={() => setFormPosition(null)}
        />
      )}
      <ConfirmDialog
        open={toStage !== null}
        title="Stage Vault"
        message={`Are you sure you want to stage ${stageName(toStage, selected)}?`}
        warning={stage.isPending ? null : stageWarning(selected, toStage)}
        confirmLabel="Yes, stage it"
        isBusy={stage.isPending}
        error={stage.isError ? errorMessage(stage.error) : null}
        onClose={() => setToStage(null)}
        onConfirm={() => {
          if (toStage) stage.mutate(toStage.id, { onSuccess: () => setToStage(null) });
        }}
      />
    </section>
  );
}
