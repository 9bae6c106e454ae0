import { SCAN_CODE_PATTERN } from '../../contracts/scan-codes';
import { VAULT_NUMBER_MAX_LENGTH } from '../../contracts/limits';

/**
 * What scanned or typed text names: a label's code (its `/s/{code}` address, from any host,
 * or the code as printed under the QR code), or plain text such as the number on an old tag
 * or a field name. Shared by the scan screen and the audit screens.
 */
export type ScannedText =
  { kind: 'code'; code: string; isAddress: boolean; text: string } | { kind: 'text'; text: string };

const CODE_PATH = /^\/s\/([0-9a-z]+)\/?$/i;

export function parseScannedText(raw: string): ScannedText | null {
  const text = raw.trim();
  if (!text) return null;
  if (/^https?:\/\//i.test(text)) {
    try {
      const match = CODE_PATH.exec(new URL(text).pathname);
      const code = match?.[1]?.toUpperCase();
      if (code && SCAN_CODE_PATTERN.test(code))
        return { kind: 'code', code, isAddress: true, text };
    } catch {
      // Not a URL after all: fall through and treat it as text.
    }
  }
  const upper = text.toUpperCase();
  // A bare code must hold a letter: ten digits are far likelier a vault number on an old tag.
  // One with letters may still be a tag's number: the caller tries that when no code matches.
  if (SCAN_CODE_PATTERN.test(upper) && /[A-Z]/.test(upper))
    return { kind: 'code', code: upper, isAddress: false, text };
  if (text.length > VAULT_NUMBER_MAX_LENGTH) return null;
  return { kind: 'text', text };
}
