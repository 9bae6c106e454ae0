import { expect } from 'vitest';

/**
 * An id that no row has, for "missing or foreign answers 404" tests. It follows the API's id
 * form (a positive integer), far above any number a test database hands out.
 */
export const MISSING_ID = 2_000_000_000;

/** Asserts that a value is an entity id in the API's id form: a positive safe integer. */
export function expectId(value: unknown): void {
  expect(typeof value).toBe('number');
  expect(Number.isSafeInteger(value)).toBe(true);
  expect(value as number).toBeGreaterThan(0);
}
