import type { StorageReport } from '../../../contracts/customers';
import { CSV_BOM, csvRow } from '../../../domain/csv';
import { INVOICE_COLUMNS, invoiceCells, invoiceLine } from '../../../domain/storage-invoice';

export function reportFileName(report: StorageReport, extension: 'csv' | 'xlsx'): string {
  return `storage-report-${report.from}-to-${report.to}.${extension}`;
}

export function storageReportCsv(report: StorageReport): string {
  let out = CSV_BOM + csvRow(INVOICE_COLUMNS);
  for (const row of report.rows) out += csvRow(invoiceCells(invoiceLine(row)));
  return out;
}

/** The same lines as the CSV, in one sheet, the quantities as numbers. */
export async function storageReportXlsx(report: StorageReport): Promise<Buffer> {
  const { Workbook } = (await import('exceljs')).default;
  const book = new Workbook();
  const sheet = book.addWorksheet('Storage');
  sheet.addRow([...INVOICE_COLUMNS]);
  sheet.getRow(1).font = { bold: true };
  for (const row of report.rows) sheet.addRow(invoiceCells(invoiceLine(row)));
  sheet.columns.forEach((column, i) => {
    const heading = INVOICE_COLUMNS[i] ?? '';
    column.width = heading === 'ItemDescription' ? 70 : Math.max(12, heading.length) + 2;
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await book.xlsx.writeBuffer());
}
