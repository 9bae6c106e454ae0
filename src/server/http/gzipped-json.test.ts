import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { GzippedJson, acceptsGzip, gzipArray, gzipJson, readGzippedJson } from './gzipped-json';

describe('acceptsGzip', () => {
  it('takes gzip named or by *, in any case, unless its quality is 0', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, GZIP;Q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('*;q=0')).toBe(false);
    expect(acceptsGzip('br')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});

describe('GzippedJson', () => {
  it('keeps gzip a client can read, and joins parts into one array', async () => {
    const a = await gzipJson({ id: 1, name: 'Main' });
    const b = await gzipJson({ id: 2, name: 'Annex' });
    expect(JSON.parse(zlib.gunzipSync(a).toString())).toEqual({ id: 1, name: 'Main' });
    expect(await readGzippedJson(new GzippedJson([a]))).toEqual({ id: 1, name: 'Main' });
    expect(await readGzippedJson(new GzippedJson([a, b], true))).toEqual([
      { id: 1, name: 'Main' },
      { id: 2, name: 'Annex' },
    ]);
    expect(await readGzippedJson(new GzippedJson([], true))).toEqual([]);
  });

  it('gzips parts into one JSON array, and no parts into an empty one', async () => {
    // Unzipped, the middle part is larger than one piece of zlib output (1 MiB).
    const big = { rows: Array.from({ length: 150_000 }, (_, i) => `row ${i}`) };
    const parts = await Promise.all([{ id: 1 }, big, { id: 3 }].map(gzipJson));
    const read = async (p: Buffer[]) => JSON.parse(zlib.gunzipSync(await gzipArray(p)).toString());
    expect(await read(parts)).toEqual([{ id: 1 }, big, { id: 3 }]);
    expect(await read([])).toEqual([]);
  });
});
