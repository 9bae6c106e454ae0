import type { Db } from './db/client';
import type { FileStorage } from './storage/storage';

/** What route modules need from the running server; tests build the same with a fresh database. */
export interface AppDeps {
  db: Db;
  storage: FileStorage;
  sessionDays: number;
  cookieSecure: 'auto' | 'always' | 'never';
}
