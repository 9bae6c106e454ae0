import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. Local disk under DATA_DIR today; another backend (S3, say)
 * implements the same three calls. Keys are opaque and never derived from user input.
 */
/** A file received from a client, held in memory (at most 5 MB) until stored. */
export interface UploadedFile {
  fileName: string;
  contentType: string;
  data: Buffer;
}

export interface FileStorage {
  put(data: Buffer): Promise<string>;
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
  /** Puts a file back under the key it had (a restore); `put` makes new keys. */
  restore(key: string, data: Buffer): Promise<void>;
}

export function createDiskStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    if (!/^[a-f0-9]{2}\/[a-f0-9-]{36}$/.test(key)) throw new Error(`Invalid storage key ${key}`);
    return path.join(root, key);
  };
  return {
    async put(data) {
      const id = crypto.randomUUID();
      const key = `${id.slice(0, 2)}/${id}`;
      const file = pathOf(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      // Written under a temporary name and renamed, so a half-written file is never served.
      const temp = `${file}.${process.pid}.tmp`;
      await fsp.writeFile(temp, data);
      await fsp.rename(temp, file);
      return key;
    },
    async get(key) {
      const file = pathOf(key);
      try {
        await fsp.access(file);
      } catch {
        return null;
      }
      return fs.createReadStream(file);
    },
    async delete(key) {
      await fsp.rm(pathOf(key), { force: true });
    },
    async restore(key, data) {
      const file = pathOf(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      await fsp.writeFile(temp, data);
      await fsp.rename(temp, file);
    },
  };
}
