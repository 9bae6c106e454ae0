// Inventory tags (issue 31 §2): every item carries a numbered sticker from a roll with its own
// lot number, and a vault holds ranges of them: "LOT 4471, tags 1-120". One written form serves
// the vault forms, the import and the vault answer, so a range reads the same everywhere.

export interface TagRange {
  lot: string;
  first: number;
  last: number;
}

export type TagRangesResult = { ok: true; ranges: TagRange[] } | { ok: false; error: string };

/** The largest tag number taken: rolls hold hundreds, and a bound keeps ranges sane. */
const MAX_TAG = 99_999;

const LOT = /^(?:lot\s*)?([a-z0-9]+)\s*(?::|,)?\s*(?:tags?\s*)?(.*)$/i;
const RANGE = /^(\d+)(?:\s*-\s*(\d+))?$/;

/** "4471 / 37" as a lot stored and compared: upper case, no spaces. */
export function normaliseLot(lot: string): string {
  return lot.trim().toUpperCase();
}

/**
 * Reads "LOT 4471, tags 1-120, 130; 4472: 5-9" (lots apart by ";" or new lines, ranges by ",",
 * "LOT" and "tags" optional) into ranges, or says what is wrong. An empty text is no tags.
 */
export function parseTagRanges(text: string): TagRangesResult {
  const ranges: TagRange[] = [];
  for (const part of text.split(/[;\n]/)) {
    const trimmed = part.trim();
    if (trimmed === '') continue;
    const lotMatch = LOT.exec(trimmed);
    const lot = lotMatch?.[1];
    const rest = lotMatch?.[2]?.trim() ?? '';
    if (lot === undefined || rest === '') {
      return {
        ok: false,
        error: `"${trimmed}" needs a lot and its tags, as in "LOT 4471, tags 1-120".`,
      };
    }
    for (const piece of rest.split(',')) {
      const range = RANGE.exec(piece.trim());
      if (!range) {
        return {
          ok: false,
          error: `"${piece.trim()}" in lot ${normaliseLot(lot)} is not a tag number or a range like 1-120.`,
        };
      }
      const first = Number(range[1]);
      const last = range[2] === undefined ? first : Number(range[2]);
      if (first < 1 || last > MAX_TAG) {
        return {
          ok: false,
          error: `Tag numbers run from 1 to ${MAX_TAG}; "${piece.trim()}" does not.`,
        };
      }
      if (last < first) {
        return {
          ok: false,
          error: `The range ${first}-${last} in lot ${normaliseLot(lot)} runs backwards.`,
        };
      }
      ranges.push({ lot: normaliseLot(lot), first, last });
    }
  }
  return { ok: true, ranges };
}

/** The ranges as staff write them: "LOT 4471, tags 1-120, 130; LOT 4472, tags 5-9". */
export function formatTagRanges(ranges: readonly TagRange[]): string {
  const byLot = new Map<string, string[]>();
  for (const { lot, first, last } of ranges) {
    const pieces = byLot.get(lot) ?? [];
    pieces.push(first === last ? String(first) : `${first}-${last}`);
    byLot.set(lot, pieces);
  }
  return [...byLot].map(([lot, pieces]) => `LOT ${lot}, tags ${pieces.join(', ')}`).join('; ');
}

const TAG_QUERY = /^(?:lot\s*)?([a-z0-9]+)\s*(?:-|\/|\s+tag\s*|\s+)\s*(\d+)$/i;

/** The lot and tag a search text asks for ("4471-37", "LOT 4471 tag 37"), or null. */
export function tagQuery(text: string): { lot: string; tag: number } | null {
  const match = TAG_QUERY.exec(text.trim());
  if (!match?.[1] || !match[2]) return null;
  const tag = Number(match[2]);
  return tag >= 1 && tag <= MAX_TAG ? { lot: normaliseLot(match[1]), tag } : null;
}
