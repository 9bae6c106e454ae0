/**
 * The name a client gave an uploaded file, without any folder it put in front (`C:\scans\`,
 * `../`), control characters or quotes, so it is safe in a download header; `fallback`
 * when nothing is left.
 */
export function cleanFileName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[\p{Cc}"]/gu, '')
    .trim()
    .slice(0, 200);
  return cleaned || fallback;
}
