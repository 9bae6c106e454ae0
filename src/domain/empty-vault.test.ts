import { describe, expect, it } from 'vitest';
import { emptyCustomerName, emptyUnitCustomerName, isEmptyVaultCustomer } from './empty-vault';

describe('empty vaults', () => {
  it('names an empty unit EMPTY {TYPE}', () => {
    expect(emptyCustomerName('liftvan')).toBe('EMPTY LIFTVAN');
    expect(emptyCustomerName('t2')).toBe('EMPTY T2');
  });
  it('recognises exactly the EMPTY {TYPE} names', () => {
    expect(isEmptyVaultCustomer('EMPTY VAULT')).toBe(true);
    expect(isEmptyVaultCustomer('EMPTY T2')).toBe(true);
    expect(isEmptyVaultCustomer('EMPTY NEST MOVERS')).toBe(false);
    expect(isEmptyVaultCustomer('EMPTYWAY MOVERS')).toBe(false);
    expect(isEmptyVaultCustomer('SMITH')).toBe(false);
    expect(isEmptyVaultCustomer(null)).toBe(false);
  });
  it('keeps the kind an empty name gives, whatever the type beside it', () => {
    expect(emptyUnitCustomerName('EMPTY T2', 'vault')).toBe('EMPTY T2');
    expect(emptyUnitCustomerName('empty  liftvan', 'couchbox')).toBe('EMPTY LIFTVAN');
    expect(emptyUnitCustomerName('EMPTY COUCHBOX', 'couchbox')).toBe('EMPTY COUCHBOX');
    expect(emptyUnitCustomerName('EMPTY', 't2')).toBe('EMPTY T2');
    expect(emptyUnitCustomerName('Empty Nest Movers', 'vault')).toBeNull();
    expect(emptyUnitCustomerName('SMITH', 'vault')).toBeNull();
  });
});
