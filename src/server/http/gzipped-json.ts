import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

/**
 * An answer already written as JSON and gzipped, such as a kept warehouse (decision 0401):
 * kept compressed, it takes a tenth of its text's room and is compressed once, not at each
 * send. `parts` are sent as one JSON array when `isArray` (the company call).
 */
export class GzippedJson {
  constructor(
    readonly parts: readonly Buffer[],
    readonly isArray = false,
  ) {}
}

const gzipText = (text: string | Buffer) => gzip(text, { level: zlib.constants.Z_BEST_SPEED });

/** `value` as JSON, gzipped at zlib's fastest level, off this thread. */
export const gzipJson = (value: unknown): Promise<Buffer> => gzipText(JSON.stringify(value));

/** Whether an Accept-Encoding header takes gzip (by name or `*`, with a quality above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((entry) => {
    const [coding = '', ...params] = entry.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    return (coding === 'gzip' || coding === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/** The answer's JSON text whole: its parts unzipped side by side off this thread, joined. */
async function jsonText(answer: GzippedJson): Promise<Buffer> {
  const texts = await Promise.all(answer.parts.map((part) => gunzip(part)));
  if (!answer.isArray) return Buffer.concat(texts);
  const joined = texts.flatMap((text, i) => (i === 0 ? [text] : [COMMA, text]));
  return Buffer.concat([OPEN, ...joined, CLOSE]);
}

const [OPEN, COMMA, CLOSE] = ['[', ',', ']'].map((c) => Buffer.from(c)) as [Buffer, Buffer, Buffer];

/** The answer as JSON, for the tests' check of answers against their contract. */
export async function readGzippedJson(answer: GzippedJson): Promise<unknown> {
  return JSON.parse((await jsonText(answer)).toString());
}

/**
 * Sends the one kept gzip as it is to a client that takes gzip, and an array of them gzipped
 * again whole in one step: the compression plugin's stream takes many small steps, each
 * waiting its turn on this thread behind every other call. A client that takes no gzip gets
 * the JSON, which the plugin encodes as it asks.
 */
export async function sendGzippedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: GzippedJson,
) {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const takesGzip = acceptsGzip(request.headers['accept-encoding']);
  const [only] = answer.parts;
  if (!answer.isArray && only && takesGzip)
    return reply.header('content-encoding', 'gzip').send(only);
  const text = await jsonText(answer);
  if (!takesGzip) return reply.send(text);
  return reply.header('content-encoding', 'gzip').send(await gzipText(text));
}
