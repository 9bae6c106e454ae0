import PDFDocument from 'pdfkit';
import { drawableText, registerPdfFonts } from '../../lib/pdf-fonts';
import { findingStatusLabels, type Audit, type AuditFinding } from '../../../contracts/audits';
import { CSV_BOM, csvRow } from '../../../domain/csv';

const CSV_HEADER = [
  'Field',
  'Status',
  'Vault',
  'Seen at position',
  'Recorded at position',
  'Recorded elsewhere at',
  'Fixed',
  'Fixed by',
  'Fixed at',
];

export function auditFileName(audit: Audit, extension: 'csv' | 'pdf'): string {
  return `audit-${audit.id}.${extension}`;
}

/** One row per finding, fields in audit order; an unchecked field gets one row saying so. */
export function auditCsv(audit: Audit): string {
  let out = CSV_BOM + csvRow(CSV_HEADER);
  for (const field of audit.fields) {
    if (field.seen === null) {
      out += csvRow([field.field_name, 'Not checked']);
      continue;
    }
    if (field.findings.length === 0) out += csvRow([field.field_name, 'Empty, as recorded']);
    for (const f of field.findings) {
      out += csvRow([
        field.field_name,
        findingStatusLabels[f.status],
        f.vault_name ?? '(no number)',
        f.seen_position,
        f.recorded_position,
        f.recorded_place,
        f.fixed?.action ?? '',
        f.fixed?.by ?? '',
        f.fixed?.at ?? '',
      ]);
    }
  }
  return out;
}

function findingLine(f: AuditFinding): string {
  const vault = f.vault_name ?? '(no number)';
  const where = [
    f.seen_position !== null ? `seen at ${f.seen_position}` : null,
    f.recorded_position !== null ? `recorded at ${f.recorded_position}` : null,
    f.recorded_place ? `recorded in ${f.recorded_place}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  const fixed = f.fixed ? ` (fixed: ${f.fixed.action}, by ${f.fixed.by ?? 'unknown'})` : '';
  return `${vault}: ${findingStatusLabels[f.status]}${where ? `; ${where}` : ''}${fixed}`;
}

/** A US Letter report in the fonts the labels use, so names print as written in any script. */
export function auditPdf(audit: Audit): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 54, info: { Title: `Audit ${audit.id}` } });
  registerPdfFonts(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const heading = (text: string, size: number) =>
    doc.font('bold').fontSize(size).text(drawableText(text, 'bold'));
  const line = (text: string, options?: PDFKit.Mixins.TextOptions) =>
    doc.text(drawableText(text), options);

  heading(`Floor audit ${audit.id}`, 18);
  doc.font('regular').fontSize(11);
  line(`${audit.warehouse_name}, ${audit.scope_label}`);
  line(`Started ${audit.started_at} by ${audit.started_by ?? 'unknown'}`);
  line(
    `${audit.checked_count} of ${audit.field_count} fields checked; ${audit.open_count} findings open`,
  );
  doc.moveDown();
  for (const field of audit.fields) {
    heading(`Field ${field.field_name}`, 12);
    doc.font('regular').fontSize(10);
    if (field.seen === null) line('Not checked.');
    else {
      line(
        `Checked ${field.checked_at ?? ''} by ${field.checked_by ?? 'unknown'}. Seen bottom to top: ${field.seen.join(', ') || 'nothing'}.`,
      );
      for (const f of field.findings) line(`- ${findingLine(f)}`, { indent: 12 });
    }
    doc.moveDown(0.5);
  }
  doc.end();
  return done;
}
