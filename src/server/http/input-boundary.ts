import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * NUL, which PostgreSQL cannot hold in text, and a UTF-16 surrogate without its partner,
 * which it cannot hold in jsonb (and which is no character at all).
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Deeper than any body the API takes; a deeper one is refused before anything walks it. */
const MAX_INPUT_DEPTH = 16;

function hasUnstorableText(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/**
 * Walks a parsed input without recursion (a hostile body can nest thousands deep) and
 * throws a 400 naming the first field that holds text the database cannot store, or the
 * field where nesting goes too deep.
 */
export function checkInputText(value: unknown, where: string): void {
  const pending: { value: unknown; path: string; depth: number }[] = [
    { value, path: '', depth: 0 },
  ];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const label = next.path ? `${where} field "${next.path}"` : `The ${where}`;
    if (typeof next.value === 'string') {
      if (hasUnstorableText(next.value)) throw unstorable(label);
      continue;
    }
    if (typeof next.value !== 'object' || next.value === null) continue;
    if (next.depth >= MAX_INPUT_DEPTH) {
      // The top-level field, not a path of a thousand `.0`s.
      const field = next.path.split('.')[0];
      throw new AppError(
        'VALIDATION_FAILED',
        `${capitalise(field ? `${where} field "${field}"` : `the ${where}`)} is nested too deeply.`,
      );
    }
    for (const [key, child] of Object.entries(next.value)) {
      if (hasUnstorableText(key)) throw unstorable(`A ${where} field name`);
      const path = next.path ? `${next.path}.${key}` : key;
      pending.push({ value: child, path, depth: next.depth + 1 });
    }
  }
}

function unstorable(label: string): AppError {
  return new AppError(
    'VALIDATION_FAILED',
    `${capitalise(label)} contains a character that cannot be stored (a NUL or a broken Unicode character).`,
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The one check every route gets, after the body is parsed and before the handler: path
 * parameters, query and JSON or url-encoded body. Multipart fields are checked as they are
 * read (`readForm`), since their body is still a stream here.
 */
export async function refuseUnstorableInput(request: FastifyRequest): Promise<void> {
  checkInputText(request.params, 'path');
  checkInputText(request.query, 'query');
  checkInputText(request.body, 'body');
}
