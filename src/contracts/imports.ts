import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idParamsSchema, idSchema } from './common';
import {
  FIELD_CAPACITY_MAX,
  GRID_DIMENSION_MAX,
  IMPORT_FILE_TOO_LARGE_MESSAGE,
  MAX_IMPORT_BYTES,
  NEW_WAREHOUSE_CAPACITY_MIN,
  WAREHOUSE_NAME_MAX_LENGTH,
} from './limits';

/** Where the mapping step offers a column, in the order of its groups. */
export const importColumnGroups = [
  'Vault',
  'What is inside',
  'Customer contact',
  'Pallets',
] as const;

interface ImportColumnSpec {
  label: string;
  group: (typeof importColumnGroups)[number];
  /**
   * Header words that name the column in a file, compared without case, spaces or punctuation;
   * the Print Studio export's own headings (Vault Name, Customer Name ...) are among them.
   */
  headers: readonly string[];
}

/**
 * Our columns a file's columns can be mapped to, in the order they are offered and suggested:
 * the one place an import column is named. The vault number is the key of a row.
 */
export const IMPORT_COLUMNS = {
  vault_number: {
    label: 'Vault number',
    group: 'Vault',
    headers: ['vaultnumber', 'vaultname', 'vault', 'vaultno', 'vaultid', 'number', 'tag'],
  },
  customer: {
    label: 'Customer',
    group: 'Vault',
    headers: ['customer', 'customername', 'client', 'clientname'],
  },
  order: {
    label: 'Order',
    group: 'Vault',
    headers: ['order', 'ordername', 'ordernumber', 'orderno', 'job', 'jobnumber'],
  },
  type: { label: 'Type', group: 'Vault', headers: ['type', 'vaulttype', 'kind'] },
  warehouse: {
    label: 'Warehouse',
    group: 'Vault',
    headers: ['warehouse', 'warehousename', 'building'],
  },
  field: { label: 'Field', group: 'Vault', headers: ['field', 'fieldname', 'location', 'bay'] },
  position: { label: 'Position', group: 'Vault', headers: ['position', 'pos', 'level', 'height'] },
  note: {
    label: 'Note',
    group: 'Vault',
    headers: ['note', 'notes', 'comment', 'comments', 'remarks'],
  },
  rack: { label: 'Rack', group: 'Pallets', headers: ['rack', 'rackname'] },
  shelf: { label: 'Shelf', group: 'Pallets', headers: ['shelf', 'shelfnumber'] },
  slot: { label: 'Slot', group: 'Pallets', headers: ['slot', 'slotnumber', 'spot'] },
  pallet_number: {
    label: 'Pallet number',
    group: 'Pallets',
    headers: ['palletnumber', 'pallet', 'palletno'],
  },
  spaces: {
    label: 'Pallet spaces',
    group: 'Pallets',
    headers: ['spaces', 'palletspaces', 'shelfspots', 'spots'],
  },
  weight: {
    label: 'Weight (lb)',
    group: 'What is inside',
    headers: ['weight', 'weightlb', 'weightlbs', 'lbs', 'pounds', 'wt'],
  },
  date_in: {
    label: 'Date in',
    group: 'What is inside',
    headers: ['datein', 'dateinstorage', 'indate', 'storagedate', 'datestored', 'datereceived'],
  },
  seal: {
    label: 'Seal',
    group: 'What is inside',
    headers: ['seal', 'sealnumber', 'sealno', 'sealnum'],
  },
  lot: { label: 'Lot', group: 'What is inside', headers: ['lot', 'lotnumber', 'lotno', 'taglot'] },
  tags: {
    label: 'Tags',
    group: 'What is inside',
    headers: ['tags', 'tagnumbers', 'tagnos', 'inventorytags', 'itemtags', 'tagranges', 'tagrange'],
  },
  phone: {
    label: 'Customer phone',
    group: 'Customer contact',
    headers: ['phone', 'phonenumber', 'customerphone', 'telephone', 'tel', 'mobile', 'cell'],
  },
  email: {
    label: 'Customer email',
    group: 'Customer contact',
    headers: ['email', 'emailaddress', 'customeremail'],
  },
  address: {
    label: 'Customer address',
    group: 'Customer contact',
    headers: ['address', 'customeraddress', 'streetaddress', 'mailingaddress'],
  },
} as const satisfies Record<string, ImportColumnSpec>;
export type ImportColumn = keyof typeof IMPORT_COLUMNS;
export const importColumns = Object.keys(IMPORT_COLUMNS) as ImportColumn[];

/** A vault column the import writes as its cell reads (`domain/import-contents.ts` reads it). */
interface ImportContentsSpec {
  /** Its value as the preview shows it and the import writes it. */
  schema: z.ZodType<string | number | null>;
  /** What a new vault holds when the file says nothing: null for a date in is the day it lands. */
  empty: string | number | null;
  /** The preview shows the value in this unit. */
  unit?: 'pounds';
}

/**
 * The vault's own columns among IMPORT_COLUMNS, by the table's names: read, planned, staged,
 * written and previewed alike, so a vault column the import fills is added here (and to the
 * import's reader) and nowhere else in the import.
 */
export const IMPORT_CONTENTS = {
  /** In pounds; null when not weighed. */
  weight: { schema: z.number().nullable(), empty: null, unit: 'pounds' },
  /** YYYY-MM-DD; null for a new vault without one: it comes in the day it is imported. */
  date_in: { schema: z.string().nullable(), empty: null },
  seal: { schema: z.string(), empty: '' },
} as const satisfies Partial<Record<ImportColumn, ImportContentsSpec>>;
export type ImportContentsKey = keyof typeof IMPORT_CONTENTS;
export const importContentsKeys = Object.keys(IMPORT_CONTENTS) as ImportContentsKey[];
type ContentsShape = { [K in ImportContentsKey]: (typeof IMPORT_CONTENTS)[K]['schema'] };
const contentsShape = Object.fromEntries(
  importContentsKeys.map((key) => [key, IMPORT_CONTENTS[key].schema]),
) as ContentsShape;
/** A vault's contents as the import writes them. */
export type ImportContents = { [K in ImportContentsKey]: z.output<ContentsShape[K]> };
export const EMPTY_IMPORT_CONTENTS = Object.fromEntries(
  importContentsKeys.map((key) => [key, IMPORT_CONTENTS[key].empty]),
) as ImportContents;

/** For each of our columns, the index of the file's column that fills it, or null. */
const importMappingSchema = z.object(
  Object.fromEntries(
    importColumns.map((c) => [c, z.int().min(0).nullable().default(null)]),
  ) as Record<ImportColumn, z.ZodDefault<z.ZodNullable<z.ZodInt>>>,
);
export type ImportMapping = z.infer<typeof importMappingSchema>;
/** A mapping of the columns given, the rest unmapped. */
export const mappingOf = (mapped: Partial<ImportMapping>): ImportMapping =>
  importMappingSchema.parse(mapped);

const newWarehouseSpecSchema = z.object({
  name: z.string().trim().min(1).max(WAREHOUSE_NAME_MAX_LENGTH),
  rows: z.int().min(1).max(GRID_DIMENSION_MAX),
  cols: z.int().min(1).max(GRID_DIMENSION_MAX),
  field_capacity: z.int().min(NEW_WAREHOUSE_CAPACITY_MIN).max(FIELD_CAPACITY_MAX),
});
export type NewWarehouseSpec = z.infer<typeof newWarehouseSpecSchema>;

const importOptionsSchema = z.object({
  mapping: importMappingSchema,
  /**
   * Warehouses the file names but the company lacks are created, and existing grids grown to
   * hold the fields it names, only when this is ticked.
   */
  create_missing_warehouses: z.boolean().default(false),
  /** Rows, columns and capacity of each warehouse to create, asked once per warehouse. */
  new_warehouses: z.array(newWarehouseSpecSchema).max(100).default([]),
  /** Off: one refused row stops the whole import. On: the valid rows land, the rest are listed. */
  import_valid_rows: z.boolean().default(false),
});
export type ImportOptions = z.infer<typeof importOptionsSchema>;
export type ImportOptionsInput = z.input<typeof importOptionsSchema>;

const importStatuses = ['uploaded', 'running', 'done', 'refused', 'failed', 'cancelled'] as const;

const importCountsSchema = z.object({
  created: z.int(),
  updated: z.int(),
  unchanged: z.int(),
  refused: z.int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

/** How an existing warehouse's grid grows so that the fields the file names exist. */
const gridGrowthSchema = z.object({
  warehouse: z.string(),
  from: z.object({ cols: z.int(), rows: z.int() }),
  to: z.object({ cols: z.int(), rows: z.int() }),
  added_columns: z.array(z.string()),
  added_rows: z.array(z.int()),
  fields_added: z.int(),
  /**
   * "Warehouse North grows from 10 x 8 to 12 x 8: columns K, L added." (columns x rows); a
   * finished job says "grew".
   */
  sentence: z.string(),
});

/** A warehouse a finished import created ("create missing warehouses and fields" ticked). */
const createdWarehouseSchema = z.object({
  warehouse: z.string(),
  cols: z.int(),
  rows: z.int(),
  fields_added: z.int(),
  /** "Warehouse South created at 3 x 2: 6 fields added." */
  sentence: z.string(),
});
export type CreatedWarehouse = z.infer<typeof createdWarehouseSchema>;

const importJobSchema = z.object({
  id: idSchema,
  file_name: z.string(),
  status: z.enum(importStatuses),
  headers: z.array(z.string()),
  row_count: z.int(),
  suggested_mapping: importMappingSchema,
  /** Set when the file was not UTF-8 and was read in another encoding. */
  encoding_note: z.string().nullable(),
  rows_done: z.int(),
  rows_refused: z.int(),
  cancel_requested: z.boolean(),
  result: importCountsSchema.nullable(),
  /**
   * What a finished import did to the floor plan (decision 0098): the grids it grew and the
   * warehouses it created, in the preview's words. Empty until it is done.
   */
  growth: z.array(gridGrowthSchema),
  created_warehouses: z.array(createdWarehouseSchema),
  /** Why a job ended without importing (refused rows, cancelled, failed). */
  message: z.string().nullable(),
  created_at: z.string(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

const importActions = ['create', 'update', 'move', 'unchanged', 'refused'] as const;
export type ImportAction = (typeof importActions)[number];

const importRowErrorSchema = z.object({
  row: z.int(),
  column: z.string(),
  reason: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

const previewRowSchema = z.object({
  row: z.int(),
  action: z.enum(importActions),
  vault_number: z.string(),
  customer: z.string(),
  order: z.string(),
  type: z.string(),
  warehouse: z.string(),
  field: z.string(),
  position: z.int().nullable(),
  note: z.string(),
  ...contentsShape,
  /** The inventory tags as `formatTagRanges` writes them ("LOT 4471, tags 1-120"). */
  tags: z.string(),
  error: z.string().nullable(),
});
export type PreviewRow = z.infer<typeof previewRowSchema>;

const importPreviewSchema = z.object({
  rows: z.array(previewRowSchema),
  counts: importCountsSchema,
  missing_warehouses: z.array(z.string()),
  /** Fields the file names in existing warehouses that lack them, as "Warehouse field". */
  missing_fields: z.array(z.string()),
  /** Grids that grow when "create missing warehouses and fields" is ticked (decision 0086). */
  growth: z.array(gridGrowthSchema),
  errors: z.array(importRowErrorSchema),
  /**
   * Contact the import sets on customer records that lack it (the record's own wins,
   * decision 0511); '' where it sets nothing.
   */
  contacts: z.array(
    z.object({ customer: z.string(), phone: z.string(), email: z.string(), address: z.string() }),
  ),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;
export type ImportGrowth = z.infer<typeof gridGrowthSchema>;

/** Multipart: one file in the `file` field, CSV or XLSX, at most MAX_IMPORT_BYTES. */
export const uploadImport = defineEndpoint({
  method: 'POST',
  path: '/api/imports',
  summary:
    'Uploads a CSV or XLSX file of vaults (multipart, field `file`); answers its columns and a suggested mapping.',
  tag: 'imports',
  access: 'session',
  role: 'office',
  form: {
    file: 'file',
    maxFileBytes: { bytes: MAX_IMPORT_BYTES, message: IMPORT_FILE_TOO_LARGE_MESSAGE },
  },
  response: importJobSchema,
});

export const listImports = defineEndpoint({
  method: 'GET',
  path: '/api/imports',
  summary: "The company's most recent imports, newest first.",
  tag: 'imports',
  access: 'session',
  role: 'office',
  response: z.array(importJobSchema),
});

export const getImport = defineEndpoint({
  method: 'GET',
  path: '/api/imports/:id',
  summary: 'One import: its state and progress (rows done, rows refused).',
  tag: 'imports',
  access: 'session',
  role: 'office',
  params: idParamsSchema,
  response: importJobSchema,
});

export const previewImport = defineEndpoint({
  method: 'POST',
  path: '/api/imports/:id/preview',
  summary:
    'The first rows as they will be stored, counts of created, updated and refused rows, and missing warehouses.',
  tag: 'imports',
  access: 'session',
  role: 'office',
  params: idParamsSchema,
  body: importOptionsSchema,
  response: importPreviewSchema,
});

export const startImport = defineEndpoint({
  method: 'POST',
  path: '/api/imports/:id/start',
  summary: 'Starts the import in the background with the mapping and options given.',
  tag: 'imports',
  access: 'session',
  role: 'office',
  params: idParamsSchema,
  body: importOptionsSchema,
  response: importJobSchema,
});

export const cancelImport = defineEndpoint({
  method: 'POST',
  path: '/api/imports/:id/cancel',
  summary: 'Cancels a running import; nothing of it is kept.',
  tag: 'imports',
  access: 'session',
  role: 'office',
  params: idParamsSchema,
  response: importJobSchema,
});

export const importAgain = defineEndpoint({
  method: 'POST',
  path: '/api/imports/:id/again',
  summary:
    'A new import of the same file as an ended one (failed, cancelled, refused), with its mapping; answers the new job to map and start.',
  tag: 'imports',
  access: 'session',
  role: 'office',
  params: idParamsSchema,
  response: importJobSchema,
});

/** Not JSON: the refused rows as CSV, the file's own columns plus "error". */
export const downloadRefusedRows = defineEndpoint({
  method: 'GET',
  path: '/api/imports/:id/refused.csv',
  summary: 'The refused rows as CSV with an added "error" column, ready to fix and import again.',
  tag: 'imports',
  access: 'session',
  role: 'office',
  params: idParamsSchema,
  download: { contentTypes: ['text/csv'] },
  response: z.unknown(),
});
