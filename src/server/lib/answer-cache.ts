import crypto from 'node:crypto';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

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
 * Brotli's window is sized to the input (up to 16 MB) unless bounded; each of libuv's threads
 * that compresses keeps what its allocator gave it. A 1 MB window compresses JSON of
 * repeated keys as well at quality 1 (decision 0080).
 */
const BROTLI_WINDOW_BITS = 20;
/** Compressed output comes back in pieces of this size rather than zlib's 16 KB. */
const STREAM_CHUNK = 256 * 1024;

/** Brotli at quality 1, as the compression plugin answers (decision 0008), or gzip at 1. */
function compressor(encoding: AnswerEncoding): zlib.BrotliCompress | zlib.Gzip {
  return encoding === 'br'
    ? zlib.createBrotliCompress({
        chunkSize: STREAM_CHUNK,
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
          [zlib.constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
        },
      })
    : zlib.createGzip({ level: 1, chunkSize: STREAM_CHUNK });
}

function compress(body: Buffer, encoding: AnswerEncoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
          [zlib.constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzip(body, { level: 1 });
}

/** Compresses pieces as one text without joining them first. */
async function compressPieces(
  pieces: readonly Buffer[],
  encoding: AnswerEncoding,
): Promise<Buffer> {
  const stream = compressor(encoding);
  const out: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => out.push(chunk));
  const done = finished(stream);
  for (const piece of pieces) {
    if (!stream.write(piece)) await once(stream, 'drain');
  }
  stream.end();
  await done;
  return Buffer.concat(out);
}

/**
 * Where an answer's text is: held as it is, made of other answers' texts (the company call
 * is its warehouses' answers in a JSON array), or only in its kept gzip form.
 */
type Source =
  { kind: 'body'; body: Buffer } | { kind: 'pieces'; pieces: readonly Buffer[] } | { kind: 'gzip' };

/**
 * A JSON answer kept as the bytes sent: its ETag, its text in UTF-8 (or what it is made
 * from), and its compressed forms, each made (off the main thread) the first time a client
 * asks for it and kept.
 */
export class JsonAnswer {
  private readonly encoded = new Map<AnswerEncoding, Promise<Buffer>>();
  private encodedBytes = 0;

  private constructor(
    private readonly source: Source,
    /** The text's length in bytes. */
    readonly length: number,
    readonly etag: string,
  ) {}

  static fromText(text: string): Promise<JsonAnswer> {
    return JsonAnswer.fromBody(Buffer.from(text, 'utf8'));
  }

  static async fromBody(body: Buffer): Promise<JsonAnswer> {
    return new JsonAnswer({ kind: 'body', body }, body.length, await contentTag(body));
  }

  /**
   * An answer that is these texts one after the other. It holds the pieces, not a copy of
   * them joined: they are the texts of answers kept anyway (decision 0080).
   */
  static joined(pieces: readonly Buffer[], etag: string): JsonAnswer {
    const length = pieces.reduce((sum, piece) => sum + piece.length, 0);
    return new JsonAnswer({ kind: 'pieces', pieces }, length, etag);
  }

  /**
   * An answer kept only in gzip, about a tenth of its text: for large answers read rarely
   * without compression (decision 0080). The text is unpacked again for such a client. Sent
   * in gzip to a client that accepts it, even one that prefers Brotli (decision 0088).
   */
  static packed(gzip: Buffer, length: number, etag: string): JsonAnswer {
    const answer = new JsonAnswer({ kind: 'gzip' }, length, etag);
    answer.keep('gzip', Promise.resolve(gzip));
    return answer;
  }

  /** Whether the answer is held only in gzip (`packed`), so any other form is work to make. */
  get isKeptInGzipOnly(): boolean {
    return this.source.kind === 'gzip';
  }

  /** The text in UTF-8. */
  async bytes(): Promise<Buffer> {
    switch (this.source.kind) {
      case 'body':
        return this.source.body;
      case 'pieces':
        return Buffer.concat(this.source.pieces, this.length);
      case 'gzip':
        return gunzip(await this.encode('gzip'));
    }
  }

  /** The text in this encoding, made once and kept. */
  encode(encoding: AnswerEncoding): Promise<Buffer> {
    const kept = this.encoded.get(encoding);
    if (kept) return kept;
    const { source } = this;
    const made =
      source.kind === 'body'
        ? compress(source.body, encoding)
        : source.kind === 'pieces'
          ? compressPieces(source.pieces, encoding)
          : this.bytes().then((body) => compress(body, encoding));
    return this.keep(encoding, made);
  }

  private keep(encoding: AnswerEncoding, made: Promise<Buffer>): Promise<Buffer> {
    this.encoded.set(encoding, made);
    void made.then((b) => (this.encodedBytes += b.length)).catch(() => undefined);
    return made;
  }

  /**
   * Bytes held, for the cache's budget. A joined answer counts its pieces, though the
   * answers they come from count them too: the budget errs towards keeping less.
   */
  get size(): number {
    return (this.source.kind === 'gzip' ? 0 : this.length) + this.encodedBytes;
  }
}

/**
 * Answers by key and version, least recently used first out once `maxBytes` is passed. A
 * version is whatever the database counts for the key's data (decision 0025); an entry of
 * another version is never returned, so a stale answer cannot be served.
 */
export class AnswerCache<T extends { readonly size: number } = JsonAnswer> {
  private readonly entries = new Map<string, { version: string; answer: T }>();

  constructor(private readonly maxBytes: number) {}

  get(key: string, version: string): T | null {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version) return null;
    // Re-inserted, so the map's order is the order of last use.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.answer;
  }

  /** The entry kept under `key` at whatever version, without counting it as a use. */
  latest(key: string): { version: string; answer: T } | null {
    return this.entries.get(key) ?? null;
  }

  set(key: string, version: string, answer: T): void {
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

/**
 * An `AnswerCache` of `maxBytes` per owner (a database), made on first use: tests run several
 * databases in one process, with the same ids.
 */
export function cachePerOwner<K extends object>(maxBytes: number): (owner: K) => AnswerCache {
  const caches = new WeakMap<K, AnswerCache>();
  return (owner) => {
    let cache = caches.get(owner);
    if (!cache) {
      cache = new AnswerCache(maxBytes);
      caches.set(owner, cache);
    }
    return cache;
  };
}
