import { describe, expect, it } from 'vitest';
import { formatWeight } from './format';

describe('formatWeight', () => {
  it('groups thousands and keeps tenths only when weighed to them', () => {
    expect(formatWeight(1250)).toBe('1,250 lb');
    expect(formatWeight(900)).toBe('900 lb');
    expect(formatWeight(1250.5)).toBe('1,250.5 lb');
    expect(formatWeight(0)).toBe('0 lb');
  });
});
