import { expect } from 'vitest';

/**
 * An id that no row has, for "missing or foreign answers 404" tests. It follows the API's id
 * form, so a test that uses it keeps working when that form changes.
 */
export const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** Asserts that a value is an entity id in the API's id form. */
export function expectId(value: unknown): void {
  expect(value).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
}
