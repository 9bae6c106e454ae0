import PDFDocument from 'pdfkit';
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

/** A US Letter report with the standard Helvetica fonts, which pdfkit carries itself. */
export function auditPdf(audit: Audit): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 54, info: { Title: `Audit ${audit.id}` } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(18).text(`Floor audit ${audit.id}`);
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(`${audit.warehouse_name}, ${audit.scope_label}`)
    .text(`Started ${audit.started_at} by ${audit.started_by ?? 'unknown'}`)
    .text(
      `${audit.checked_count} of ${audit.field_count} fields checked; ${audit.open_count} findings open`,
    )
    .moveDown();
  for (const field of audit.fields) {
    doc.font('Helvetica-Bold').fontSize(12).text(`Field ${field.field_name}`);
    doc.font('Helvetica').fontSize(10);
    if (field.seen === null) doc.text('Not checked.');
    else {
      doc.text(
        `Checked ${field.checked_at ?? ''} by ${field.checked_by ?? 'unknown'}. Seen bottom to top: ${field.seen.join(', ') || 'nothing'}.`,
      );
      for (const f of field.findings) doc.text(`- ${findingLine(f)}`, { indent: 12 });
    }
    doc.moveDown(0.5);
  }
  doc.end();
  return done;
}
