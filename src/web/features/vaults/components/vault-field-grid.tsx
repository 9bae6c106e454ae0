import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';
import type { Field } from '../../../../contracts/fields';
import type { Warehouse } from '../../../../contracts/warehouses';
import { columnIndex, columnLetters, parseFieldName } from '../../../../domain/field-names';
import { fieldFill, slotCount } from '../../../../domain/slots';
import { moveInGrid, type GridPoint } from '../../../lib/grid-keys';
import { scrollWithin } from '../../../lib/scroll-within';

/** The default cell width: 44 px touch targets with room for "12/12 CB". */
const DEFAULT_CELL_PX = 56;
/** As `gap` on `.field-grid` in styles.css. */
const GAP_PX = 4;
/** The row of column letters and the column of row numbers that stay in view (issue 30). */
const COLUMN_HEAD_PX = 24;
export const ROW_HEAD_PX = 32;
/** What the headers cover of the scroll area, so a cell brought into view is not under them. */
const HEADS_COVER = { top: COLUMN_HEAD_PX + GAP_PX, left: ROW_HEAD_PX + GAP_PX };
/** Width of one character of a zoomed-out cell's name (10 px semibold), with room to spare. */
const SMALL_CHAR_PX = 7;
const SMALL_PADDING_PX = 6;

/**
 * The narrowest column in which every field's name still reads whole: zoomed out a cell shows
 * its name alone, and names must never run into the next cell (issue 30).
 */
export function legibleCellPx(warehouse: Warehouse): number {
  const longest = Math.max(0, ...Object.values(warehouse.fields).map((f) => f.name.length));
  return Math.max(20, longest * SMALL_CHAR_PX + SMALL_PADDING_PX);
}

export function fieldSlots(warehouse: Warehouse, field: Field): number {
  return slotCount(warehouse.fieldCapacity, field.type);
}

interface VaultFieldGridProps {
  warehouse: Warehouse;
  selectedFieldId: number | null;
  onSelect: (field: Field) => void;
  /** Ids of fields matching the search; null when no search is active. */
  matches?: ReadonlySet<number> | null;
  /** The narrowest a column may get; below 44 px only when zoomed out. */
  cellPx?: number;
  /** Scrolled into view inside the grid's own area whenever it changes. */
  revealFieldId?: number | null;
  /** A pinch on a touch screen: +1 spreads (zoom in), -1 pinches (zoom out). */
  onPinch?: (direction: 1 | -1) => void;
  /** Size of the grid's own scroll area (it scrolls, the page does not). */
  scrollerClassName?: string;
}

const PINCH_STEP = 1.25;

/** Two fingers spreading or pinching on the grid, told as zoom steps. */
function usePinch(onPinch: ((direction: 1 | -1) => void) | undefined) {
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const baseline = useRef<number | null>(null);
  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : null;
  };
  const end = (e: PointerEvent) => {
    pointers.current.delete(e.pointerId);
    baseline.current = null;
  };
  return {
    onPointerDown: (e: PointerEvent) => {
      if (e.pointerType !== 'touch') return;
      pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
      baseline.current = distance();
    },
    onPointerMove: (e: PointerEvent) => {
      if (!pointers.current.has(e.pointerId)) return;
      pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
      const now = distance();
      if (now === null || baseline.current === null || !onPinch) return;
      if (now > baseline.current * PINCH_STEP || now < baseline.current / PINCH_STEP) {
        onPinch(now > baseline.current ? 1 : -1);
        baseline.current = now;
      }
    },
    onPointerUp: end,
    onPointerCancel: end,
  };
}

interface Layout {
  /** Fields by grid row (index 0 = row 1), in column order; a couchbox bottom half is absent. */
  rows: Field[][];
  /** The id at each (row, column), the couchbox top covering its bottom half. */
  matrix: (number | null)[][];
  place: Map<number, GridPoint>;
  /** The fields' ids row by row: when it changes, the cells are written anew. */
  shape: string;
}

function layoutOf(warehouse: Warehouse): Layout {
  const rows: Field[][] = Array.from({ length: warehouse.rows }, () => []);
  const matrix: (number | null)[][] = Array.from({ length: warehouse.rows }, () =>
    Array.from({ length: warehouse.cols }, () => null),
  );
  const place = new Map<number, GridPoint>();
  for (const field of Object.values(warehouse.fields)) {
    const parsed = parseFieldName(field.name);
    if (!parsed) continue;
    const row = parsed.row - 1;
    const col = columnIndex(parsed.letters);
    if (field.type === 'couchbox-B') continue;
    rows[row]?.push(field);
    const cells = matrix[row];
    if (cells && col < cells.length) cells[col] = field.id;
    const below = matrix[row + 1];
    if (field.type === 'couchbox-T' && below && col < below.length) below[col] = field.id;
    place.set(field.id, { row, col });
  }
  for (const row of rows)
    row.sort((a, b) => (place.get(a.id)?.col ?? 0) - (place.get(b.id)?.col ?? 0));
  const shape = matrix
    .map((cells, r) => cells.map((id) => pointOf(id, r, place)).join(','))
    .join('|');
  return { rows, matrix, place, shape };
}

/**
 * What stands at one point of the grid: a field's cell (its id), nothing, or the lower half of
 * the couchbox above, which the grid skips because that couchbox spans it.
 */
function pointOf(id: number | null, row: number, place: Map<number, GridPoint>): string {
  if (id === null) return '';
  return place.get(id)?.row === row ? String(id) : 'below';
}

/**
 * What a cell says to a screen reader: what it shows, "A1, 2/3", then its state. The shown
 * text comes first and whole, so a name spoken to voice control finds the cell (axe
 * label-content-name-mismatch; punctuation aside, the name holds the text).
 */
function cellName(field: Field, count: number, slots: number): string {
  const isCouchbox = field.type === 'couchbox-T';
  const parts = [`${field.name}, ${count}/${slots}${isCouchbox ? ' CB' : ''}`];
  if (isCouchbox) parts.push('couchbox');
  if (field.full) parts.push('marked full');
  return parts.join(', ');
}

/** Everything one cell shows: its attributes and its one text node. */
interface CellView {
  label: string;
  selected: boolean;
  col: number;
  fill: string;
  couchbox: boolean;
  match: boolean;
  tabStop: boolean;
  text: string;
}

/** What a cell shows whatever is searched or selected: made again only when its field changes. */
function cellBase(
  warehouse: Warehouse,
  field: Field,
  place: GridPoint,
  isSmall: boolean,
): CellView {
  const count = Object.keys(field.vaults).length;
  const slots = fieldSlots(warehouse, field);
  const couchbox = field.type === 'couchbox-T';
  return {
    label: cellName(field, count, slots),
    selected: false,
    col: place.col + 1,
    fill: fieldFill(count, slots, field.full),
    couchbox,
    match: false,
    tabStop: false,
    // `pre-line` drops the space before the break; it is there for the name check of voice
    // control (axe label-content-name-mismatch), which keeps a lone newline inside a word.
    text: isSmall ? field.name : `${field.name} \n${count}/${slots}${couchbox ? ' CB' : ''}`,
  };
}

/** A cell's view with the search, the selection and the tab stop applied. */
function withState(id: number, base: CellView, s: CellState): CellView {
  const match = s.matches !== null && s.matches.has(id);
  const selected = id === s.selectedFieldId;
  const tabStop = id === s.tabStop;
  if (!match && !selected && !tabStop) return base;
  return {
    ...base,
    label: match ? `${base.label}, matches search` : base.label,
    match,
    selected,
    tabStop,
  };
}

interface CellState {
  selectedFieldId: number | null;
  matches: ReadonlySet<number> | null;
  tabStop: number | null;
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** One cell as markup: one element with one text node, styled by its attributes (0077). */
function cellHtml(id: number, v: CellView): string {
  return (
    `<div role="gridcell" class="field-cell" tabindex="${v.tabStop ? 0 : -1}"` +
    ` aria-label="${escapeHtml(v.label)}" aria-selected="${v.selected}" aria-colindex="${v.col}"` +
    ` data-field-id="${id}" data-fill="${v.fill}"${v.couchbox ? ' data-couchbox=""' : ''}` +
    `${v.match ? ' data-match=""' : ''}>${escapeHtml(v.text)}</div>`
  );
}

/** Brings an existing cell element to `next`, touching only what differs from `prev`. */
function patchCell(el: HTMLElement, prev: CellView, next: CellView): void {
  const attr = (name: string, value: string | null) => {
    if (value === null) el.removeAttribute(name);
    else el.setAttribute(name, value);
  };
  if (prev.tabStop !== next.tabStop) el.tabIndex = next.tabStop ? 0 : -1;
  if (prev.label !== next.label) attr('aria-label', next.label);
  if (prev.selected !== next.selected) attr('aria-selected', String(next.selected));
  if (prev.col !== next.col) attr('aria-colindex', String(next.col));
  if (prev.fill !== next.fill) attr('data-fill', next.fill);
  if (prev.couchbox !== next.couchbox) attr('data-couchbox', next.couchbox ? '' : null);
  if (prev.match !== next.match) attr('data-match', next.match ? '' : null);
  if (prev.text !== next.text) el.textContent = next.text;
}

interface Drawn {
  grid: HTMLElement;
  shape: string;
  bases: Map<number, CellView>;
  state: CellState;
  /** What each cell shows now; brought up to date in place as cells are patched. */
  views: Map<number, CellView>;
  cells: Map<number, HTMLElement>;
}

/**
 * The cells whose view can differ between two states over the same bases: those either
 * state marks as matching, selected or the tab stop. A pick touches its matches and the
 * previous ones, not a thousand cells (decision 0110).
 */
function touchedBy(prev: CellState, next: CellState): Set<number> {
  const ids = new Set<number>();
  for (const id of [prev.selectedFieldId, next.selectedFieldId, prev.tabStop, next.tabStop])
    if (id !== null) ids.add(id);
  if (prev.matches !== next.matches)
    for (const matches of [prev.matches, next.matches])
      if (matches) for (const id of matches) ids.add(id);
  return ids;
}

/**
 * Draws the cells into the grid element outside React (decision 0092). React creating a
 * thousand cells took about a quarter of the time from data to painted grid; markup parsed
 * in one go is several times cheaper. Afterwards only what changed is touched: a search
 * pick, a selection or a live update sets the attributes of the cells it changes, and a
 * change of shape (a field added or removed) writes the cells anew, keeping focus on the
 * same field.
 */
function drawCells(
  drawn: Drawn | null,
  grid: HTMLElement,
  layout: Layout,
  bases: Map<number, CellView>,
  state: CellState,
): Drawn {
  const { shape } = layout;
  if (drawn && drawn.grid === grid && drawn.shape === shape) {
    // New bases (a live update, a zoom) may change any cell; a new state only those it marks.
    const ids = drawn.bases === bases ? touchedBy(drawn.state, state) : bases.keys();
    for (const id of ids) {
      const base = bases.get(id);
      const prev = drawn.views.get(id);
      const el = drawn.cells.get(id);
      if (!base || !prev || !el) continue;
      const next = withState(id, base, state);
      patchCell(el, prev, next);
      drawn.views.set(id, next);
    }
    return { ...drawn, bases, state };
  }
  const views = new Map<number, CellView>();
  for (const [id, base] of bases) views.set(id, withState(id, base, state));
  const focused = document.activeElement;
  const focusedId =
    focused instanceof HTMLElement && grid.contains(focused) ? focused.dataset.fieldId : undefined;
  // Everything is placed by the grid's own auto-placement, in document order: the corner, the
  // column letters, then each row's number and its points, so no cell needs a place of its own
  // to match when its style is computed (decision 0615).
  const html: string[] = [columnHeadsHtml(layout.matrix[0]?.length ?? 0)];
  layout.matrix.forEach((points, r) => {
    html.push(`<div aria-hidden="true" class="field-head" data-axis="row">${r + 1}</div>`);
    // A row of cells for assistive technology; `display: contents` lets its cells sit in the
    // one CSS grid, so a couchbox can span two rows.
    html.push(`<div role="row" aria-rowindex="${r + 1}" class="contents">`);
    for (const id of points) {
      if (pointOf(id, r, layout.place) === 'below') continue;
      const view = id === null ? undefined : views.get(id);
      // A point without a cell still takes its track, so the points after it keep theirs.
      html.push(id !== null && view ? cellHtml(id, view) : '<div aria-hidden="true"></div>');
    }
    html.push('</div>');
  });
  grid.innerHTML = html.join('');
  const cells = new Map<number, HTMLElement>();
  for (const el of grid.querySelectorAll<HTMLElement>('[role="gridcell"]'))
    cells.set(Number(el.dataset.fieldId), el);
  if (focusedId !== undefined) cells.get(Number(focusedId))?.focus({ preventScroll: true });
  return { grid, shape, bases, state, views, cells };
}

/**
 * The corner and the column letters above the cells; with each row's number, stuck to the
 * scroll area's top and left edges (styles.css): seen, not read, as each cell's name already
 * says where it is.
 */
function columnHeadsHtml(cols: number): string {
  const html = ['<div aria-hidden="true" class="field-head" data-corner=""></div>'];
  for (let c = 0; c < cols; c++)
    html.push(
      `<div aria-hidden="true" class="field-head" data-axis="col">${columnLetters(c)}</div>`,
    );
  return html.join('');
}

/** The cell element of a field, found in the grid by its id. */
function cellOf(grid: HTMLElement | null, id: number): HTMLElement | null {
  return grid?.querySelector<HTMLElement>(`[data-field-id="${id}"]`) ?? null;
}

/** The field of the cell an event happened in. */
function fieldAt(warehouse: Warehouse, target: EventTarget): Field | null {
  const cell = target instanceof Element ? target.closest<HTMLElement>('[role="gridcell"]') : null;
  return cell ? (warehouse.fields[Number(cell.dataset.fieldId)] ?? null) : null;
}

/**
 * The field grid (ARIA grid pattern): columns by letters, rows by number, coloured by fill.
 * One tab stop for the whole grid; arrows, Home/End (with Ctrl: grid ends) and PageUp/Down
 * move, Enter or Space selects. A couchbox top half spans its hidden bottom half.
 */
export function VaultFieldGrid({
  warehouse,
  selectedFieldId,
  onSelect,
  matches = null,
  cellPx = DEFAULT_CELL_PX,
  revealFieldId = null,
  onPinch,
  scrollerClassName = 'max-h-[70vh]',
}: VaultFieldGridProps) {
  const layout = useMemo(() => layoutOf(warehouse), [warehouse]);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const pinch = usePinch(onPinch);
  const [activeId, setActiveId] = useState<number | null>(null);
  const first = layout.rows.find((r) => r.length > 0)?.[0]?.id ?? null;
  // The tab stop: the cell last moved to, else the selected one, else the first.
  const tabStop =
    (activeId !== null && layout.place.has(activeId) ? activeId : null) ??
    (selectedFieldId !== null && layout.place.has(selectedFieldId) ? selectedFieldId : first);

  const isSmall = cellPx < 44;
  // What each cell shows apart from search and selection, made once per warehouse answer: a
  // pick then only marks its matches (decision 0092).
  const bases = useMemo(() => {
    const map = new Map<number, CellView>();
    for (const row of layout.rows)
      for (const field of row) {
        const place = layout.place.get(field.id);
        if (place) map.set(field.id, cellBase(warehouse, field, place, isSmall));
      }
    return map;
  }, [warehouse, layout, isSmall]);
  const state = useMemo<CellState>(
    () => ({ selectedFieldId, matches, tabStop }),
    [selectedFieldId, matches, tabStop],
  );
  const drawn = useRef<Drawn | null>(null);
  // Before the browser paints, so the grid never shows a frame without its cells.
  useLayoutEffect(() => {
    if (gridRef.current)
      drawn.current = drawCells(drawn.current, gridRef.current, layout, bases, state);
  }, [layout, bases, state]);

  useEffect(() => {
    const el = revealFieldId === null ? null : cellOf(gridRef.current, revealFieldId);
    if (el && scrollerRef.current) scrollWithin(scrollerRef.current, el, 8, HEADS_COVER);
  }, [revealFieldId, cellPx]);

  if (first === null)
    return <p className="p-4 text-slate-600">This warehouse does not have any fields</p>;

  const onClick = (event: MouseEvent) => {
    const field = fieldAt(warehouse, event.target);
    if (!field) return;
    setActiveId(field.id);
    onSelect(field);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const field = fieldAt(warehouse, event.target);
    if (!field) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(field);
      return;
    }
    const from = layout.place.get(field.id);
    if (!from) return;
    const to = moveInGrid(layout.matrix, from, event.key, event.ctrlKey || event.metaKey);
    if (!to) return;
    event.preventDefault();
    const id = layout.matrix[to.row]?.[to.col];
    if (id === null || id === undefined) return;
    setActiveId(id);
    const el = cellOf(gridRef.current, id);
    if (!el) return;
    el.focus({ preventScroll: true });
    if (scrollerRef.current) scrollWithin(scrollerRef.current, el, 8, HEADS_COVER);
  };

  return (
    <div
      ref={scrollerRef}
      className={`touch-pan-x touch-pan-y overflow-auto overscroll-contain ${scrollerClassName}`}
      {...pinch}
    >
      <div
        ref={gridRef}
        role="grid"
        aria-label={`Fields of ${warehouse.name}`}
        aria-rowcount={warehouse.rows}
        aria-colcount={warehouse.cols}
        // A search dims every field outside it through this one attribute (styles.css), so a
        // pick restyles the cells without touching a thousand of them from script.
        data-searching={matches !== null ? '' : undefined}
        data-small={isSmall ? '' : undefined}
        className="field-grid"
        // Every track has a definite size (the width at least the columns' minimum, rows at
        // least the two lines of text): the grid never measures a thousand cells' content to
        // size its tracks (decision 0077).
        style={{
          width: `max(100%, ${ROW_HEAD_PX + warehouse.cols * (cellPx + GAP_PX)}px)`,
          gridTemplateColumns: `${ROW_HEAD_PX}px repeat(${warehouse.cols}, minmax(${cellPx}px, 1fr))`,
          gridTemplateRows: `${COLUMN_HEAD_PX}px`,
          gridAutoRows: isSmall ? `${Math.max(cellPx, 28)}px` : `max(${cellPx}px, 3.5rem)`,
        }}
        onClick={onClick}
        onKeyDown={onKeyDown}
      />
    </div>
  );
}
