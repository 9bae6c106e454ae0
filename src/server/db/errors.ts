interface PgErrorLike {
  code?: string;
  constraint?: string;
  cause?: unknown;
}

// Drizzle wraps driver errors; the PostgreSQL error (same shape from pg and PGlite) is the cause.
function pgError(error: unknown): PgErrorLike | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const e = current as PgErrorLike;
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e;
    current = e.cause;
  }
  return null;
}

/** True when the error is a unique violation, optionally of the named index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = pgError(error);
  if (e?.code !== '23505') return false;
  if (!constraint) return true;
  // PGlite does not always fill `constraint`; the message names the index in both engines.
  const message = error instanceof Error ? `${error.message} ${String((e as Error).message)}` : '';
  return e.constraint === constraint || message.includes(constraint);
}

/** True when the error is a foreign key violation: a row still referenced, or a reference to none. */
export function isForeignKeyViolation(error: unknown): boolean {
  return pgError(error)?.code === '23503';
}
