import { describe, expect, it } from 'vitest';
import { takesVaultNumber, vaultLabel, vaultNumberText } from './vault-number';

describe('vault numbers', () => {
  it('names a vault without a number by its empty type, never by a bracketed type', () => {
    expect(vaultLabel({ name: null, type: 'liftvan' })).toBe('Empty liftvan');
    expect(vaultLabel({ name: null, type: 't2' })).toBe('Empty T2');
    expect(vaultNumberText({ name: null, type: 'couchbox' })).toBe('Empty couchbox');
  });

  it('names a numbered vault by its number', () => {
    expect(vaultLabel({ name: '1042', type: 'vault' })).toBe('Vault 1042');
    expect(vaultNumberText({ name: '1042', type: 'liftvan' })).toBe('#1042');
  });

  it('takes no number for an empty liftvan, T2 or couchbox', () => {
    expect(['vault', 'liftvan', 't2', 'couchbox'].map((t) => takesVaultNumber(true, t))).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect(takesVaultNumber(false, 'couchbox')).toBe(true);
  });
});
