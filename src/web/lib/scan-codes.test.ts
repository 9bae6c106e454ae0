import { describe, expect, it } from 'vitest';
import { parseScannedText } from './scan-codes';

describe('parseScannedText', () => {
  it('reads the code from a label address of any host', () => {
    expect(parseScannedText('https://vaults.example.com/s/7K3M9QX2AB')).toMatchObject({
      kind: 'code',
      code: '7K3M9QX2AB',
      isAddress: true,
    });
    expect(parseScannedText(' http://192.168.1.5:3000/s/7k3m9qx2ab/ ')).toMatchObject({
      kind: 'code',
      code: '7K3M9QX2AB',
    });
  });

  it('reads a code typed from under the QR code', () => {
    expect(parseScannedText('7k3m9qx2ab')).toEqual({
      kind: 'code',
      code: '7K3M9QX2AB',
      isAddress: false,
      text: '7k3m9qx2ab',
    });
  });

  it('takes plain numbers and field names as text, ten digits included', () => {
    expect(parseScannedText('12034')).toEqual({ kind: 'text', text: '12034' });
    expect(parseScannedText('1234567890')).toEqual({ kind: 'text', text: '1234567890' });
    expect(parseScannedText('B7')).toEqual({ kind: 'text', text: 'B7' });
  });

  it('ignores empty input, other addresses and text longer than any vault number', () => {
    expect(parseScannedText('   ')).toBeNull();
    expect(parseScannedText('https://example.com/other/page')).toEqual({
      kind: 'text',
      text: 'https://example.com/other/page',
    });
    expect(parseScannedText('x'.repeat(41))).toBeNull();
  });
});
