import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { S3Settings } from '../config';

/** A backup kept at a place: its name says when it was taken and why. */
export interface StoredBackup {
  name: string;
  createdAt: Date;
  bytes: number;
}

/**
 * Where backups are kept: a folder, or the bucket that holds the uploads. `write` hands the
 * writer a local path to fill (written there under a temporary name, then renamed); the place
 * then keeps it under its final name.
 */
export interface BackupPlace {
  readonly description: string;
  list(): Promise<StoredBackup[]>;
  write(name: string, fill: (localPath: string) => Promise<void>): Promise<void>;
  remove(name: string): Promise<void>;
  /** Temporary files a process killed mid-backup left behind. */
  removeLeftovers(): Promise<void>;
}

const NAME =
  /^vaultgrid-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})(?:-(\d{3}))?Z-[a-z-]+\.tar\.gz$/;

export type BackupKind = 'daily' | 'manual' | 'pre-migration';

/** `vaultgrid-2026-11-26T02-00-00-000Z-daily.tar.gz`: sorts by time, and names its kind. */
export function backupName(at: Date, kind: BackupKind): string {
  return `vaultgrid-${at.toISOString().replaceAll(':', '-').replace('.', '-')}-${kind}.tar.gz`;
}

function backupTime(name: string): Date | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const [, day, h, m, s, ms] = match;
  return new Date(`${day}T${h}:${m}:${s}.${ms ?? '000'}Z`);
}

export function folderPlace(folder: string): BackupPlace {
  return {
    description: folder,
    async list() {
      let names: string[];
      try {
        names = await fsp.readdir(folder);
      } catch {
        return [];
      }
      const found: StoredBackup[] = [];
      for (const name of names) {
        const createdAt = backupTime(name);
        if (!createdAt) continue;
        const stat = await fsp.stat(path.join(folder, name));
        found.push({ name, createdAt, bytes: stat.size });
      }
      return found;
    },
    async write(name, fill) {
      await fsp.mkdir(folder, { recursive: true });
      await fill(path.join(folder, name));
    },
    async remove(name) {
      await fsp.rm(path.join(folder, name), { force: true });
    },
    async removeLeftovers() {
      const names = await fsp.readdir(folder).catch(() => []);
      for (const name of names) {
        if (name.startsWith('.vaultgrid-') && name.endsWith('.partial')) {
          await fsp.rm(path.join(folder, name), { force: true });
        }
      }
    },
  };
}

/**
 * Backups under `backups/` in the uploads' bucket. The file is made in a local temporary
 * folder first and sent in one PUT, which S3 makes visible whole or not at all.
 */
export async function bucketPlace(settings: S3Settings, scratch: string): Promise<BackupPlace> {
  const s3 = await import('@aws-sdk/client-s3');
  const client = new s3.S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    credentials: settings.credentials,
    forcePathStyle: settings.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const prefix = `${settings.prefix}backups/`;
  return {
    description: `s3://${settings.bucket}/${prefix}`,
    async list() {
      const found: StoredBackup[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new s3.ListObjectsV2Command({
            Bucket: settings.bucket,
            Prefix: prefix,
            ContinuationToken: token,
          }),
        );
        for (const object of page.Contents ?? []) {
          const name = (object.Key ?? '').slice(prefix.length);
          const createdAt = backupTime(name);
          if (createdAt) found.push({ name, createdAt, bytes: object.Size ?? 0 });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return found;
    },
    async write(name, fill) {
      await fsp.mkdir(scratch, { recursive: true });
      const local = path.join(scratch, name);
      try {
        await fill(local);
        const { size } = await fsp.stat(local);
        await client.send(
          new s3.PutObjectCommand({
            Bucket: settings.bucket,
            Key: `${prefix}${name}`,
            Body: fs.createReadStream(local),
            ContentLength: size,
          }),
        );
      } finally {
        await fsp.rm(local, { force: true });
      }
    },
    async remove(name) {
      await client.send(
        new s3.DeleteObjectCommand({ Bucket: settings.bucket, Key: `${prefix}${name}` }),
      );
    },
    async removeLeftovers() {
      const names = await fsp.readdir(scratch).catch(() => []);
      for (const name of names) await fsp.rm(path.join(scratch, name), { force: true });
    },
  };
}

/** A local folder for a bucket place's files on their way up. */
export const bucketScratch = (dataDir: string) =>
  path.join(dataDir || os.tmpdir(), 'backups-outgoing');
