import { describe, expect, it } from 'vitest';
import {
  isAddressKey,
  lockoutMinutes,
  retryMessage,
  SIGN_IN_FIRST_LOCKOUT_MINUTES,
  SIGN_IN_MAX_LOCKOUT_MINUTES,
  signInLimits,
} from './sign-in-limits';

describe('signInLimits', () => {
  it('counts a stranger against the email, the address, and the two together, in key order', () => {
    const keys = signInLimits({ email: 'a@b.c', ip: '10.0.0.1', knownDevice: null }).map(
      (l) => l.key,
    );
    expect(keys).toEqual(['email:a@b.c', 'ip-email:10.0.0.1:a@b.c', 'ip:10.0.0.1']);
    expect(keys.filter(isAddressKey)).toEqual(['ip:10.0.0.1']);
  });

  it('counts a known device only against itself', () => {
    const limits = signInLimits({ email: 'a@b.c', ip: '10.0.0.1', knownDevice: 'abc' });
    expect(limits.map((l) => l.key)).toEqual(['device:abc:a@b.c']);
  });
});

describe('lockoutMinutes', () => {
  it('doubles with each lockout, up to the ceiling', () => {
    expect([0, 1, 2, 3].map(lockoutMinutes)).toEqual(
      [1, 2, 4, 8].map((n) => n * SIGN_IN_FIRST_LOCKOUT_MINUTES),
    );
    expect(lockoutMinutes(1000)).toBe(SIGN_IN_MAX_LOCKOUT_MINUTES);
  });
});

describe('retryMessage', () => {
  it('rounds up to whole minutes', () => {
    expect(retryMessage(0.2)).toBe('Too many failed sign-in attempts. Try again in 1 minute.');
    expect(retryMessage(1.5)).toBe('Too many failed sign-in attempts. Try again in 2 minutes.');
  });
});
