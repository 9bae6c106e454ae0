import { describe, expect, it } from 'vitest';
import { fillGrantOf, holdsFillGrant } from './fill-grant';

describe('fill grants', () => {
  const token = 'k3Jx9QpL2mZr8VtY1wN0aB';

  it('are a fixed-length hash of the link token that does not contain the token', () => {
    const grant = fillGrantOf(token);
    expect(grant).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(grant).toBe(fillGrantOf(token));
    expect(grant).not.toContain(token);
    expect(fillGrantOf(`${token.slice(0, -1)}C`)).not.toBe(grant);
  });

  it("are held only when one of the caller's grants is the checklist's", () => {
    const other = fillGrantOf('Zz9QpL2mZr8VtY1wN0aBk3');
    expect(holdsFillGrant([other, fillGrantOf(token)], token)).toBe(true);
    expect(holdsFillGrant([other], token)).toBe(false);
    expect(holdsFillGrant([], token)).toBe(false);
    // The token itself is not its grant.
    expect(holdsFillGrant([token], token)).toBe(false);
  });
});
