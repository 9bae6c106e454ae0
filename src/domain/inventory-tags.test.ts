import { describe, expect, it } from 'vitest';
import { formatTagRanges, parseTagRanges, tagQuery } from './inventory-tags';

describe('parseTagRanges', () => {
  it('reads lots and ranges in the ways staff write them', () => {
    expect(parseTagRanges('LOT 4471, tags 1-120, 130; lot a12: 5 - 9\n4472 7')).toEqual({
      ok: true,
      ranges: [
        { lot: '4471', first: 1, last: 120 },
        { lot: '4471', first: 130, last: 130 },
        { lot: 'A12', first: 5, last: 9 },
        { lot: '4472', first: 7, last: 7 },
      ],
    });
    expect(parseTagRanges('  ')).toEqual({ ok: true, ranges: [] });
  });

  it('says what is wrong with a range it cannot take', () => {
    expect(parseTagRanges('4471')).toEqual({
      ok: false,
      error: '"4471" needs a lot and its tags, as in "LOT 4471, tags 1-120".',
    });
    expect(parseTagRanges('LOT 4471, tags 9-3')).toEqual({
      ok: false,
      error: 'The range 9-3 in lot 4471 runs backwards.',
    });
    expect(parseTagRanges('LOT 4471, tags 1-x')).toMatchObject({ ok: false });
    expect(parseTagRanges('LOT 4471, tags 0-3')).toMatchObject({ ok: false });
  });

  it('writes back what it read', () => {
    const text = 'LOT 4471, tags 1-120, 130; LOT A12, tags 5-9';
    const read = parseTagRanges(text);
    expect(read.ok && formatTagRanges(read.ranges)).toBe(text);
  });
});

describe('tagQuery', () => {
  it('reads a lot and a tag from a search text', () => {
    expect(tagQuery('4471-37')).toEqual({ lot: '4471', tag: 37 });
    expect(tagQuery(' lot 4471 tag 37 ')).toEqual({ lot: '4471', tag: 37 });
    expect(tagQuery('a12/5')).toEqual({ lot: 'A12', tag: 5 });
  });

  it('is null for texts that name no tag', () => {
    expect(tagQuery('4471')).toBeNull();
    expect(tagQuery('SMITH')).toBeNull();
    expect(tagQuery('4471-0')).toBeNull();
  });
});
