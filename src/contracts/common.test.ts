import { describe, expect, it } from 'vitest';
import { idInput, idSchema } from './common';

describe('ids', () => {
  it('accepts a positive integer as a JSON number or as the decimal string a form sends', () => {
    expect(idInput().parse(12)).toBe(12);
    expect(idInput().parse('12')).toBe(12);
    expect(idInput().parse(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses anything else with the one message', () => {
    const bad = [
      'abc',
      '1.5',
      '-3',
      '0',
      '012',
      ' 1',
      '1e3',
      '9007199254740992',
      '',
      null,
      1.5,
      0,
      -3,
      true,
    ];
    for (const value of bad) {
      const result = idInput('Vault id must be a valid id.').safeParse(value);
      expect(result.success, String(value)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Vault id must be a valid id.');
    }
  });

  it('answers ids as safe positive integers only', () => {
    expect(idSchema.safeParse(7).success).toBe(true);
    expect(idSchema.safeParse('7').success).toBe(false);
    expect(idSchema.safeParse(2 ** 53).success).toBe(false);
  });
});
