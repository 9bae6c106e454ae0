import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { FILE_TOO_LARGE_MESSAGE, INLINE_FILE_TYPES } from '../../contracts/limits';
import { cleanFileName } from '../../domain/file-name';
import { AppError } from './errors';
import { checkInputText } from './input-boundary';
import type { UploadedFile } from '../storage/storage';

const INLINE_TYPES: ReadonlySet<string> = new Set(INLINE_FILE_TYPES);

export function servedContentType(stored: string): { type: string; inline: boolean } {
  const type = stored.toLowerCase();
  return INLINE_TYPES.has(type)
    ? { type, inline: true }
    : { type: 'application/octet-stream', inline: false };
}

function cleanContentType(mimetype: string): string {
  return /^[a-z0-9.+-]+\/[a-z0-9.+-]+$/i.test(mimetype)
    ? mimetype.toLowerCase()
    : 'application/octet-stream';
}

/**
 * The file's bytes, or 413 when it was over the size limit. The plugin's own check in
 * `toBuffer` runs per chunk and misses the race where the stream ends with the last chunk
 * before busboy marks it truncated: a cut-off file would be stored as if whole.
 */
async function readWholeFile(
  part: MultipartFile,
  tooLargeMessage = FILE_TOO_LARGE_MESSAGE,
): Promise<Buffer> {
  const data = await part.toBuffer();
  if (part.file.truncated) throw new AppError('FILE_TOO_LARGE', tooLargeMessage);
  return data;
}

/** A file limit other than the attachments' 5 MB, for one call (the spreadsheet import). */
export interface FileLimit {
  maxBytes: number;
  message: string;
}

/**
 * Runs a read of a multipart body and turns what busboy throws on a broken body (no
 * boundary, cut short, a part without its end) into a 400 with a sentence. Refusals that
 * already carry a 4xx status (too large, too many parts) pass through unchanged.
 */
async function readMultipart<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw error;
    throw new AppError(
      'VALIDATION_FAILED',
      'The form data could not be read: it is malformed or was cut short. Please send it again.',
    );
  }
}

/** Text fields of an `application/x-www-form-urlencoded` body; the last of a repeated name wins, as in multipart. */
export function parseUrlEncoded(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

/**
 * Reads a whole form: multipart (text fields and at most one file, in `fileField`, held in
 * memory; over 5 MB answers 413 before anything is stored) or url-encoded (text only).
 * Files in other fields are drained unread.
 */
export async function readForm(
  request: FastifyRequest,
  fileField: string | null,
  limit?: FileLimit,
): Promise<{ fields: Record<string, string>; file: UploadedFile | null }> {
  if (!request.isMultipart()) {
    if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      return { fields: request.body as Record<string, string>, file: null };
    }
    throw new AppError(
      'VALIDATION_FAILED',
      'Send the form as multipart/form-data or application/x-www-form-urlencoded.',
    );
  }
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  await readMultipart(async () => {
    const parts = limit ? request.parts({ limits: { fileSize: limit.maxBytes } }) : request.parts();
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField) {
          part.file.resume();
          continue;
        }
        const data = await readWholeFile(part, limit?.message);
        // A browser sends an empty, nameless part for a file input left blank.
        if (data.length === 0 && !part.filename) continue;
        file = {
          fileName: cleanFileName(part.filename, 'attachment'),
          contentType: cleanContentType(part.mimetype),
          data,
        };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  });
  checkInputText(fields, 'form');
  return { fields, file };
}
