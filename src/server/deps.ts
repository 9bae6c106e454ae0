import type { BackupKeeper } from './backup/backup-keeper';
import type { Db } from './db/client';
import type { LiveHub } from './live/live-hub';
import type { FileStorage } from './storage/storage';

/** What route modules need from the running server; tests build the same with a fresh database. */
export interface AppDeps {
  db: Db;
  storage: FileStorage;
  /** Change events for the streams this instance holds (decision 0030). */
  live: LiveHub;
  sessionDays: number;
  cookieSecure: 'auto' | 'always' | 'never';
  /** The HTTPS listener's port once it listens; none with HTTPS_PORT=off (`GET /api/secure-address`). */
  httpsPort?: () => number | undefined;
  /** After each successful sign-in (the first one removes DATA_DIR/first-sign-in.txt). */
  onSignIn?: () => void;
  /** Backups of the whole installation (decision 0440); absent in tools that take none. */
  backups?: BackupKeeper;
}
