/**
 * Customer and order names, of vaults and pallets alike, are kept upper-cased with single
 * spaces, so 'smith ', 'SMITH' and 'JOHN  SMITH' / 'JOHN SMITH' are each one customer.
 */
export function normaliseName(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toUpperCase();
}

/**
 * Names cut for tiles, grid rows and the floor plan (spec §9: 8, 10 or 15 characters): at
 * most `max` characters, and an ellipsis when something was cut.
 */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
