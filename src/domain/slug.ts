/**
 * Route slugs (spec §1: "lowercase, spaces replaced by hyphens"), made safe for a URL path:
 * every run of characters that is not a letter or a digit (spaces, `#`, `?`, `%`, `&`, `/`,
 * hyphens...) becomes one hyphen, and none is left at either end (decision 0021). So
 * "Main #2 & Co" is `main-2-co`, never `main-#2-&-co` or `a--b`. Empty when the name has no
 * letter or digit; callers give a fallback.
 */
export function slugify(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/** The checklist fill path's warehouse name: strip '-checklist', hyphens to spaces. */
export function warehouseNameFromChecklistPath(segment: string): string {
  return segment.replace(/-checklist$/, '').replace(/-/g, ' ');
}
