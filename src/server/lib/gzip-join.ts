import crypto from 'node:crypto';
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const deflateRaw = promisify(zlib.deflateRaw);

/**
 * A text packed so that it joins other packed texts into one gzip stream without being
 * unpacked or packed again (as pigz joins its blocks): raw deflate ended by a sync flush, so
 * it stops on a byte boundary without a final block and refers to nothing before it; with the
 * text's CRC-32 and length, from which the joined stream's trailer is made.
 */
export interface PackedText {
  readonly deflated: Buffer;
  readonly crc: number;
  /** The text's length in bytes. */
  readonly length: number;
  /** A digest of the text (SHA-1, base64url): the joined text's ETag is made from these. */
  readonly tag: string;
  /** Bytes held, for a cache's budget. */
  readonly size: number;
}

/** Gzip's level 1, as every answer we keep compressed (decision 0080). */
const OPTIONS = { level: 1, finishFlush: zlib.constants.Z_SYNC_FLUSH };
/** CRC and digest are synchronous; a large text is read a megabyte at a time, letting others in. */
const SLICE = 1024 * 1024;

function packed(text: Buffer, deflated: Buffer, crc: number, tag: string): PackedText {
  return { deflated, crc, length: text.length, tag, size: deflated.length };
}

/** Packs a text, compressing it on libuv's threads. */
export async function packText(text: Buffer): Promise<PackedText> {
  const deflating = deflateRaw(text, OPTIONS);
  const hash = crypto.createHash('sha1');
  let crc = 0;
  for (let at = 0; at < text.length; at += SLICE) {
    if (at > 0) await yieldToEvents();
    const slice = text.subarray(at, at + SLICE);
    crc = zlib.crc32(slice, crc);
    hash.update(slice);
  }
  return packed(text, await deflating, crc, hash.digest('base64url'));
}

/** Packs a short text (a separator) on this thread. */
export function packShortText(text: string): PackedText {
  const bytes = Buffer.from(text, 'utf8');
  const tag = crypto.createHash('sha1').update(bytes).digest('base64url');
  return packed(bytes, zlib.deflateRawSync(bytes, OPTIONS), zlib.crc32(bytes), tag);
}

const CRC_POLYNOMIAL = 0xedb88320;

/** a times b modulo the CRC-32 polynomial, both as CRC-32 writes them (bit-reversed). */
function multiplyModP(a: number, b: number): number {
  let product = 0;
  let factor = b;
  for (let bit = 0x80000000; bit !== 0; bit >>>= 1) {
    if (a & bit) product ^= factor;
    factor = factor & 1 ? (factor >>> 1) ^ CRC_POLYNOMIAL : factor >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial for k = 0..31, as zlib's crc32_combine tabulates it. */
const X_POWERS: number[] = [];
for (let k = 0, p = 0x40000000; k < 32; k++, p = multiplyModP(p, p)) X_POWERS.push(p);

/** The CRC-32 of a text followed by one of `length` bytes, from the two texts' CRCs. */
export function combineCrc(first: number, second: number, length: number): number {
  // Appending `length` bytes multiplies the first CRC by x^(8 * length).
  let power = 0x80000000;
  for (let n = length, k = 3; n > 0; n = Math.floor(n / 2), k++) {
    if (n % 2 === 1) power = multiplyModP(X_POWERS[k % 32] ?? 0, power);
  }
  return (multiplyModP(power, first) ^ second) >>> 0;
}

/** Gzip's header without a name, time or flags; the operating system is "unknown". */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty fixed-Huffman block marked final: ends the deflate stream on a byte boundary. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** The texts one after the other as one gzip stream (one member), and its length unpacked. */
export function joinPacked(texts: readonly PackedText[]): { gzip: Buffer; length: number } {
  let crc = 0;
  let length = 0;
  for (const text of texts) {
    crc = combineCrc(crc, text.crc, text.length);
    length += text.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  // Gzip's trailer holds the length modulo 2^32.
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  const gzip = Buffer.concat([GZIP_HEADER, ...texts.map((t) => t.deflated), FINAL_BLOCK, trailer]);
  return { gzip, length };
}
