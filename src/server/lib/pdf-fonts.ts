import fs from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { toDrawable } from '../../domain/label-text';

// DejaVu Sans Condensed, from npm: Latin with every accent, Greek and Cyrillic, in a width that
// keeps names on a 2 x 1 in label. The PDF standard fonts draw Western European text only, and
// a customer named "Łukasz Wróbel" or "Дмитрий" must print as written (decision 0036).
const require = createRequire(import.meta.url);
export type PdfFont = 'regular' | 'bold';

interface LoadedFont {
  bytes: Buffer;
  hasGlyph: (char: string) => boolean;
}

let loaded: Record<PdfFont, LoadedFont> | null = null;

/** Read once per process: both files are about 1.3 MB, and every PDF embeds a subset of them. */
function fonts(): Record<PdfFont, LoadedFont> {
  if (loaded) return loaded;
  const load = (file: string): LoadedFont => {
    const bytes = fs.readFileSync(file);
    const font = fontkit.create(bytes);
    if (!('hasGlyphForCodePoint' in font)) throw new Error(`${file} is a font collection`);
    return {
      bytes,
      hasGlyph: (char) => font.hasGlyphForCodePoint(char.codePointAt(0) ?? 0),
    };
  };
  loaded = {
    regular: load(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf')),
    bold: load(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf')),
  };
  return loaded;
}

/** Registers the fonts under the names `regular` and `bold` in a new document. */
export function registerPdfFonts(doc: PDFKit.PDFDocument): void {
  for (const [name, font] of Object.entries(fonts())) doc.registerFont(name, font.bytes);
}

/** `text` as the font can draw it (see `toDrawable`). */
export function drawableText(text: string, font: PdfFont = 'regular'): string {
  return toDrawable(text, fonts()[font].hasGlyph);
}
