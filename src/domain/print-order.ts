// The order of the print list and its CSV: warehouse, then field as the grid orders it
// (column letters by length then alphabet, then row number), then position. Staged vaults come
// after the placed ones of the warehouse they left (or at the very end); vaults at the same
// place go numbers first, by value, then other names, then those without a name.

/** A vault as the print order sees it. */
export interface PrintPlace {
  id: number;
  name: string | null;
  position: number | null;
  /** The field it stands in; null when staged. */
  fieldName: string | null;
  /**
   * Where its warehouse (or, staged, the one it left) comes among the company's warehouses,
   * by name without case; null when it has none.
   */
  warehouseRank: number | null;
}

/**
 * Text compared by code point, as the database's "C" collation compares it: plain `<` compares
 * UTF-16 units, which put a character beyond the first plane before U+E000..U+FFFF.
 */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      // Surrogates stand for code points above every unit from U+E000 on.
      x = x < 0xe000 ? x + 0x2000 : x - 0x800;
      y = y < 0xe000 ? y + 0x2000 : y - 0x800;
    }
    return x - y;
  }
  return a.length - b.length;
}

/** Absent values go last, as the database sorts them ascending. */
function compareNullable<T>(a: T | null, b: T | null, compare: (a: T, b: T) => number): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return compare(a, b);
}

const byNumber = (a: number, b: number) => a - b;

const NUMBER_NAME = /^[0-9]{1,18}$/;

/** A number name's value, compared without the precision a JS number lacks past 15 digits. */
function compareDigits(a: string, b: string): number {
  const x = a.replace(/^0+/, '');
  const y = b.replace(/^0+/, '');
  return x.length - y.length || (x < y ? -1 : x > y ? 1 : 0);
}

interface SortKey<T> {
  item: T;
  hasWarehouse: boolean;
  warehouseRank: number | null;
  staged: boolean;
  letters: string | null;
  row: number | null;
  fieldName: string | null;
  position: number | null;
  /** Vaults without a name first, then number names, then the rest. */
  nameGroup: number;
  name: string | null;
  id: number;
}

function sortKey<T extends PrintPlace>(item: T): SortKey<T> {
  const field = item.fieldName;
  const letters = field === null ? null : (/^[A-Z]+/.exec(field)?.[0] ?? null);
  const digits = field === null ? null : /[0-9]{1,9}$/.exec(field)?.[0];
  const name = item.name;
  return {
    item,
    hasWarehouse: item.warehouseRank !== null,
    warehouseRank: item.warehouseRank,
    staged: field === null,
    letters,
    row: digits === undefined || digits === null ? null : Number(digits),
    fieldName: field,
    position: item.position,
    nameGroup: name === null ? 0 : NUMBER_NAME.test(name) ? 1 : 2,
    name,
    id: item.id,
  };
}

function compareKeys<T>(a: SortKey<T>, b: SortKey<T>): number {
  return (
    Number(!a.hasWarehouse) - Number(!b.hasWarehouse) ||
    compareNullable(a.warehouseRank, b.warehouseRank, byNumber) ||
    Number(a.staged) - Number(b.staged) ||
    compareNullable(a.letters?.length ?? null, b.letters?.length ?? null, byNumber) ||
    compareNullable(a.letters, b.letters, compareCodePoints) ||
    compareNullable(a.row, b.row, byNumber) ||
    compareNullable(a.fieldName, b.fieldName, compareCodePoints) ||
    compareNullable(a.position, b.position, byNumber) ||
    a.nameGroup - b.nameGroup ||
    (a.nameGroup === 1 && b.nameGroup === 1 ? compareDigits(a.name ?? '', b.name ?? '') : 0) ||
    compareNullable(a.name, b.name, compareCodePoints) ||
    a.id - b.id
  );
}

/** The vaults in print order, each place's sort key worked out once rather than per comparison. */
export function sortPrintOrder<T extends PrintPlace>(vaults: readonly T[]): T[] {
  return vaults
    .map(sortKey)
    .sort(compareKeys)
    .map((k) => k.item);
}

/**
 * The vaults in print order, one sorted part per warehouse in the warehouses' order (vaults
 * of none last). The warehouse is the order's first key, so the parts joined are
 * `sortPrintOrder(vaults)`; a caller can sort them one at a time with other work between.
 */
export function* printOrderParts<T extends PrintPlace>(vaults: readonly T[]): Generator<T[]> {
  const groups = new Map<number | null, T[]>();
  for (const vault of vaults) {
    const group = groups.get(vault.warehouseRank);
    if (group) group.push(vault);
    else groups.set(vault.warehouseRank, [vault]);
  }
  const ranks = [...groups.keys()].sort((a, b) => compareNullable(a, b, byNumber));
  for (const rank of ranks) yield sortPrintOrder(groups.get(rank) ?? []);
}
