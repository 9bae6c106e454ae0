import crypto from 'node:crypto';
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type AnswerEncoding = 'br' | 'gzip';

/** Hashing is synchronous; a large body is hashed a megabyte at a time, letting others in. */
const HASH_SLICE = 1024 * 1024;

/** An ETag from the content: the same on every instance that builds the same answer. */
async function contentTag(body: Buffer): Promise<string> {
  const hash = crypto.createHash('sha1');
  for (let at = 0; at < body.length; at += HASH_SLICE) {
    if (at > 0) await yieldToEvents();
    hash.update(body.subarray(at, at + HASH_SLICE));
  }
  return `"${hash.digest('base64url')}"`;
}

/** An ETag for an answer made of others: from their tags, so nothing large is hashed. */
export function combinedTag(tags: readonly string[]): string {
  return `"${crypto.createHash('sha1').update(tags.join(',')).digest('base64url')}"`;
}

/**
 * A JSON answer kept as the bytes sent: its text in UTF-8, its ETag, and its compressed
 * forms, each made (off the main thread) the first time a client asks for it and kept.
 */
export class JsonAnswer {
  private readonly encoded = new Map<AnswerEncoding, Promise<Buffer>>();
  private encodedBytes = 0;

  constructor(
    readonly body: Buffer,
    readonly etag: string,
  ) {}

  static fromText(text: string): Promise<JsonAnswer> {
    return JsonAnswer.fromBody(Buffer.from(text, 'utf8'));
  }

  static async fromBody(body: Buffer): Promise<JsonAnswer> {
    return new JsonAnswer(body, await contentTag(body));
  }

  /** Brotli at quality 1, as the compression plugin answers (decision 0008), or gzip. */
  encode(encoding: AnswerEncoding): Promise<Buffer> {
    let pending = this.encoded.get(encoding);
    if (!pending) {
      pending =
        encoding === 'br'
          ? brotli(this.body, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.body.length,
              },
            })
          : gzip(this.body, { level: 1 });
      this.encoded.set(encoding, pending);
      void pending.then((b) => (this.encodedBytes += b.length)).catch(() => undefined);
    }
    return pending;
  }

  /** Bytes held, for the cache's budget. */
  get size(): number {
    return this.body.length + this.encodedBytes;
  }
}

/**
 * Answers by key and version, least recently used first out once `maxBytes` is passed. A
 * version is whatever the database counts for the key's data (decision 0025); an entry of
 * another version is never returned, so a stale answer cannot be served.
 */
export class AnswerCache {
  private readonly entries = new Map<string, { version: string; answer: JsonAnswer }>();

  constructor(private readonly maxBytes: number) {}

  get(key: string, version: string): JsonAnswer | null {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version) return null;
    // Re-inserted, so the map's order is the order of last use.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.answer;
  }

  /** The entry kept under `key` at whatever version, without counting it as a use. */
  latest(key: string): { version: string; answer: JsonAnswer } | null {
    return this.entries.get(key) ?? null;
  }

  set(key: string, version: string, answer: JsonAnswer): void {
    this.entries.delete(key);
    this.entries.set(key, { version, answer });
    let total = 0;
    for (const entry of this.entries.values()) total += entry.answer.size;
    for (const [k, entry] of this.entries) {
      if (total <= this.maxBytes || k === key) break;
      this.entries.delete(k);
      total -= entry.answer.size;
    }
  }
}
