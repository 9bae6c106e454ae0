/** Width of `text` at font size 1, in points; a font's width scales linearly with its size. */
export type MeasureText = (text: string) => number;

export interface FittedText {
  text: string;
  size: number;
}

const ELLIPSIS = '…';

/**
 * The largest size up to `maxSize` at which `text` fits `maxWidth`; below `minSize` the text is
 * cut and ends in an ellipsis instead, so nothing ever runs past the label's edge.
 */
export function fitText(
  text: string,
  measure: MeasureText,
  options: { maxWidth: number; maxSize: number; minSize: number },
): FittedText {
  const { maxWidth, maxSize, minSize } = options;
  const width = measure(text);
  if (width * maxSize <= maxWidth) return { text, size: maxSize };
  if (width * minSize <= maxWidth) return { text, size: maxWidth / width };
  const chars = Array.from(text);
  let low = 0;
  let high = chars.length;
  // The longest prefix that fits with the ellipsis after it.
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    const candidate = chars.slice(0, mid).join('').trimEnd() + ELLIPSIS;
    if (measure(candidate) * minSize <= maxWidth) low = mid;
    else high = mid - 1;
  }
  const cut = chars.slice(0, low).join('').trimEnd();
  return { text: cut ? cut + ELLIPSIS : '', size: minSize };
}

/**
 * Text a font can draw, given which characters it has glyphs for: an accent it lacks is
 * dropped ("ő" -> "o" when it has "o" but not "ő"), control characters become spaces, and
 * anything else becomes "?" rather than an invisible or boxed glyph.
 */
export function toDrawable(text: string, hasGlyph: (char: string) => boolean): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    if (/\s|\p{Cc}/u.test(char)) out += ' ';
    else if (hasGlyph(char)) out += char;
    else {
      const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
      out += base && Array.from(base).every(hasGlyph) ? base : '?';
    }
  }
  return out;
}
