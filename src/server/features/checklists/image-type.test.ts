import { describe, expect, it } from 'vitest';
import { detectImageType } from './image-type';

const heic = () => {
  const buf = Buffer.alloc(32);
  buf.writeUInt32BE(24, 0);
  buf.write('ftypheic', 4, 'latin1');
  buf.write('mif1heic', 16, 'latin1');
  return buf;
};

describe('detectImageType', () => {
  it.each([
    [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]), 'image/jpeg'],
    [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]), 'image/png'],
    [Buffer.from('GIF89a....', 'latin1'), 'image/gif'],
    [Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'), 'image/webp'],
    [heic(), 'image/heic'],
  ])('recognises %#', (buf, type) => {
    expect(detectImageType(buf)).toBe(type);
  });

  it.each([
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    Buffer.from('%PDF-1.7'),
    Buffer.from('<html><script>alert(1)</script>'),
    Buffer.alloc(0),
    Buffer.from('\0\0\0\x18ftypmp42mp42isom', 'latin1'),
  ])('refuses what is not an image (%#)', (buf) => {
    expect(detectImageType(buf)).toBeNull();
  });
});
