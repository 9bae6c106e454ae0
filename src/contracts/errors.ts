// The one error catalogue: every refusal the API gives has a stable code, and this table is
// the only place that decides its HTTP status. Clients switch on `code`, people read `message`.
export const errorStatus = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  CROSS_SITE_REQUEST: 403,
  ROLE_NOT_ALLOWED: 403,
  NOT_FOUND: 404,
  WAREHOUSE_NAME_TAKEN: 409,
  EMAIL_TAKEN: 409,
  USER_NOT_ADDED: 409,
  LAST_ADMIN: 409,
  TEAM_LAST_USER: 409,
  VAULT_NAME_TAKEN: 409,
  VAULT_SLOT_TAKEN: 409,
  VAULT_NOT_TOPMOST: 409,
  VAULT_SLOT_NOT_LOWEST: 409,
  VAULT_ALREADY_STAGED: 409,
  VAULT_TYPE_NOT_ALLOWED: 409,
  VAULT_MOVED_MEANWHILE: 409,
  VAULT_RELEASED: 409,
  FIELD_FULL: 409,
  FIELD_HAS_VAULTS: 409,
  FIELD_NO_PARTNER: 409,
  CAPACITY_BELOW_CONTENTS: 409,
  SHELF_NOT_ENOUGH_SPACE: 409,
  SHELF_FULL: 409,
  SHELF_NOT_FOUND: 404,
  RACK_POSITION_INVALID: 409,
  FIELD_GRID_POSITION_INVALID: 409,
  FIELD_GRID_CHANGED: 409,
  COUCHBOX_PAIR_SPLIT: 409,
  AUDIT_FIELD_NOT_CHECKED: 409,
  AUDIT_NOTHING_TO_FIX: 409,
  AUDIT_FIX_NOT_POSSIBLE: 409,
  DIG_OUT_NOT_NEEDED: 409,
  DIG_OUT_STEP_OUT_OF_ORDER: 409,
  DIG_OUT_TARGET_NOT_OUT: 409,
  PULL_WRONG_VAULT: 409,
  PULL_LIST_CHANGED: 409,
  REQUEST_NOT_READY: 409,
  CHECKLIST_ACTIVE_EXISTS: 409,
  CHECKLIST_TASK_DUPLICATE: 400,
  CHECKLIST_TASK_COMPLETED: 409,
  CHECKLIST_COMPLETED: 409,
  IMPORT_NOT_STARTABLE: 409,
  NOTHING_TO_PRINT: 409,
  NOT_SIT_ACCOUNT: 409,
  REQUEST_STATUS_CHANGE: 409,
  REQUEST_VAULT_TAKEN: 409,
  REQUEST_ITEM_NOT_HELD: 409,
  REQUEST_NOTHING_TO_RELEASE: 409,
  REQUEST_TOO_MANY_ASKED: 409,
  BACKUP_RUNNING: 409,
  TOO_MANY_LABELS: 409,
  FILE_TOO_LARGE: 413,
  REQUEST_TOO_LARGE: 413,
  UNSUPPORTED_FILE_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVER_BUSY: 503,
  BACKUP_FAILED: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/**
 * The body of every error response. `errors` lists the same sentences for clients that show a
 * list; `error` repeats `message` for the reference client, which reads a truthy `error` as the
 * sign of a refusal on some calls (add warehouse, rack delete) and shows it (decision 0010).
 */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  error: string;
  errors: string[];
}

export function errorBody(
  code: ErrorCode,
  message: string,
  errors: string[] = [message],
): ErrorBody {
  return { code, message, error: message, errors };
}
