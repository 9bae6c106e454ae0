import { OCCUPANCY_THRESHOLDS } from '../contracts/limits';

/** Vaults a field can hold: couchbox fields hold one more than the warehouse capacity. */
export function fieldSlotCount(fieldCapacity: number, fieldType: string): number {
  return fieldType === 'vault' ? fieldCapacity : fieldCapacity + 1;
}

export function warehouseCapacity(rows: number, cols: number, fieldCapacity: number): number {
  return rows * cols * fieldCapacity;
}

/** Percentage of the warehouse taken by non-empty vaults, rounded; 0 for a warehouse with no room. */
export function occupancyPercent(nonEmptyVaults: number, capacity: number): number {
  if (capacity <= 0) return 0;
  return Math.round((nonEmptyVaults / capacity) * 100);
}

export type OccupancyLevel = 'danger' | 'warning' | 'caution' | 'ok';

/** 75 and above red, 50 and above orange, 25 and above yellow, else green. */
export function occupancyLevel(percent: number): OccupancyLevel {
  if (percent >= OCCUPANCY_THRESHOLDS.danger) return 'danger';
  if (percent >= OCCUPANCY_THRESHOLDS.warning) return 'warning';
  if (percent >= OCCUPANCY_THRESHOLDS.caution) return 'caution';
  return 'ok';
}

/** Empty vaults carry a customer name of the form 'EMPTY {TYPE}'. */
export function emptyCustomerName(type: string): string {
  return `EMPTY ${type.toUpperCase()}`;
}

export function isEmptyCustomerName(customerName: string | null | undefined): boolean {
  return (customerName ?? '').toUpperCase().includes('EMPTY');
}
