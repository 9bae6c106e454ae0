import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { FILE_TOO_LARGE_MESSAGE } from '../../../contracts/limits';
import { AppError } from '../../http/errors';
import type { UploadedFile } from './vaults.service';

// Types a browser may show in place; anything else is served as a download of bytes.
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'text/plain']);

export function servedContentType(stored: string): { type: string; inline: boolean } {
  const type = stored.toLowerCase();
  return INLINE_TYPES.has(type) ? { type, inline: true } : { type: 'application/octet-stream', inline: false };
}

/** The original name, without any path a client may have put in it, and safe for a header. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[\p{Cc}"]/gu, '').trim().slice(0, 200);
  return cleaned || 'attachment';
}

function cleanContentType(mimetype: string): string {
  return /^[a-z0-9.+-]+\/[a-z0-9.+-]+$/i.test(mimetype) ? mimetype.toLowerCase() : 'application/octet-stream';
}

/**
 * The file's bytes, or 413 when it was over the size limit. The plugin's own check in
 * `toBuffer` runs per chunk and misses the race where the stream ends with the last chunk
 * before busboy marks it truncated: a cut-off file would be stored as if whole.
 */
export async function readWholeFile(part: MultipartFile): Promise<Buffer> {
  const data = await part.toBuffer();
  if (part.file.truncated) throw new AppError('FILE_TOO_LARGE', FILE_TOO_LARGE_MESSAGE);
  return data;
}

/**
 * Reads a whole multipart request: text fields and at most one file held in memory.
 * Over 5 MB answers 413 before anything is stored.
 */
export async function readMultipart(
  request: FastifyRequest,
  fileField: string,
): Promise<{ fields: Record<string, string>; file: UploadedFile | null }> {
  if (!request.isMultipart()) {
    throw new AppError('VALIDATION_FAILED', 'Send the form as multipart/form-data.');
  }
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const data = await readWholeFile(part);
      // A browser sends an empty, nameless part for a file input left blank.
      if (part.fieldname !== fileField || (data.length === 0 && !part.filename)) continue;
      file = { fileName: cleanFileName(part.filename), contentType: cleanContentType(part.mimetype), data };
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, file };
}
