import type { Warehouse } from '../../../../contracts/warehouses';
import { parseTagRanges, tagQuery } from '../../../../domain/inventory-tags';
import { searchedValue, searchNeedle, type SearchKind } from '../../../../domain/slots';
import type { SearchSelection } from '../../../lib/search-context';

const KINDS: readonly SearchKind[] = ['customer', 'order', 'vault'];

/** Per kind, each distinct value as compared (`searchedValue`) and the fields holding it. */
type FieldIndex = Record<SearchKind, Map<string, number[]>>;

// Per warehouse answer: a live update brings a new object, so an index is never stale.
const indexes = new WeakMap<Warehouse, FieldIndex>();

function indexOf(warehouse: Warehouse): FieldIndex {
  let index = indexes.get(warehouse);
  if (index) return index;
  index = { customer: new Map(), order: new Map(), vault: new Map() };
  for (const field of Object.values(warehouse.fields))
    for (const vault of Object.values(field.vaults))
      for (const kind of KINDS) {
        const value = searchedValue(vault, kind);
        const ids = index[kind].get(value);
        if (!ids) index[kind].set(value, [field.id]);
        else if (ids.at(-1) !== field.id) ids.push(field.id);
      }
  indexes.set(warehouse, index);
  return index;
}

/** Per lot, the tag ranges of the warehouse's vaults with the field holding each. */
type TagIndex = Map<string, { first: number; last: number; fieldId: number }[]>;

// Made only when typed text names a tag ("4471-37"), which most searches do not.
const tagIndexes = new WeakMap<Warehouse, TagIndex>();

function tagIndexOf(warehouse: Warehouse): TagIndex {
  let index = tagIndexes.get(warehouse);
  if (index) return index;
  index = new Map();
  for (const field of Object.values(warehouse.fields))
    for (const vault of Object.values(field.vaults)) {
      if (!vault.tags) continue;
      const parsed = parseTagRanges(vault.tags);
      if (!parsed.ok) continue;
      for (const { lot, first, last } of parsed.ranges) {
        const ranges = index.get(lot) ?? [];
        ranges.push({ first, last, fieldId: field.id });
        index.set(lot, ranges);
      }
    }
  tagIndexes.set(warehouse, index);
  return index;
}

/**
 * Makes the warehouse's index ahead of a pick, when the browser is idle after the frame that
 * shows the grid (not in the idle time before it, which would delay that frame): a pick then
 * compares the distinct lower-cased values once each instead of lower-casing every vault's
 * (decision 0110). Returns a cancel for the effect that calls it.
 */
export function prepareFieldMatches(warehouse: Warehouse): () => void {
  const make = () => void indexOf(warehouse);
  let cancel: () => void = () => undefined;
  const frame = window.requestAnimationFrame(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(make, { timeout: 2000 });
      cancel = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(make, 200);
      cancel = () => window.clearTimeout(handle);
    }
  });
  return () => {
    window.cancelAnimationFrame(frame);
    cancel();
  };
}

/**
 * Fields with a vault matching the search (`vaultMatchesSearch`: a case-insensitive substring
 * of the picked kind, any kind for typed text, and for typed text naming an inventory tag,
 * "4471-37", the vault whose ranges hold it); null without a search.
 */
export function matchingFields(
  warehouse: Warehouse,
  selection: SearchSelection | null,
): Set<number> | null {
  if (!selection || selection.kind === 'pallet') return null;
  const ids = new Set<number>();
  const needle = searchNeedle(selection.value);
  if (!needle) return ids;
  const tag = selection.kind === 'text' ? tagQuery(selection.value) : null;
  if (tag)
    for (const range of tagIndexOf(warehouse).get(tag.lot) ?? [])
      if (range.first <= tag.tag && tag.tag <= range.last) ids.add(range.fieldId);
  const index = indexOf(warehouse);
  for (const kind of selection.kind === 'text' ? KINDS : [selection.kind])
    for (const [value, fields] of index[kind])
      if (value.includes(needle)) for (const id of fields) ids.add(id);
  return ids;
}
