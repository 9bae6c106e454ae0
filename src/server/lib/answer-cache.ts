import crypto from 'node:crypto';
import zlib from 'node:zlib';

/**
 * A JSON answer kept as the bytes sent: its text in UTF-8, an ETag from its content (the
 * same on every instance that builds the same answer), and its compressed forms, made the
 * first time a client asks for each and kept with it.
 */
export class JsonAnswer {
  readonly etag: string;
  private brotli: Buffer | null = null;
  private gzip: Buffer | null = null;

  constructor(readonly body: Buffer) {
    this.etag = `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
  }

  static fromText(text: string): JsonAnswer {
    return new JsonAnswer(Buffer.from(text, 'utf8'));
  }

  /** Brotli at quality 1, as the compression plugin answers (decision 0008). */
  get brotliBody(): Buffer {
    this.brotli ??= zlib.brotliCompressSync(this.body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.body.length,
      },
    });
    return this.brotli;
  }

  get gzipBody(): Buffer {
    this.gzip ??= zlib.gzipSync(this.body, { level: 1 });
    return this.gzip;
  }

  /** Bytes held, for the cache's budget. */
  get size(): number {
    return this.body.length + (this.brotli?.length ?? 0) + (this.gzip?.length ?? 0);
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

  set(key: string, version: string, answer: JsonAnswer): void {
    this.entries.delete(key);
    this.entries.set(key, { version, answer });
    this.trim();
  }

  /** Compressed forms grow entries after they are stored; call after adding one. */
  trim(): void {
    let total = 0;
    for (const { answer } of this.entries.values()) total += answer.size;
    for (const [key, { answer }] of this.entries) {
      if (total <= this.maxBytes || this.entries.size <= 1) break;
      this.entries.delete(key);
      total -= answer.size;
    }
  }
}
