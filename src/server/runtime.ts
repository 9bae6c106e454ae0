import path from 'node:path';
import type { Config } from './config';
import { openDatabase, type Database, type DatabaseOptions } from './db/client';
import { lockDataDir, type DataDirLock } from './db/lock';
import { createDiskStorage, type FileStorage } from './storage/storage';
import { BackupKeeper } from './backup/backup-keeper';
import { bucketPlace, bucketScratch, folderPlace, type BackupPlace } from './backup/backup-places';

export interface Runtime {
  database: Database;
  storage: FileStorage;
  backups: BackupKeeper;
  close(): Promise<void>;
  /** Gives the data directory back at once, for an exit that cannot wait for the database. */
  releaseLock(): void;
}

/**
 * Opens what both the server and the command line need: the lock on the embedded data
 * directory (PGlite only; PostgreSQL guards itself), the database with migrations applied,
 * and file storage.
 */
export async function openRuntime(
  config: Config,
  purpose: string,
  onMaintenance?: DatabaseOptions['onMaintenance'],
): Promise<Runtime> {
  let lock: DataDirLock | null = null;
  if (!config.databaseUrl) lock = lockDataDir(config.dataDir, purpose);
  try {
    const storage =
      config.fileStorage.kind === 's3'
        ? // Loaded only when chosen: the SDK is large, and most installations keep files on disk.
          (await import('./storage/s3-storage')).createS3Storage(config.fileStorage)
        : createDiskStorage(path.join(config.dataDir, 'files'));
    const backups = new BackupKeeper({
      place: await backupPlaceFor(config),
      storage,
      engine: config.databaseUrl ? 'postgres' : 'pglite',
      retention: config.backup.retention,
    });
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onMaintenance,
      beforeMigrations: async (dump) => void (await backups.take('pre-migration', dump)),
    });
    backups.dump = (file) => database.dump(file);
    return {
      database,
      storage,
      backups,
      async close() {
        try {
          await database.close();
        } finally {
          lock?.release();
        }
      },
      releaseLock: () => lock?.release(),
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/** BACKUP_DIR when set, else the uploads' bucket when files are there, else DATA_DIR/backups. */
async function backupPlaceFor(config: Config): Promise<BackupPlace> {
  if (config.backup.dir) return folderPlace(config.backup.dir);
  if (config.fileStorage.kind === 's3') {
    return bucketPlace(config.fileStorage, bucketScratch(config.dataDir));
  }
  return folderPlace(path.join(config.dataDir, 'backups'));
}
