import path from 'node:path';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { lockDataDir, type DataDirLock } from './db/lock';
import { createDiskStorage, type FileStorage } from './storage/storage';

export interface Runtime {
  database: Database;
  storage: FileStorage;
  close(): Promise<void>;
}

/**
 * Opens what both the server and the command line need: the lock on the embedded data
 * directory (PGlite only; PostgreSQL guards itself), the database with migrations applied,
 * and file storage.
 */
export async function openRuntime(config: Config, purpose: string): Promise<Runtime> {
  let lock: DataDirLock | null = null;
  if (!config.databaseUrl) lock = lockDataDir(config.dataDir, purpose);
  try {
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
    });
    const storage = createDiskStorage(path.join(config.dataDir, 'files'));
    return {
      database,
      storage,
      async close() {
        try {
          await database.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
