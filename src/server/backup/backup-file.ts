import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { FileStorage } from '../storage/storage';
import type { DumpSnapshot } from './dump-format';
import { portableDump } from './dump-format';
import {
  DUMP_NAME,
  FILE_PREFIX,
  MANIFEST_NAME,
  PRODUCT_VERSION,
  manifestSchema,
  schemaRefusal,
  type Manifest,
} from './manifest';
import { DamagedArchiveError, TAR_END, TarReader, tarHeader, tarPadding } from './tar';

const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

export interface BackupContents {
  /** The engine's dump, as pg_dump wrote it. */
  dumpFile: string;
  snapshot: DumpSnapshot;
  engine: Manifest['engine'];
  storage: FileStorage;
  /** When the backup was started, as its name says. */
  createdAt: Date;
  /** Told of a file the database names but storage no longer holds (deleted since). */
  onMissingFile?: (key: string) => void;
}

/**
 * Writes one backup file at `target`: a gzipped tar of the dump, every uploaded file and a
 * manifest, in that order. Written under a temporary name beside it, synced, then renamed,
 * and the folder synced, so a crash leaves the whole file or none under the final name.
 */
export async function writeBackupFile(target: string, contents: BackupContents): Promise<Manifest> {
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.partial`);
  const gzip = zlib.createGzip({ level: 6 });
  const written = pipeline(gzip, fs.createWriteStream(temp, { flags: 'wx' }));
  // A write error (a full disk) ends `written` at once; the entries stop at the next write.
  let failure: unknown = null;
  written.catch((error: unknown) => (failure = error));
  const put = async (data: Buffer) => {
    if (failure) throw failure;
    if (!gzip.write(data)) await Promise.race([once(gzip, 'drain'), written]);
    if (failure) throw failure;
  };
  const entry = async (name: string, data: Buffer, when: Date) => {
    await put(tarHeader(name, data.length, when));
    await put(data);
    await put(tarPadding(data.length));
  };
  try {
    const now = contents.createdAt;
    const dump = portableDump(await fsp.readFile(contents.dumpFile));
    await entry(DUMP_NAME, dump, now);
    const files: Manifest['files'] = [];
    for (const key of contents.snapshot.fileKeys) {
      const stream = await contents.storage.get(key);
      if (!stream) {
        contents.onMissingFile?.(key);
        continue;
      }
      const data = await readAll(stream);
      await entry(`${FILE_PREFIX}${key}`, data, now);
      files.push({ key, bytes: data.length, sha256: sha256(data) });
    }
    const migrations = contents.snapshot.migrations;
    const manifest: Manifest = {
      format: 'vaultgrid-backup',
      formatVersion: 1,
      createdAt: now.toISOString(),
      productVersion: PRODUCT_VERSION,
      engine: contents.engine,
      schema: { version: migrations.at(-1) ?? '', migrations },
      tables: contents.snapshot.tables,
      dump: { name: DUMP_NAME, bytes: dump.length, sha256: sha256(dump) },
      files,
    };
    await entry(MANIFEST_NAME, Buffer.from(JSON.stringify(manifest, null, 2)), now);
    await put(TAR_END);
    gzip.end();
    await written;
    const handle = await fsp.open(temp, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fsp.rename(temp, target);
    await syncFolder(path.dirname(target));
    return manifest;
  } catch (error) {
    gzip.destroy();
    await written.catch(() => undefined);
    await fsp.rm(temp, { force: true });
    throw error;
  }
}

async function syncFolder(folder: string): Promise<void> {
  const handle = await fsp.open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A backup restore refuses, with the sentence that says what is wrong with it. */
export class BackupRefusedError extends Error {}

/**
 * Reads a backup through, checking every byte against its manifest: the compressed stream's
 * own checks, each tar header's, then the manifest's SHA-256 and sizes for the dump and each
 * file. Refuses (BackupRefusedError) a damaged, cut short, foreign or newer backup.
 */
export async function readBackupFile(
  file: string,
  options: { keepDump?: boolean; onFile?: (key: string, data: Buffer) => Promise<void> } = {},
): Promise<{ manifest: Manifest; dump: Buffer | null }> {
  const name = path.basename(file);
  const seen = new Map<string, { bytes: number; sha256: string }>();
  let manifestText: Buffer | null = null;
  let dump: Buffer | null = null;
  let current: { name: string; chunks: Buffer[]; hash: crypto.Hash; bytes: number } | null = null;
  const reader = new TarReader({
    start(entryName) {
      current = { name: entryName, chunks: [], hash: crypto.createHash('sha256'), bytes: 0 };
    },
    data(chunk) {
      if (!current) return;
      current.hash.update(chunk);
      current.bytes += chunk.length;
      const keep =
        current.name === MANIFEST_NAME ||
        (current.name === DUMP_NAME && options.keepDump) ||
        (current.name.startsWith(FILE_PREFIX) && options.onFile);
      if (keep) current.chunks.push(Buffer.from(chunk));
    },
    async end() {
      const done = current;
      current = null;
      if (!done) return;
      seen.set(done.name, { bytes: done.bytes, sha256: done.hash.digest('hex') });
      if (done.name === MANIFEST_NAME) manifestText = Buffer.concat(done.chunks);
      else if (done.name === DUMP_NAME && options.keepDump) dump = Buffer.concat(done.chunks);
      else if (done.name.startsWith(FILE_PREFIX) && options.onFile) {
        await options.onFile(done.name.slice(FILE_PREFIX.length), Buffer.concat(done.chunks));
      }
    },
  });
  try {
    await pipeline(fs.createReadStream(file), zlib.createGunzip(), reader);
  } catch (error) {
    throw refusalFor(name, error);
  }
  if (manifestText === null) {
    throw new BackupRefusedError(
      `${name} has no manifest: it is not a Vaultgrid backup, or it was cut short.`,
    );
  }
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse((manifestText as Buffer).toString('utf8')));
  } catch {
    throw new BackupRefusedError(`${name} has a manifest this version cannot read.`);
  }
  const check = (entry: string, expected: { bytes: number; sha256: string }) => {
    const found = seen.get(entry);
    if (!found) throw new BackupRefusedError(`${name} lacks ${entry}, which its manifest lists.`);
    if (found.bytes !== expected.bytes || found.sha256 !== expected.sha256) {
      throw new BackupRefusedError(
        `${name} is damaged: ${entry} does not match the SHA-256 its manifest records.`,
      );
    }
  };
  check(manifest.dump.name, manifest.dump);
  for (const f of manifest.files) check(`${FILE_PREFIX}${f.key}`, f);
  const refusal = schemaRefusal(manifest.schema);
  if (refusal) throw new BackupRefusedError(`${name}: ${refusal}`);
  return { manifest, dump };
}

function refusalFor(name: string, error: unknown): Error {
  if (error instanceof BackupRefusedError) return error;
  if (error instanceof DamagedArchiveError) {
    return new BackupRefusedError(`${name} is damaged: ${error.message}.`);
  }
  const code = (error as { code?: string }).code;
  if (code === 'ENOENT') return new BackupRefusedError(`${name} does not exist.`);
  if (code === 'Z_BUF_ERROR' || /unexpected end/i.test(String((error as Error).message))) {
    return new BackupRefusedError(
      `${name} is cut short: it ends before its last entry (was it copied whole?).`,
    );
  }
  if (code === 'Z_DATA_ERROR') {
    return new BackupRefusedError(
      `${name} is damaged: its compressed data does not check (${(error as Error).message}).`,
    );
  }
  return error instanceof Error ? error : new Error(String(error));
}
