import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

/**
 * An answer already written as JSON and gzipped, such as a kept warehouse (decision 0401):
 * kept compressed, it takes a tenth of its text's room and is compressed once, not at each
 * send. `parts` are sent as one JSON array when `isArray`, one part at a time, so the company
 * call never holds its warehouses' text together.
 */
export class GzippedJson {
  constructor(
    readonly parts: readonly Buffer[],
    readonly isArray = false,
  ) {}
}

/** `value` as JSON, gzipped at zlib's fastest level, off this thread. */
export function gzipJson(value: unknown): Promise<Buffer> {
  return gzip(JSON.stringify(value), { level: zlib.constants.Z_BEST_SPEED });
}

/** Whether an Accept-Encoding header takes gzip (by name or `*`, with a quality above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((entry) => {
    const [coding = '', ...params] = entry.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    return (coding === 'gzip' || coding === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

async function* jsonText(answer: GzippedJson): AsyncGenerator<Buffer | string> {
  if (answer.isArray) yield '[';
  for (const [i, part] of answer.parts.entries()) {
    if (i > 0) yield ',';
    yield await gunzip(part);
  }
  if (answer.isArray) yield ']';
}

/** The answer's JSON text whole, for the tests' check of answers against their contract. */
export async function readGzippedJson(answer: GzippedJson): Promise<unknown> {
  const chunks: (Buffer | string)[] = [];
  for await (const chunk of jsonText(answer)) chunks.push(chunk);
  return JSON.parse(chunks.join(''));
}

/**
 * Sends the one kept gzip as it is to a client that takes gzip; otherwise the JSON text,
 * which the compression plugin encodes as the client asks.
 */
export function sendGzippedJson(request: FastifyRequest, reply: FastifyReply, answer: GzippedJson) {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const [only] = answer.parts;
  if (!answer.isArray && only && acceptsGzip(request.headers['accept-encoding']))
    return reply.header('content-encoding', 'gzip').send(only);
  return reply.send(Readable.from(jsonText(answer)));
}
