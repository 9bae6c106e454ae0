import type { BackupKeeper } from './backup/backup-keeper';
import type { Db } from './db/client';
import type { EngineStatus } from './db/maintenance';
import type { LiveHub } from './live/live-hub';
import type { SessionCache } from './lib/session-cache';
import type { FileStorage } from './storage/storage';

/** What route modules need from the running server; tests build the same with a fresh database. */
export interface AppDeps {
  db: Db;
  /** Size on disk and dead rows of the database in use (`GET /api/status`). */
  status(): Promise<EngineStatus>;
  storage: FileStorage;
  /** Change events for the streams this instance holds (decision 0030). */
  live: LiveHub;
  /** Sessions already resolved, forgotten when any instance ends them (decision 0054). */
  sessions: SessionCache;
  sessionDays: number;
  cookieSecure: 'auto' | 'always' | 'never';
  /** Backups of the whole installation (decision 0440); absent in tools that take none. */
  backups?: BackupKeeper;
  /** The HTTPS listener's port, when HTTPS_PORT runs one (`GET /api/secure-address`). */
  httpsPort?: number;
}
