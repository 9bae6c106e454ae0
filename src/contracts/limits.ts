// Limits shared by forms and the server, so both refuse the same input with the same words.
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
export const FILE_TOO_LARGE_MESSAGE = 'File size should not exceed 5MB';
/** JSON calls carry no files; uploads have their own limits above. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;
export const JSON_BODY_TOO_LARGE_MESSAGE =
  'The request body is too large: a JSON request may be at most 1 MB.';
/** What a new warehouse's fields hold unless staff choose otherwise (the import asks with it). */
export const DEFAULT_FIELD_CAPACITY = 3;
export const FIELD_CAPACITY_MIN = 0;
export const FIELD_CAPACITY_MAX = 10;
/** Add Warehouse needs a usable grid; the layout form allows 0 to empty a warehouse. */
export const NEW_WAREHOUSE_CAPACITY_MIN = 1;
export const WAREHOUSE_NAME_MAX_LENGTH = 80;
export const GRID_DIMENSION_MAX = 200;
export const PASSWORD_MIN_LENGTH = 8;
export const CHECKLIST_REASON_MIN_LENGTH = 15;
export const CHECKLIST_RETENTION = 5;

export const OCCUPANCY_THRESHOLDS = { danger: 75, warning: 50, caution: 25 } as const;
export const VAULT_NUMBER_MAX_LENGTH = 40;
/** Customer and order names. */
export const NAME_MAX_LENGTH = 120;
export const NOTE_MAX_LENGTH = 2000;
/** A vault's seal number, as printed on the seal. */
export const SEAL_MAX_LENGTH = 40;
/** A vault's inventory tags as written ("LOT 4471, tags 1-120; ..."). */
export const TAGS_TEXT_MAX_LENGTH = 2000;
export const SEARCH_SUGGESTION_LIMIT = 8;
export const SEARCH_TEXT_MAX_LENGTH = 100;
/**
 * RFC 5321's longest usable address; longer ones also overflow a btree index entry, and
 * sign-in refuses them before any hashing.
 */
export const EMAIL_MAX_LENGTH = 254;
/** Long enough for any passphrase, short enough that hashing it costs nothing extra. */
export const PASSWORD_MAX_LENGTH = 256;
export const PALLET_NUMBER_MAX_LENGTH = 40;
/** An uploaded file's name is cut to this many characters, not refused. */
export const FILE_NAME_MAX_LENGTH = 200;
/** Path parts that name a thing by text: a slug, a warehouse name, a vault number or id. */
export const PATH_TEXT_MAX_LENGTH = 200;
/**
 * The largest number any form accepts (feet, weights, positions, counts): far above any real
 * warehouse, and inside PostgreSQL's integer range, so a whole number always fits its column.
 */
export const NUMBER_INPUT_MAX = 1_000_000_000;

/** Racks: shelves per rack and spots per shelf, shared by the rack builder and the server. */
export const RACK_SHELVES_MIN = 1;
export const RACK_SHELVES_MAX = 20;
export const SHELF_CAPACITY_MIN = 1;
export const SHELF_CAPACITY_MAX = 100;
export const RACK_NAME_MAX_LENGTH = 80;
export const PALLET_SPACES_MIN = 1;
export const DEFAULT_RACK_NAME = 'Unnamed Rack';

/**
 * Spreadsheet import: a 50,000-row export with notes is about 10 MB as CSV; twice that
 * leaves room for wide files and XLSX. Attachments keep their own 5 MB limit.
 */
export const MAX_IMPORT_BYTES = 25 * 1024 * 1024;
export const IMPORT_FILE_TOO_LARGE_MESSAGE = 'An import file may be at most 25 MB.';
export const MAX_IMPORT_ROWS = 100_000;
export const MAX_IMPORT_COLUMNS = 100;
/** The longest text an import cell may hold: a note's limit, with room to spare. */
export const MAX_IMPORT_CELL_LENGTH = 10_000;
/** What an XLSX upload may unpack to; larger tables travel as CSV (decision 0462). */
export const MAX_XLSX_UNPACKED_BYTES = 8 * 1024 * 1024;
/** Rows the preview shows as they will be stored. */
export const IMPORT_PREVIEW_ROWS = 20;
/** Stored file types a browser may show in place; any other file is served as bytes to save. */
export const INLINE_FILE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'text/plain',
] as const;

/** Checklist images, recognised by their content (not by what the sender claims). */
export const CHECKLIST_IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/heic',
  'image/heif',
] as const;
