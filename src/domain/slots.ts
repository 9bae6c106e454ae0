import { parseFieldName } from './field-names';
import { emptyCustomerName } from './occupancy';

export type FieldKind = 'vault' | 'couchbox-T' | 'couchbox-B';

/**
 * Vaults a field can hold. A couchbox pair stores its units in the top half (couchbox-T),
 * which holds one more than the warehouse capacity; the hidden bottom half holds none.
 */
export function slotCount(fieldCapacity: number, fieldType: FieldKind): number {
  if (fieldType === 'couchbox-T') return fieldCapacity + 1;
  if (fieldType === 'couchbox-B') return 0;
  return fieldCapacity;
}

/** The lowest position (1 is the bottom) not taken, or null when every slot is taken. */
export function lowestFreePosition(taken: readonly number[], slots: number): number | null {
  const used = new Set(taken);
  for (let p = 1; p <= slots; p++) if (!used.has(p)) return p;
  return null;
}

/** The vault that may be staged: the one at the highest position in its field. */
export function topmostPosition(taken: readonly number[]): number | null {
  return taken.length === 0 ? null : Math.max(...taken);
}

/** The field below in the grid, which pairs with this one as a couchbox: A3 -> A4. */
export function fieldBelowName(name: string): string | null {
  const parsed = parseFieldName(name);
  return parsed ? `${parsed.letters}${parsed.row + 1}` : null;
}

export const emptyTypes = ['vault', 'liftvan', 't2', 'couchbox'] as const;

const EMPTY_CUSTOMER = /^EMPTY(?: (VAULT|LIFTVAN|T2|COUCHBOX))?$/;

/** Empty vaults carry 'EMPTY {TYPE}' as their customer; this tells one apart from a real customer. */
export function isEmptyVaultCustomer(customerName: string): boolean {
  return EMPTY_CUSTOMER.test(customerName.trim().toUpperCase());
}

/**
 * The customer name an empty unit is stored under, or null for a real customer. The kind the
 * name gives is kept as it is: 'EMPTY T2' stays 'EMPTY T2' whatever `type` says, because a
 * client may send the field's type (vault or couchbox) beside the unit's kind (spec §3, the
 * reference client). Only a bare 'EMPTY' takes its kind from `type`.
 */
export function emptyUnitCustomerName(customerName: string, type: string): string | null {
  const name = normaliseName(customerName);
  const match = EMPTY_CUSTOMER.exec(name);
  if (!match) return null;
  return match[1] ? name : emptyCustomerName(type);
}

/** Customer and order names are kept upper-cased with single spaces, so 'smith ' and 'SMITH' are one. */
export function normaliseName(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toUpperCase();
}

/** Cuts a customer name for a vault row: 15 characters plus an ellipsis. */
export function shortenName(value: string, max = 15): string {
  return value.length > max ? `${value.slice(0, max)}...` : value;
}

export type FieldFill = 'full' | 'warning' | 'success' | 'empty';

/**
 * The colour of a grid cell: full when the vaults fill every slot or the flag is set,
 * warning above half the slots, success with some vaults, else empty.
 */
export function fieldFill(vaultCount: number, slots: number, isFlaggedFull: boolean): FieldFill {
  if (isFlaggedFull || (slots > 0 && vaultCount >= slots)) return 'full';
  if (vaultCount > slots / 2) return 'warning';
  if (vaultCount > 0) return 'success';
  return 'empty';
}

export type SearchKind = 'customer' | 'order' | 'vault';

/** Search matching in the vault view: case-insensitive substring on the picked kind. */
export function vaultMatchesSearch(
  vault: { customer_name: string; order_name: string | null; name: string | null },
  kind: SearchKind,
  text: string,
): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return false;
  const value =
    kind === 'customer' ? vault.customer_name : kind === 'order' ? vault.order_name : vault.name;
  return (value ?? '').toLowerCase().includes(needle);
}
