import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idSchema } from './common';
import { vaultTypeSchema } from './vaults';

/** Name of the field column for vaults waiting in the staging area. */
export const STAGED_FIELD_NAME = 'staged';
export const CSV_FILE_NAME = 'vaults.csv';

/** One column of the print list: its value's schema and its headers in the CSV and on screen. */
export interface PrintColumn {
  schema: z.ZodType<string | number | null>;
  csvHeader: string;
  screenHeader: string;
  /** Print Studio shows the value in this unit; the CSV keeps the bare number. */
  unit?: 'pounds';
}

/**
 * The print list's columns, in the order of its answer, its CSV and Print Studio's table: the
 * one place a column is added. The server's query gives each its value (print.repository.ts).
 */
export const PRINT_COLUMNS = {
  name: { schema: z.string().nullable(), csvHeader: 'Vault Name', screenHeader: 'Vault #' },
  customer_name: { schema: z.string(), csvHeader: 'Customer Name', screenHeader: 'Customer' },
  type: { schema: vaultTypeSchema, csvHeader: 'Vault Type', screenHeader: 'Type' },
  position: { schema: z.number().int().nullable(), csvHeader: 'Position', screenHeader: 'Pos' },
  field_name: { schema: z.string(), csvHeader: 'Field Name', screenHeader: 'Field' },
  warehouse_name: { schema: z.string(), csvHeader: 'Warehouse Name', screenHeader: 'Warehouse' },
  note: { schema: z.string(), csvHeader: 'Notes', screenHeader: 'Notes' },
  // Null when nobody weighed it.
  weight: {
    schema: z.number().nullable(),
    csvHeader: 'Weight',
    screenHeader: 'Weight',
    unit: 'pounds',
  },
} as const satisfies Record<string, PrintColumn>;

export type PrintColumnKey = keyof typeof PRINT_COLUMNS;
export const PRINT_COLUMN_KEYS = Object.keys(PRINT_COLUMNS) as PrintColumnKey[];
export const CSV_COLUMNS = PRINT_COLUMN_KEYS.map((key) => PRINT_COLUMNS[key].csvHeader);

type PrintColumnShape = { [K in PrintColumnKey]: (typeof PRINT_COLUMNS)[K]['schema'] };
const printColumnShape = Object.fromEntries(
  PRINT_COLUMN_KEYS.map((key) => [key, PRINT_COLUMNS[key].schema]),
) as PrintColumnShape;

const printVaultSchema = z.object({ id: idSchema, ...printColumnShape });
export type PrintVault = z.infer<typeof printVaultSchema>;

export const listAllVaults = defineEndpoint({
  method: 'GET',
  path: '/api/vaults/all',
  summary:
    "Every vault of the company for printing, sorted by warehouse, field, then position; staged vaults have field 'staged'.",
  tag: 'print',
  access: 'session',
  response: z.array(printVaultSchema),
});

/** Not JSON: a streamed `text/csv` attachment named vaults.csv, in the order of /api/vaults/all. */
export const exportVaultsCsv = defineEndpoint({
  method: 'GET',
  path: '/api/print/vaults.csv',
  summary: `The print list as CSV (${CSV_COLUMNS.join(', ')}).`,
  tag: 'print',
  access: 'session',
  role: 'office',
  download: { contentTypes: ['text/csv'] },
  response: z.unknown(),
});
