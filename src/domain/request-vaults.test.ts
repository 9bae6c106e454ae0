import { describe, expect, it } from 'vitest';
import {
  MAX_REQUEST_ITEMS,
  isOpenRequest,
  parseRequestItems,
  vaultsHoldingItems,
} from './request-vaults';

describe('parseRequestItems', () => {
  it('reads each item once, ranges tag by tag', () => {
    expect(parseRequestItems('LOT 4471, tags 37, 112, 37; 4472: 5-7')).toEqual({
      ok: true,
      items: [
        { lot: '4471', tag: 37 },
        { lot: '4471', tag: 112 },
        { lot: '4472', tag: 5 },
        { lot: '4472', tag: 6 },
        { lot: '4472', tag: 7 },
      ],
    });
  });

  it('refuses no items, bad text and too many items with a sentence', () => {
    expect(parseRequestItems('  ')).toMatchObject({ ok: false, error: /Name the items/ });
    expect(parseRequestItems('LOT 4471, tags x')).toMatchObject({ ok: false, error: /"x"/ });
    expect(parseRequestItems(`LOT 1, tags 1-${MAX_REQUEST_ITEMS + 1}`)).toMatchObject({
      ok: false,
      error: /at most/,
    });
  });
});

describe('vaultsHoldingItems', () => {
  const ranges = [
    { vaultId: 1, lot: '4471', first: 1, last: 100 },
    { vaultId: 2, lot: '4471', first: 101, last: 200 },
    { vaultId: 3, lot: '4472', first: 1, last: 50 },
  ];

  it('finds each holding vault once, in the order of the items', () => {
    const items = [
      { lot: '4471', tag: 112 },
      { lot: '4471', tag: 37 },
      { lot: '4471', tag: 150 },
    ];
    expect(vaultsHoldingItems(items, ranges, 'SMITH')).toEqual({ ok: true, vaultIds: [2, 1] });
  });

  it('names an item no vault holds', () => {
    const result = vaultsHoldingItems(
      [
        { lot: '4471', tag: 37 },
        { lot: '4472', tag: 405 },
      ],
      ranges,
      'SMITH',
    );
    expect(result).toEqual({
      ok: false,
      error:
        'No vault of SMITH in storage holds LOT 4472, tag 405. Check the tag numbers on the inventory.',
    });
  });
});

describe('isOpenRequest', () => {
  it('holds vaults until the request is done or cancelled', () => {
    expect(isOpenRequest('asked')).toBe(true);
    expect(isOpenRequest('in_progress')).toBe(true);
    expect(isOpenRequest('done')).toBe(false);
    expect(isOpenRequest('cancelled')).toBe(false);
  });
});
