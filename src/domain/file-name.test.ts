import { describe, expect, it } from 'vitest';
import { cleanFileName } from './file-name';

describe('cleanFileName', () => {
  it('keeps the last part of a Windows or Unix path', () => {
    expect(cleanFileName('C:\\scans\\inventory.pdf', 'attachment')).toBe('inventory.pdf');
    expect(cleanFileName('../../etc/passwd', 'attachment')).toBe('passwd');
  });

  it('drops control characters and quotes that would break a header', () => {
    expect(cleanFileName('in"voice\r\n.pdf', 'attachment')).toBe('invoice.pdf');
  });

  it('falls back when nothing is left', () => {
    expect(cleanFileName('  \u0000 ', 'image.png')).toBe('image.png');
    expect(cleanFileName('folder/', 'attachment')).toBe('attachment');
  });

  it('shortens very long names to 200 characters', () => {
    expect(cleanFileName(`${'a'.repeat(300)}.jpg`, 'x')).toHaveLength(200);
  });
});

describe('cleanFileName and broken Unicode', () => {
  it('drops a surrogate without its partner, which PostgreSQL cannot store in JSON', () => {
    expect(cleanFileName('scan\ud800.pdf', 'x')).toBe('scan.pdf');
  });

  it('never cuts an emoji in half when shortening', () => {
    const name = cleanFileName(`${'a'.repeat(199)}😀😀`, 'x');
    expect(name).toBe(`${'a'.repeat(199)}😀`);
  });
});
