import { describe, expect, it } from 'vitest';
import { takesVaultNumber, vaultLabel, vaultNumberText, vaultStageName } from './vault-number';

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

  it('names the vault to stage by its number, else by its place and what it is', () => {
    const unit = { type: 'liftvan', position: 2 };
    expect(vaultStageName({ ...unit, name: '1042', customer_name: 'SMITH' }, 'A1')).toBe('1042');
    expect(vaultStageName({ ...unit, name: null, customer_name: 'EMPTY LIFTVAN' }, 'A1')).toBe(
      'A1 position 2, an empty liftvan',
    );
    expect(vaultStageName({ ...unit, name: null, customer_name: 'SMITH' }, 'B3')).toBe(
      "B3 position 2, SMITH's liftvan",
    );
  });
});
