import { describe, expect, it } from 'vitest';
import { vaultIdFromKey, vaultIdKey } from './vaults';

describe('the edit route key of a vault without a number', () => {
  it('round-trips an id through id-N', () => {
    expect(vaultIdKey(42)).toBe('id-42');
    expect(vaultIdFromKey(vaultIdKey(42))).toBe(42);
  });

  it('reads a bare number or anything else as no id, so it stays a vault number', () => {
    for (const key of ['42', 'id-', 'id-0', 'id-abc', 'id-1.5', 'ID-4', 'x-id-4']) {
      expect(vaultIdFromKey(key), key).toBeNull();
    }
  });
});
