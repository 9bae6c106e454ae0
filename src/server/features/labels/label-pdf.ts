import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { LabelFormat } from '../../../contracts/labels';
import { labelBox, labelSheets } from '../../../domain/label-sheets';
import { fitText } from '../../../domain/label-text';
import { drawableText, registerPdfFonts, type PdfFont } from '../../lib/pdf-fonts';

/** What one label shows: a large title, a few smaller lines, and the QR code of its address. */
export interface LabelContent {
  title: string;
  lines: string[];
  url: string;
  /** Printed under the QR code, so a label whose code will not scan can still be typed in. */
  code: string;
}

const TITLE_FONT: PdfFont = 'bold';
const LINE_FONT: PdfFont = 'regular';
// DejaVu's line height (ascender - descender) is about 1.16 em; a little more separates lines.
const LINE_HEIGHT = 1.2;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface Layout {
  qr: Box;
  codeSize: number;
  text: Box;
  titleSize: [max: number, min: number];
  lineSize: [max: number, min: number];
}

/** Tall labels (4 x 6 in) stack text over a large QR code; wide ones put the QR code on the left. */
function layoutFor(box: Box): Layout {
  if (box.height > box.width) {
    const pad = box.width * 0.06;
    const codeSize = box.height * 0.03;
    const qrSize = Math.min(box.width - 2 * pad, box.height * 0.5);
    const qrTop = box.y + box.height - pad - codeSize * LINE_HEIGHT - qrSize;
    return {
      qr: { x: box.x + (box.width - qrSize) / 2, y: qrTop, width: qrSize, height: qrSize },
      codeSize,
      text: { x: box.x + pad, y: box.y + pad, width: box.width - 2 * pad, height: qrTop - box.y },
      titleSize: [box.height * 0.13, box.height * 0.05],
      lineSize: [box.height * 0.05, box.height * 0.025],
    };
  }
  const pad = box.height * 0.08;
  const codeSize = Math.max(4.5, box.height * 0.07);
  const qrSize = box.height - 2 * pad - codeSize * LINE_HEIGHT;
  const textX = box.x + 2 * pad + qrSize;
  return {
    qr: { x: box.x + pad, y: box.y + pad, width: qrSize, height: qrSize },
    codeSize,
    text: {
      x: textX,
      y: box.y + pad,
      width: box.x + box.width - pad - textX,
      height: box.height - 2 * pad,
    },
    titleSize: [box.height * 0.28, box.height * 0.14],
    lineSize: [box.height * 0.1, Math.max(4.5, box.height * 0.065)],
  };
}

/** Dark modules as rectangles, one per horizontal run: a third of the drawing operations. */
function drawQr(doc: PDFKit.PDFDocument, url: string, box: Box): void {
  const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  // One module of quiet zone inside the box; the label's own margin adds the rest.
  const module = box.width / (count + 2);
  const left = box.x + module;
  const top = box.y + module;
  const data = qr.modules.data;
  for (let row = 0; row < count; row++) {
    let runStart = -1;
    for (let col = 0; col <= count; col++) {
      const dark = col < count && data[row * count + col] === 1;
      if (dark && runStart < 0) runStart = col;
      if (!dark && runStart >= 0) {
        doc.rect(left + runStart * module, top + row * module, (col - runStart) * module, module);
        runStart = -1;
      }
    }
  }
  doc.fill('black');
}

function drawFitted(
  doc: PDFKit.PDFDocument,
  font: PdfFont,
  text: string,
  at: { x: number; y: number; width: number; align?: 'center' },
  size: [max: number, min: number],
): number {
  doc.font(font).fontSize(1);
  const fitted = fitText(drawableText(text, font), (t) => doc.widthOfString(t), {
    maxWidth: at.width,
    maxSize: size[0],
    minSize: size[1],
  });
  doc.fontSize(fitted.size);
  const x = at.align === 'center' ? at.x + (at.width - doc.widthOfString(fitted.text)) / 2 : at.x;
  doc.text(fitted.text, x, at.y, { lineBreak: false });
  return fitted.size * LINE_HEIGHT;
}

function drawLabel(doc: PDFKit.PDFDocument, label: LabelContent, box: Box): void {
  const layout = layoutFor(box);
  drawQr(doc, label.url, layout.qr);
  drawFitted(
    doc,
    LINE_FONT,
    label.code,
    { x: layout.qr.x, y: layout.qr.y + layout.qr.height, width: layout.qr.width, align: 'center' },
    [layout.codeSize, layout.codeSize * 0.6],
  );
  const { text } = layout;
  let y = text.y;
  y += drawFitted(doc, TITLE_FONT, label.title, { ...text, y }, layout.titleSize);
  for (const line of label.lines) {
    if (y + layout.lineSize[1] * LINE_HEIGHT > text.y + text.height) break;
    y += drawFitted(doc, LINE_FONT, line, { ...text, y }, layout.lineSize);
  }
}

// Drawing is synchronous: a large PDF hands the thread back between batches, so other
// requests are answered while it renders.
const LABELS_PER_TURN = 50;

/** A PDF of `labels` on the format's stock, every page at its exact size. */
export async function renderLabelsPdf(
  format: LabelFormat,
  labels: readonly LabelContent[],
  title: string,
): Promise<Buffer> {
  const sheet = labelSheets[format];
  const doc = new PDFDocument({
    autoFirstPage: false,
    margin: 0,
    info: { Title: title, Creator: 'Vaultgrid' },
  });
  registerPdfFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  let page = -1;
  for (let index = 0; index < labels.length; index++) {
    if (index > 0 && index % LABELS_PER_TURN === 0) await new Promise(setImmediate);
    const box = labelBox(sheet, index);
    if (box.page !== page) {
      doc.addPage({ size: [sheet.pageWidth, sheet.pageHeight], margin: 0 });
      page = box.page;
    }
    const label = labels[index];
    if (label) drawLabel(doc, label, box);
  }
  doc.end();
  return done;
}
