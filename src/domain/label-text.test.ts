import { describe, expect, it } from 'vitest';
import { fitText, toDrawable } from './label-text';

// A monospace stand-in: every character is 0.5 points wide at size 1.
const measure = (text: string) => Array.from(text).length * 0.5;

describe('fitText', () => {
  it('keeps the largest size when the text fits', () => {
    expect(fitText('12034', measure, { maxWidth: 100, maxSize: 20, minSize: 6 })).toEqual({
      text: '12034',
      size: 20,
    });
  });

  it('shrinks text to the width before cutting it', () => {
    const fitted = fitText('1234567890', measure, { maxWidth: 50, maxSize: 20, minSize: 6 });
    expect(fitted).toEqual({ text: '1234567890', size: 10 });
  });

  it('cuts with an ellipsis below the smallest size, never wider than the label', () => {
    const long = 'Johnson-Smith Family Trust and Holdings';
    const fitted = fitText(long, measure, { maxWidth: 30, maxSize: 12, minSize: 6 });
    expect(fitted.size).toBe(6);
    expect(fitted.text.endsWith('…')).toBe(true);
    expect(measure(fitted.text) * fitted.size).toBeLessThanOrEqual(30);
    expect(long.startsWith(fitted.text.slice(0, -1))).toBe(true);
  });
});

describe('toDrawable', () => {
  // A font with the ASCII letters and "é" only.
  const hasGlyph = (char: string) => /^[ -~é]$/.test(char);

  it('keeps what the font has and drops accents it lacks', () => {
    expect(toDrawable('Café Dvořák', hasGlyph)).toBe('Café Dvorak');
  });

  it('turns control characters into spaces and what the font cannot show into question marks', () => {
    expect(toDrawable('A\tB\nC', hasGlyph)).toBe('A B C');
    expect(toDrawable('東京 Ł', hasGlyph)).toBe('?? ?');
  });
});
