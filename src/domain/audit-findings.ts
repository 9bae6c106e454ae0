// What a floor audit finds in one field: the vault numbers staff saw there, bottom to top,
// against the vaults the records place in that field and wherever else the seen ones stand.

export type FindingStatus =
  'in_place' | 'order_differs' | 'elsewhere' | 'missing' | 'unknown' | 'unnumbered';

/** Statuses that a tap can fix by moving the record; the others need a person. */
export const FIXABLE_STATUSES: readonly FindingStatus[] = ['order_differs', 'elsewhere', 'missing'];

export interface RecordedVault {
  vaultId: number;
  /** The tag number; null for units that carry none (liftvans, couchboxes). */
  name: string | null;
  position: number;
}

export interface KnownVault {
  vaultId: number;
  fieldId: number | null;
  /** Where the records place it, in words ('Warehouse 1, field B2, position 1' or 'stage'). */
  place: string;
}

export interface Finding {
  status: FindingStatus;
  vaultId: number | null;
  vaultName: string | null;
  /** Where it was seen, 1 at the bottom; null when it was not seen. */
  seenPosition: number | null;
  /** Its position in this field by the records; null when the records place it elsewhere. */
  recordedPosition: number | null;
  /** For 'elsewhere': where the records place it. */
  recordedPlace: string | null;
}

/** Scanned text as a vault number: a scanner may send spaces or a line end around it. */
function normaliseScannedNumber(text: string): string {
  return text.trim();
}

/**
 * Compares one field. `seen` lists the numbers bottom to top; a number seen twice counts
 * once (a double scan). `known` answers for every seen number the company has a vault for.
 * Order is judged on the vaults that are both seen and recorded here: their order seen must
 * match their order by position, so a missing vault below does not mark all above as moved.
 */
export function compareField(input: {
  fieldId: number;
  seen: readonly string[];
  recorded: readonly RecordedVault[];
  known: ReadonlyMap<string, KnownVault>;
}): Finding[] {
  const seen = [...new Set(input.seen.map(normaliseScannedNumber).filter((s) => s !== ''))];
  const recorded = [...input.recorded].sort((a, b) => a.position - b.position);
  const recordedByName = new Map(
    recorded.flatMap((r) => (r.name === null ? [] : [[r.name, r] as const])),
  );
  const seenHere = seen.filter((name) => recordedByName.has(name));
  const recordedSeen = recorded.filter((r) => r.name !== null && seen.includes(r.name));
  const findings: Finding[] = [];

  seen.forEach((name, index) => {
    const seenPosition = index + 1;
    const here = recordedByName.get(name);
    if (here) {
      const order = seenHere.indexOf(name);
      const inOrder = recordedSeen[order]?.vaultId === here.vaultId;
      findings.push({
        status: inOrder ? 'in_place' : 'order_differs',
        vaultId: here.vaultId,
        vaultName: name,
        seenPosition,
        recordedPosition: here.position,
        recordedPlace: null,
      });
      return;
    }
    const known = input.known.get(name);
    findings.push({
      status: known ? 'elsewhere' : 'unknown',
      vaultId: known?.vaultId ?? null,
      vaultName: name,
      seenPosition,
      recordedPosition: null,
      recordedPlace: known?.place ?? null,
    });
  });

  for (const r of recorded) {
    if (r.name !== null && seen.includes(r.name)) continue;
    findings.push({
      status: r.name === null ? 'unnumbered' : 'missing',
      vaultId: r.vaultId,
      vaultName: r.name,
      seenPosition: null,
      recordedPosition: r.position,
      recordedPlace: null,
    });
  }
  return findings;
}

/**
 * Putting a field's records into the order staff saw, under the stacking rules (only the
 * topmost vault leaves a field; only the lowest free slot takes one): lift the recorded vaults
 * from the top down to the first that stands out of order, then set them back in the order
 * seen. `recorded` is bottom to top; `seenOrder` holds the same vaults in the order seen.
 * Returns null when the two hold different vaults (a missing or extra vault must be fixed first).
 */
export function restackPlan(
  recorded: readonly number[],
  seenOrder: readonly number[],
): { lift: number[]; setBack: number[] } | null {
  if (recorded.length !== seenOrder.length) return null;
  const same = new Set(recorded);
  if (seenOrder.some((id) => !same.has(id)) || new Set(seenOrder).size !== seenOrder.length)
    return null;
  const first = recorded.findIndex((id, i) => seenOrder[i] !== id);
  if (first === -1) return { lift: [], setBack: [] };
  return { lift: recorded.slice(first).reverse(), setBack: seenOrder.slice(first) };
}
