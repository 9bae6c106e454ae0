import type { FastifyReply, FastifyRequest } from 'fastify';
import type { JsonAnswer } from '../lib/answer-cache';

const COMPRESS_MIN_BYTES = 1024;

function accepts(header: string | undefined, encoding: string): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    if (name?.trim().toLowerCase() !== encoding) return false;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    return q === undefined || Number(q) > 0;
  });
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');
}

/**
 * Sends a prepared JSON answer as it is: `304` when the client holds the same one (by its
 * ETag), else its bytes, compressed when the client accepts it. The client must ask again
 * each time (`no-cache`), so a write is seen at the next load.
 */
export async function sendJsonAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: JsonAnswer,
): Promise<FastifyReply> {
  reply
    .header('etag', answer.etag)
    .header('cache-control', 'private, no-cache')
    .header('vary', 'accept-encoding, cookie');
  if (matches(request.headers['if-none-match'], answer.etag)) return reply.status(304).send();
  reply.type('application/json; charset=utf-8');
  // As the compression plugin's threshold (app.ts): a small answer is sent sooner as it is.
  if (answer.length < COMPRESS_MIN_BYTES) return reply.send(await answer.bytes());
  const acceptEncoding = request.headers['accept-encoding'];
  // An answer kept only in gzip is sent as kept: Brotli would unpack and pack its megabytes
  // again on every read (decision 0088).
  if (answer.isKeptInGzipOnly && accepts(acceptEncoding, 'gzip')) {
    return reply.header('content-encoding', 'gzip').send(await answer.encode('gzip'));
  }
  if (accepts(acceptEncoding, 'br')) {
    return reply.header('content-encoding', 'br').send(await answer.encode('br'));
  }
  if (accepts(acceptEncoding, 'gzip')) {
    return reply.header('content-encoding', 'gzip').send(await answer.encode('gzip'));
  }
  return reply.send(await answer.bytes());
}
