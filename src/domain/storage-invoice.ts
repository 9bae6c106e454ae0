import { addDays, lastDayOf } from './calendar-days';
import type { StorageReportRow } from './storage-report';

// The storage report as QuickBooks Online's invoice import reads it: one line per customer per
// month, the rate (and so the amount) left for the office to fill (decision 0490). The columns
// after ItemAmount are for the office's eyes; the import's column mapping skips them.

export const INVOICE_COLUMNS = [
  'InvoiceNo',
  'Customer',
  'InvoiceDate',
  'DueDate',
  'Terms',
  'Item(Product/Service)',
  'ItemDescription',
  'ItemQuantity',
  'ItemRate',
  'ItemAmount',
  'Month',
  'Vaults',
  'VaultDays',
  'VaultMonths',
  'PalletSpots',
  'PalletSpotDays',
  'PalletSpotMonths',
  'Cwt',
  'CwtMonths',
  'Unweighed',
  'FirstDay',
  'LastDay',
] as const;

const INVOICE_TERMS_DAYS = 30;

export interface InvoiceLine {
  invoiceNo: string;
  customer: string;
  /** ISO dates; each file writes them as its readers expect. */
  invoiceDate: string;
  dueDate: string;
  terms: string;
  item: string;
  description: string;
  quantity: number;
  row: StorageReportRow;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * A month's line bills vault-months when the customer had vaults, else pallet spot-months;
 * the description names both, so a company that bills pallets apart sees what to add.
 */
export function invoiceLine(row: StorageReportRow): InvoiceLine {
  const invoiceDate = lastDayOf(row.month);
  const hasVaults = row.vaults > 0;
  const parts = [
    hasVaults ? `${plural(row.vaults, 'vault')}, ${plural(row.vaultDays, 'vault-day')}` : null,
    row.palletSpots > 0 ? `${plural(row.palletSpots, 'pallet shelf spot')}` : null,
    row.cwt > 0 ? `${row.cwt} CWT` : null,
  ].filter(Boolean);
  return {
    invoiceNo: `ST${row.month.replace('-', '')}-${row.customerId}`,
    customer: row.customerName,
    invoiceDate,
    dueDate: addDays(invoiceDate, INVOICE_TERMS_DAYS),
    terms: `Net ${INVOICE_TERMS_DAYS}`,
    item: hasVaults ? 'Vault storage' : 'Pallet storage',
    description: `Storage ${row.firstDay} to ${row.lastDay}: ${parts.join('; ')}`,
    quantity: hasVaults ? row.vaultMonths : row.palletSpotMonths,
    row,
  };
}

/** QuickBooks Online reads US dates as MM/DD/YYYY. */
function usDate(day: string): string {
  return `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
}

/** The cells of a line in `INVOICE_COLUMNS` order; the rate and amount stay empty. */
export function invoiceCells(line: InvoiceLine): (string | number | null)[] {
  const r = line.row;
  return [
    line.invoiceNo,
    line.customer,
    usDate(line.invoiceDate),
    usDate(line.dueDate),
    line.terms,
    line.item,
    line.description,
    line.quantity,
    null,
    null,
    r.month,
    r.vaults,
    r.vaultDays,
    r.vaultMonths,
    r.palletSpots,
    r.palletSpotDays,
    r.palletSpotMonths,
    r.cwt,
    r.cwtMonths,
    r.unweighed,
    r.firstDay,
    r.lastDay,
  ];
}
