import { FILE_NAME_MAX_LENGTH } from '../contracts/limits';

/**
 * The name a client gave an uploaded file, without any folder it put in front (`C:\scans\`,
 * `../`), control characters, broken Unicode or quotes, so it is safe in a download header; `fallback`
 * when nothing is left.
 */
export function cleanFileName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // \p{Cs} matches only a surrogate without its partner; cutting by code points keeps pairs whole.
  const cleaned = Array.from(base.replace(/[\p{Cc}\p{Cs}"]/gu, '').trim())
    .slice(0, FILE_NAME_MAX_LENGTH)
    .join('');
  return cleaned || fallback;
}
