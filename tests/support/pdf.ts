import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

// Reads label PDFs back the way a printer and a phone would see them: poppler-utils for page
// sizes, text and pixels, and the zxing decoder (its wasm read from node_modules) for QR codes.

prepareZXingModule({
  overrides: {
    wasmBinary: readFileSync(
      createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'),
    ).buffer as ArrayBuffer,
  },
});

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function withPdf<T>(pdf: Buffer, work: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vaultgrid-pdf-'));
  try {
    const file = path.join(dir, 'labels.pdf');
    writeFileSync(file, pdf);
    return work(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Page count and the size of every page, in points, from pdfinfo. */
export function pdfPages(pdf: Buffer): { count: number; sizes: [number, number][] } {
  return withPdf(pdf, (file) => {
    const info = execFileSync('pdfinfo', ['-f', '1', '-l', '9999', file], { encoding: 'utf8' });
    const count = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
    const sizes = [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map(
      (m): [number, number] => [Number(m[1]), Number(m[2])],
    );
    return { count, sizes };
  });
}

const crop = (box: Box, dpi: number) =>
  ['-x', box.x, '-y', box.y, '-W', box.width, '-H', box.height].map((v) =>
    typeof v === 'number' ? String(Math.round((v * dpi) / 72)) : v,
  );

/** The text pdftotext finds inside one box of one page (1-based), lines joined by spaces. */
export function textIn(pdf: Buffer, page: number, box: Box): string {
  return withPdf(pdf, (file) =>
    execFileSync(
      'pdftotext',
      ['-f', String(page), '-l', String(page), '-r', '72', ...crop(box, 72), file, '-'],
      { encoding: 'utf8' },
    )
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

/** Every word on a page with its box in points (pdftotext -bbox). */
export function wordsOn(pdf: Buffer, page: number): { text: string; box: Box }[] {
  return withPdf(pdf, (file) => {
    const html = execFileSync(
      'pdftotext',
      ['-bbox', '-f', String(page), '-l', String(page), file, '-'],
      { encoding: 'utf8' },
    );
    return [
      ...html.matchAll(
        /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
      ),
    ].map((m) => ({
      text: m[5] ?? '',
      box: {
        x: Number(m[1]),
        y: Number(m[2]),
        width: Number(m[3]) - Number(m[1]),
        height: Number(m[4]) - Number(m[2]),
      },
    }));
  });
}

/** The QR codes a camera would read inside one box of a page, rendered at 300 dpi. */
export async function qrCodesIn(pdf: Buffer, page: number, box: Box): Promise<string[]> {
  const png = withPdf(pdf, (file, dir) => {
    const out = path.join(dir, 'label');
    execFileSync('pdftoppm', [
      '-f',
      String(page),
      '-l',
      String(page),
      '-r',
      '300',
      ...crop(box, 300),
      '-png',
      '-singlefile',
      file,
      out,
    ]);
    return readFileSync(`${out}.png`);
  });
  const results = await readBarcodes(new Uint8Array(png), { formats: ['QRCode'] });
  return results.map((r) => r.text);
}

/** The QR codes a phone's camera would read in a picture, such as a screenshot of a screen. */
export async function qrCodesInPicture(png: Buffer): Promise<string[]> {
  const results = await readBarcodes(new Uint8Array(png), { formats: ['QRCode'] });
  return results.map((r) => r.text);
}

/** The scan codes printed under the QR codes, in label order. */
export function printedCodes(pdf: Buffer): string[] {
  return withPdf(pdf, (file) =>
    [
      ...execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).matchAll(
        /\b[0-9A-HJKMNP-TV-Z]{10}\b/g,
      ),
    ].map((m) => m[0]),
  );
}
