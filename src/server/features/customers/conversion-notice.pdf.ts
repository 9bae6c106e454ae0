import PDFDocument from 'pdfkit';
import type { CustomerRecord } from '../../../contracts/customers';
import { DEFAULT_AUTHORISED_DAYS } from '../../../domain/sit-clock';
import { drawableText, registerPdfFonts } from '../../lib/pdf-fonts';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 'November 3, 2026': a letter spells its dates out. */
function letterDate(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${MONTHS[m - 1] ?? ''} ${d}, ${y}`;
}

export interface NoticeContent {
  companyName: string;
  customer: CustomerRecord;
  today: string;
  vaultCount: number;
  palletCount: number;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The written notice a carrier owes a SIT customer before their storage converts to permanent
 * storage (issue 31): one US Letter page, to print and post or to attach to an email.
 */
export function conversionNoticePdf(content: NoticeContent): Promise<Buffer> {
  const { customer, companyName } = content;
  const clock = customer.sitClock;
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 72,
    info: { Title: `Conversion notice, ${customer.name}`, Creator: 'Vaultgrid' },
  });
  registerPdfFonts(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const text = (value: string, font: 'regular' | 'bold' = 'regular', size = 11) =>
    doc.font(font).fontSize(size).text(drawableText(value, font), { lineGap: 2 });

  text(companyName, 'bold', 16);
  doc.moveDown(2);
  text(letterDate(content.today));
  doc.moveDown();
  text(customer.name, 'bold');
  for (const line of customer.address.split(/\r?\n/).filter((l) => l.trim())) text(line);
  doc.moveDown(2);
  text('Notice of conversion from storage in transit to permanent storage', 'bold', 13);
  doc.moveDown();
  text(`Dear ${customer.name},`);
  doc.moveDown();
  const goods = [
    content.vaultCount > 0 ? plural(content.vaultCount, 'storage vault') : null,
    content.palletCount > 0 ? plural(content.palletCount, 'pallet') : null,
  ]
    .filter(Boolean)
    .join(' and ');
  text(
    `Your household goods${goods ? ` (${goods})` : ''} have been held in our warehouse as storage in transit (SIT) since ${letterDate(customer.storageStart)}. ` +
      `Your shipment was authorised ${plural(clock?.authorisedDays ?? DEFAULT_AUTHORISED_DAYS, 'day')} of storage in transit, through ${letterDate(clock?.authorisedUntil ?? customer.storageStart)}.`,
  );
  doc.moveDown();
  text(
    `On ${letterDate(customer.conversionDate)} your storage converts from storage in transit to permanent storage. ` +
      'From that day your goods are held in permanent storage in your own name: the carrier no longer pays for their storage, and storage charges from that day on are billed to you.',
  );
  doc.moveDown();
  text(
    'If your storage in transit has been or will be extended, or you plan to have your goods delivered before that date, please contact our office as soon as possible so that we can arrange it.',
  );
  doc.moveDown(2);
  text('Sincerely,');
  doc.moveDown(3);
  text(companyName, 'bold');
  doc.end();
  return done;
}
