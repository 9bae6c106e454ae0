// An upload is an image only if its first bytes say so: names and declared types are the
// sender's word, the content is not.

const HEIF_BRANDS = new Set([
  'heic',
  'heix',
  'hevc',
  'hevx',
  'heim',
  'heis',
  'hevm',
  'hevs',
  'mif1',
  'msf1',
]);

const startsWith = (buf: Buffer, bytes: readonly number[], offset = 0) =>
  buf.length >= offset + bytes.length && bytes.every((b, i) => buf[offset + i] === b);

const ascii = (buf: Buffer, start: number, end: number) =>
  buf.length >= end ? buf.subarray(start, end).toString('latin1') : '';

/** The image type of the content (JPEG, PNG, GIF, WebP, HEIC/HEIF), or null for anything else. */
export function detectImageType(buf: Buffer): string | null {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  const gif = ascii(buf, 0, 6);
  if (gif === 'GIF87a' || gif === 'GIF89a') return 'image/gif';
  if (ascii(buf, 0, 4) === 'RIFF' && ascii(buf, 8, 12) === 'WEBP') return 'image/webp';
  // ISO base media file: [size]['ftyp'][major brand]...[compatible brands]; phones write HEIC.
  if (ascii(buf, 4, 8) === 'ftyp') {
    const boxSize = buf.readUInt32BE(0);
    const end = Math.min(buf.length, Math.max(16, boxSize));
    const brands = [ascii(buf, 8, 12)];
    for (let i = 16; i + 4 <= end; i += 4) brands.push(ascii(buf, i, i + 4));
    const heif = brands.find((b) => HEIF_BRANDS.has(b));
    if (heif) return heif.startsWith('he') ? 'image/heic' : 'image/heif';
  }
  return null;
}

export const IMAGE_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heif',
};
