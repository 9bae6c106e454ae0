import { buffer } from 'node:stream/consumers';
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

/**
 * zlib's output piece size for the large answers: at its 16 KiB default, a company's answer
 * came back to this thread in thousands of small turns, each allocating a new buffer.
 */
const PIECE_BYTES = 1 << 20;

const gzipText = (text: string | Buffer) => gzip(text, { level: zlib.constants.Z_BEST_SPEED });
const gunzipPart = (part: Buffer) => gunzip(part, { chunkSize: PIECE_BYTES });

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
  const texts = await Promise.all(answer.parts.map(gunzipPart));
  if (!answer.isArray) return Buffer.concat(texts);
  const joined = texts.flatMap((text, i) => (i === 0 ? [text] : [COMMA, text]));
  return Buffer.concat([OPEN, ...joined, CLOSE]);
}

const [OPEN, COMMA, CLOSE] = ['[', ',', ']'].map((c) => Buffer.from(c)) as [Buffer, Buffer, Buffer];

/**
 * The parts as one gzipped JSON array: each is unzipped (side by side, off this thread) and
 * written into one gzip stream in turn. The whole text is never joined in one buffer: copying
 * a company's whole text held this thread longer than any other step under load.
 */
export async function gzipArray(parts: readonly Buffer[]): Promise<Buffer> {
  const texts = await Promise.all(parts.map(gunzipPart));
  const out = zlib.createGzip({ level: zlib.constants.Z_BEST_SPEED, chunkSize: PIECE_BYTES });
  const zipped = buffer(out);
  out.write(OPEN);
  texts.forEach((text, i) => {
    if (i > 0) out.write(COMMA);
    out.write(text);
  });
  out.end(CLOSE);
  return zipped;
}

/** The answer as JSON, for the tests' check of answers against their contract. */
export async function readGzippedJson(answer: GzippedJson): Promise<unknown> {
  return JSON.parse((await jsonText(answer)).toString());
}

/**
 * Sends the one kept gzip as it is to a client that takes gzip, and an array of them gzipped
 * again in large pieces (`gzipArray`): the compression plugin's stream takes many small
 * steps, each waiting its turn on this thread behind every other call. A client that takes no
 * gzip gets the JSON, which the plugin encodes as it asks.
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
  if (!takesGzip) return reply.send(await jsonText(answer));
  const zipped = answer.isArray
    ? await gzipArray(answer.parts)
    : await gzipText(await jsonText(answer));
  return reply.header('content-encoding', 'gzip').send(zipped);
}
