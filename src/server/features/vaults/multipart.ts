import type { FastifyRequest } from 'fastify';
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
 * Reads a whole multipart request: text fields and at most one file held in memory.
 * The plugin's 5 MB limit makes `toBuffer` throw (413) before anything is stored.
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
      const data = await part.toBuffer();
      // A browser sends an empty, nameless part for a file input left blank.
      if (part.fieldname !== fileField || (data.length === 0 && !part.filename)) continue;
      file = { fileName: cleanFileName(part.filename), contentType: cleanContentType(part.mimetype), data };
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, file };
}
