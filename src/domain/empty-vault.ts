import { vaultTypes, type VaultType } from '../contracts/vaults';
import { normaliseName } from './names';

/**
 * An empty unit standing in a field is stored under the customer 'EMPTY {TYPE}' (spec §8).
 * That exact name is the one test of emptiness everywhere: the vault service, the dashboard,
 * Statistics and the print list (decision 0020). A customer called "Empty Nest Movers" is a
 * regular customer.
 */
export function emptyCustomerName(type: string): string {
  return `EMPTY ${type.toUpperCase()}`;
}

/** Every stored name that marks an empty unit, one per vault type. */
export const emptyCustomerNames: readonly string[] = vaultTypes.map(emptyCustomerName);

/** Whether a stored customer name (already normalised) marks an empty unit. */
export function isEmptyVaultCustomer(customerName: string | null | undefined): boolean {
  return customerName != null && emptyCustomerNames.includes(customerName);
}

/**
 * The customer name an empty unit is stored under, or null for a real customer. The kind the
 * name gives is kept as it is: 'EMPTY T2' stays 'EMPTY T2' whatever `type` says, because a
 * client may send the field's type (vault or couchbox) beside the unit's kind (spec §3, the
 * reference client). Only a bare 'EMPTY' takes its kind from `type`.
 */
export function emptyUnitCustomerName(customerName: string, type: string): string | null {
  const name = normaliseName(customerName);
  if (name === 'EMPTY') return emptyCustomerName(type);
  return emptyCustomerNames.includes(name) ? name : null;
}

/** The kinds an empty unit may be in a field: a couchbox only in a couchbox field (spec §5). */
export function emptyTypesForField(isCouchboxField: boolean): readonly VaultType[] {
  return isCouchboxField ? vaultTypes : vaultTypes.filter((t) => t !== 'couchbox');
}
