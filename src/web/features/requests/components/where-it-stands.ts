import type { VaultStanding } from '../../../../contracts/customers';
import type { RequestVault } from '../../../../contracts/requests';

/** Where a customer's vault stands, in one line for the office. */
export function describeStanding(standing: VaultStanding): string {
  if (standing.at === 'released') return `Released ${standing.on}`;
  if (standing.at === 'stage')
    return standing.lastField ? `Staged (from ${standing.lastField})` : 'Staged';
  return `${standing.warehouse}, field ${standing.field}, position ${standing.position}`;
}

/** Where a vault of a request stands now, in one line for the office and the crew. */
export function describeRequestVault(v: RequestVault): string {
  if (v.released_on !== null) return `Released ${v.released_on}`;
  if (v.staged) return v.warehouse_name ? `Staged (${v.warehouse_name})` : 'Staged';
  return `${v.warehouse_name ?? ''}, field ${v.field_name ?? ''}, position ${v.position ?? ''}`;
}
