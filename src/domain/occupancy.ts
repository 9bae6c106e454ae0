import { OCCUPANCY_THRESHOLDS } from '../contracts/limits';

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
