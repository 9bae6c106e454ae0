import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { combineCrc, joinPacked, packShortText, packText } from './gzip-join';

const vaults = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) =>
    JSON.stringify({ id: from + i, name: `Vault ${from + i}`, note: 'ü'.repeat(i % 7) }),
  ).join(',');

describe('joinPacked', () => {
  it('joins packed texts into one gzip stream of the texts one after the other', async () => {
    // One text over the megabyte its CRC is read in, one empty, and separators.
    const texts = [vaults(0, 30_000), '', vaults(30_000, 3), vaults(40_000, 500)];
    const pieces = await Promise.all(texts.map((t) => packText(Buffer.from(t, 'utf8'))));
    const [open, comma, close] = ['[', ',', ']'].map(packShortText);
    if (!open || !comma || !close) throw new Error('three separators');
    const joined = joinPacked([open, ...pieces.flatMap((p) => [p, comma]), close]);

    const expected = `[${texts.map((t) => `${t},`).join('')}]`;
    const unpacked = zlib.gunzipSync(joined.gzip).toString('utf8');
    expect(unpacked).toBe(expected);
    expect(joined.length).toBe(Buffer.byteLength(expected));
  });

  it('makes a valid gzip stream of no texts', () => {
    expect(zlib.gunzipSync(joinPacked([]).gzip).length).toBe(0);
  });
});

describe('combineCrc', () => {
  it('gives the CRC-32 of two texts joined', () => {
    const a = Buffer.from(vaults(0, 2000));
    for (const b of [Buffer.alloc(0), Buffer.from('x'), Buffer.from(vaults(5, 70_000))]) {
      expect(combineCrc(zlib.crc32(a), zlib.crc32(b), b.length)).toBe(
        zlib.crc32(Buffer.concat([a, b])),
      );
    }
  });
});
