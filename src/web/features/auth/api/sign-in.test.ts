import { describe, expect, it } from 'vitest';
import { sessionState, login } from '../../../../contracts/auth';
import { SIGN_IN_PATHS } from './sign-in';

describe('the signed-out pages call the auth contract', () => {
  it('at the contract paths', () => {
    expect(SIGN_IN_PATHS).toEqual({ session: sessionState.path, login: login.path });
  });
});
