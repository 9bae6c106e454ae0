import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { Config } from '../config';
import { lockDataDir } from '../db/lock';
import { createDiskStorage, type FileStorage } from '../storage/storage';
import { BackupRefusedError, readBackupFile } from './backup-file';
import { countRowsSql } from './dump-format';
import type { Manifest } from './manifest';

export interface RestoreOptions {
  file: string;
  config: Config;
  /** Replace what the target already holds. */
  force: boolean;
  say: (line: string) => void;
}

/** A database the restore loads the dump into, and counts rows in afterwards. */
interface Target {
  describe: string;
  isEmpty(): Promise<boolean>;
  clear(): Promise<void>;
  load(sql: string): Promise<void>;
  count(tables: string[]): Promise<Record<string, number>>;
  close(): Promise<void>;
}

function pgliteTarget(folder: string): Target {
  const open = () => new PGlite({ dataDir: folder, extensions: { pg_trgm } });
  let engine: PGlite | null = null;
  const db = () => (engine ??= open());
  return {
    describe: `the embedded database in ${folder}`,
    async isEmpty() {
      return !fs.existsSync(folder) || fs.readdirSync(folder).length === 0;
    },
    async clear() {
      await fsp.rm(folder, { recursive: true, force: true });
    },
    async load(sql) {
      await db().exec(sql);
    },
    async count(tables) {
      const rows = await db().query<{ name: string; rows: number }>(countRowsSql(tables));
      return Object.fromEntries(rows.rows.map((r) => [r.name, Number(r.rows)]));
    },
    async close() {
      await engine?.close();
    },
  };
}

function postgresTarget(url: string): Target {
  const client = new pg.Client({ connectionString: url });
  const connected = client.connect();
  return {
    describe: 'the PostgreSQL database at DATABASE_URL',
    async isEmpty() {
      await connected;
      const found = await client.query<{ n: string }>(
        "SELECT count(*) AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace WHERE s.nspname = 'public'",
      );
      return Number(found.rows[0]?.n) === 0;
    },
    async clear() {
      await connected;
      await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
    },
    async load(sql) {
      await connected;
      // One simple query: PostgreSQL runs its statements in one transaction, so a dump that
      // fails part way leaves the database as it was.
      await client.query(sql);
    },
    async count(tables) {
      const rows = await client.query<{ name: string; rows: string }>(countRowsSql(tables));
      return Object.fromEntries(rows.rows.map((r) => [r.name, Number(r.rows)]));
    },
    async close() {
      await client.end().catch(() => undefined);
    },
  };
}

async function isEmptyFolder(folder: string): Promise<boolean> {
  const names = await fsp.readdir(folder).catch(() => []);
  return names.length === 0;
}

/**
 * Restores a backup into an empty embedded data directory or an empty PostgreSQL database
 * (a non-empty one only with `force`), and its files into the configured storage. Every
 * byte is checked against the manifest before anything is written; afterwards each table's
 * row count is checked against it too.
 */
export async function restoreBackup(options: RestoreOptions): Promise<Manifest> {
  const { config, say } = options;
  const name = path.basename(options.file);
  const { manifest } = await readBackupFile(options.file);
  say(
    `${name}: Vaultgrid ${manifest.productVersion}, schema ${manifest.schema.version}, ` +
      `taken ${manifest.createdAt} on ${manifest.engine === 'pglite' ? 'the embedded engine' : 'PostgreSQL'}; ` +
      `${manifest.files.length} files. Checked.`,
  );
  const lock = config.databaseUrl ? null : lockDataDir(config.dataDir, 'vaultgrid restore');
  const target = config.databaseUrl
    ? postgresTarget(config.databaseUrl)
    : pgliteTarget(path.join(config.dataDir, 'pglite'));
  const filesFolder = path.join(config.dataDir, 'files');
  try {
    const filesEmpty = config.fileStorage.kind === 's3' || (await isEmptyFolder(filesFolder));
    const databaseEmpty = await target.isEmpty();
    if (!databaseEmpty || !filesEmpty) {
      if (!options.force) {
        throw new BackupRefusedError(
          `${databaseEmpty ? filesFolder : target.describe} is not empty: restore into an empty one, ` +
            'or add --force to replace what it holds.',
        );
      }
      say(`Replacing what ${target.describe} holds (--force).`);
      await target.clear();
      if (config.fileStorage.kind === 'disk')
        await fsp.rm(filesFolder, { recursive: true, force: true });
    }
    const storage: FileStorage =
      config.fileStorage.kind === 's3'
        ? (await import('../storage/s3-storage')).createS3Storage(config.fileStorage)
        : createDiskStorage(filesFolder);
    const { dump } = await readBackupFile(options.file, {
      keepDump: true,
      onFile: (key, data) => storage.restore(key, data),
    });
    if (!dump) throw new BackupRefusedError(`${name} has no database dump.`);
    await target.load(dump.toString('utf8'));
    const counts = await target.count(Object.keys(manifest.tables));
    for (const [table, rows] of Object.entries(manifest.tables)) {
      if (counts[table] !== rows) {
        throw new Error(
          `The restored table ${table} has ${counts[table] ?? 0} rows where the backup's manifest says ${rows}.`,
        );
      }
    }
    say(
      `Restored ${Object.values(manifest.tables).reduce((a, b) => a + b, 0)} rows in ` +
        `${Object.keys(manifest.tables).length} tables and ${manifest.files.length} files into ${target.describe}.`,
    );
    return manifest;
  } finally {
    await target.close();
    lock?.release();
  }
}
