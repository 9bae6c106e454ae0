// Receiving by release date (issue 32 §4): an arriving vault goes where the vaults due out
// sooner stay on top, so the day a customer's goods leave, nobody digs them out first.
import { addDays } from './calendar-days';
import { byNearness } from './dig-out-plan';
import { placementRefusal } from './placement-rules';
import { lowestFreePosition, slotCount, type FieldKind } from './slots';

export interface SlottingVault {
  position: number;
  /** YYYY-MM-DD, or null when nobody knows yet: it then counts as leaving last. */
  expectedRelease: string | null;
  customerId: number | null;
}

export interface SlottingField {
  id: number;
  name: string;
  colIndex: number;
  rowIndex: number;
  type: FieldKind;
  full: boolean;
  /** The warehouse's field capacity; a couchbox pair changes the slots from it. */
  fieldCapacity: number;
  vaults: readonly SlottingVault[];
}

/** Why a place was suggested; the weeks are Mondays, null when the release is unknown. */
export type SlotReason =
  | { kind: 'on_later'; below: string | null; isOnSameCustomer: boolean }
  | { kind: 'empty_field' }
  | { kind: 'buries_sooner'; below: string }
  | { kind: 'under_later'; above: string | null };

export interface SuggestedSlot {
  fieldId: number;
  fieldName: string;
  position: number;
  reason: SlotReason;
}

/** The Monday of the week `day` falls in: staff plan releases by the week, not the day. */
export function weekStartOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** Sorts as weeks do; an unknown release sorts after every date. */
const UNKNOWN_WEEK = '9999-12-31';
const weekOf = (release: string | null): string =>
  release === null ? UNKNOWN_WEEK : weekStartOf(release);
const shown = (week: string): string | null => (week === UNKNOWN_WEEK ? null : week);

/** Fit before an empty field, an empty field before any place that buries a release. */
const TIER = { fits: 0, empty: 1, harms: 2 } as const;

interface Candidate extends SuggestedSlot {
  colIndex: number;
  rowIndex: number;
  tier: (typeof TIER)[keyof typeof TIER];
  /** The week of the vault it would stand on; the empty string when it stands on the floor. */
  belowWeek: string;
  isOnSameCustomer: boolean;
}

function candidateIn(
  field: SlottingField,
  arriving: { type: string; week: string; customerId: number | null },
): Candidate | null {
  const taken = field.vaults.map((v) => v.position);
  const position = lowestFreePosition(taken, slotCount(field.fieldCapacity, field.type));
  if (position === null || placementRefusal(field, taken, position, arriving.type)) return null;
  const below = field.vaults
    .filter((v) => v.position < position)
    .reduce<SlottingVault | null>((top, v) => (top && top.position > v.position ? top : v), null);
  const laterAbove = field.vaults
    .filter((v) => v.position > position)
    .map((v) => weekOf(v.expectedRelease))
    .filter((week) => week > arriving.week)
    .sort()
    .at(-1);
  const belowWeek = below ? weekOf(below.expectedRelease) : '';
  const place = { fieldId: field.id, fieldName: field.name, position };
  const common = {
    ...place,
    colIndex: field.colIndex,
    rowIndex: field.rowIndex,
    belowWeek,
    // A vault whose customer is unknown shares a stack with nobody in particular.
    isOnSameCustomer:
      arriving.customerId !== null && below !== null && below.customerId === arriving.customerId,
  };
  if (below && belowWeek < arriving.week) {
    return { ...common, tier: TIER.harms, reason: { kind: 'buries_sooner', below: belowWeek } };
  }
  if (laterAbove !== undefined) {
    return {
      ...common,
      tier: TIER.harms,
      reason: { kind: 'under_later', above: shown(laterAbove) },
    };
  }
  if (field.vaults.length === 0) {
    return { ...common, tier: TIER.empty, reason: { kind: 'empty_field' } };
  }
  return {
    ...common,
    tier: TIER.fits,
    reason: {
      kind: 'on_later',
      below: shown(belowWeek),
      isOnSameCustomer: common.isOnSameCustomer,
    },
  };
}

/**
 * Where an arriving vault should go so that sooner releases sit on top (decision 0560):
 * on a stack whose top leaves the same week or later; else in an empty field rather than on a
 * sooner release; only when every field with room would bury one, on the stack whose top
 * leaves latest. Each place is the lowest free slot the placement rules allow (capacity,
 * flagged full, couchbox pairs). Among equals: a stack topped by the same customer (their
 * vaults leave together; decision 0590), then nearest to `from` when staff started from a
 * field, then the top leaving soonest after it (the stacks topped by later releases stay free
 * for the vaults due later), then grid order.
 * Null when no field has room.
 */
export function suggestPlace(input: {
  fields: readonly SlottingField[];
  arriving: { type: string; expectedRelease: string; customerId: number | null };
  from: { colIndex: number; rowIndex: number } | null;
}): SuggestedSlot | null {
  const arriving = { ...input.arriving, week: weekStartOf(input.arriving.expectedRelease) };
  const candidates = input.fields
    .map((f) => candidateIn(f, arriving))
    .filter((c): c is Candidate => c !== null);
  const nearness = input.from ? byNearness(input.from) : () => 0;
  candidates.sort(
    (a, b) =>
      a.tier - b.tier ||
      Number(b.isOnSameCustomer) - Number(a.isOnSameCustomer) ||
      nearness(a, b) ||
      (a.tier === TIER.harms
        ? b.belowWeek.localeCompare(a.belowWeek)
        : a.belowWeek.localeCompare(b.belowWeek)) ||
      a.colIndex - b.colIndex ||
      a.rowIndex - b.rowIndex,
  );
  const best = candidates[0];
  if (!best) return null;
  return {
    fieldId: best.fieldId,
    fieldName: best.fieldName,
    position: best.position,
    reason: best.reason,
  };
}

export interface OutlookWeek {
  weekStart: string;
  /** Vaults whose expected release falls in this week. */
  due: number;
  /** Of those, the ones with a vault due a later week (or unknown) above them. */
  needingDigOut: number;
}

/**
 * Per week with releases due, how many of the due vaults will need digging out: a vault due
 * a later week, or with no date, stands above them. A vault above due the same week does not
 * count; it goes out with them. Vaults with no date are not due any week.
 */
export function releaseOutlook(fields: readonly SlottingField[]): OutlookWeek[] {
  const weeks = new Map<string, OutlookWeek>();
  for (const field of fields) {
    // Top down, carrying the latest week seen above, so each vault is weighed once.
    const topDown = [...field.vaults].sort((a, b) => b.position - a.position);
    let latestAbove = '';
    for (const vault of topDown) {
      const weekStart = weekOf(vault.expectedRelease);
      if (vault.expectedRelease !== null) {
        const week = weeks.get(weekStart) ?? { weekStart, due: 0, needingDigOut: 0 };
        week.due += 1;
        if (latestAbove > weekStart) week.needingDigOut += 1;
        weeks.set(weekStart, week);
      }
      if (weekStart > latestAbove) latestAbove = weekStart;
    }
  }
  return [...weeks.values()].sort((a, b) => a.weekStart.localeCompare(b.weekStart));
}
