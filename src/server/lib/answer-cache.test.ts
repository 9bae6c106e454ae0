import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { JsonAnswer } from './answer-cache';
import { joinPacked, packText } from './gzip-join';

const text = JSON.stringify(
  Array.from({ length: 5000 }, (_, i) => ({ id: i, name: `Vault ${i}`, note: 'ü'.repeat(i % 7) })),
);

async function decodedForms(answer: JsonAnswer): Promise<string[]> {
  return [
    (await answer.bytes()).toString('utf8'),
    zlib.gunzipSync(await answer.encode('gzip')).toString('utf8'),
    zlib.brotliDecompressSync(await answer.encode('br')).toString('utf8'),
  ];
}

describe('JsonAnswer', () => {
  it('sends the same text in every form when kept as its text', async () => {
    const answer = await JsonAnswer.fromText(text);
    expect(await decodedForms(answer)).toEqual([text, text, text]);
    expect(answer.length).toBe(Buffer.byteLength(text));
  });

  it('sends the same text in every form when kept only in gzip', async () => {
    const plain = await JsonAnswer.fromText(text);
    const { gzip, length } = joinPacked([await packText(Buffer.from(text, 'utf8'))]);
    const packed = JsonAnswer.packed(gzip, length, plain.etag);
    expect(await decodedForms(packed)).toEqual([text, text, text]);
    expect(packed.length).toBe(plain.length);
    expect([packed.isKeptInGzipOnly, plain.isKeptInGzipOnly]).toEqual([true, false]);
    // Holds the compressed forms only, not the text.
    expect(packed.size).toBeLessThan(plain.length / 2);
  });

  it('joins pieces as one text in every form', async () => {
    const whole = Buffer.from(text, 'utf8');
    const pieces = [whole.subarray(0, 10), whole.subarray(10, 70_000), whole.subarray(70_000)];
    const joined = JsonAnswer.joined(pieces, '"tag"');
    expect(await decodedForms(joined)).toEqual([text, text, text]);
    expect(joined.length).toBe(whole.length);
  });
});
