import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { backupsToDelete, type RetentionPolicy } from '../../domain/backup-retention';
import type { FileStorage } from '../storage/storage';
import { writeBackupFile } from './backup-file';
import { backupName, type BackupKind, type BackupPlace, type StoredBackup } from './backup-places';
import type { DumpSnapshot } from './dump-format';
import type { Manifest } from './manifest';

export type DumpDatabase = (file: string) => Promise<DumpSnapshot>;

/** How long without a successful backup before signed-in operators are warned. */
const BACKUP_OVERDUE_MS = 48 * 60 * 60 * 1000;

export interface BackupLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface BackupState {
  last: (StoredBackup & { place: string }) | null;
  running: boolean;
  lastFailure: { at: Date; message: string } | null;
  /** Set when no backup succeeded for BACKUP_OVERDUE_MS: the sentence operators are shown. */
  warning: string | null;
}

export class BackupRunningError extends Error {}

/**
 * Takes backups for the running server (decision 0440): one at a time, on demand, every day
 * at a set hour and before migrations; applies the retention after each; remembers the last
 * failure so the status call can warn.
 */
export class BackupKeeper {
  private running: Promise<StoredBackup> | null = null;
  private lastFailure: BackupState['lastFailure'] = null;
  private readonly startedAt: Date;
  /** Set once the database is open; until then only a backup before migrations can run. */
  dump: DumpDatabase | null = null;
  log: BackupLog = {
    info: (fields, message) =>
      process.stdout.write(`${JSON.stringify({ ...fields, msg: message })}\n`),
    error: (fields, message) => console.error(JSON.stringify({ ...fields, msg: message })),
  };

  constructor(
    private options: {
      place: BackupPlace;
      storage: FileStorage;
      engine: Manifest['engine'];
      retention: RetentionPolicy;
      now?: () => Date;
    },
  ) {
    this.startedAt = this.now();
  }

  /** Where backups go; the command line may point one backup elsewhere (`--to`). */
  get place(): BackupPlace {
    return this.options.place;
  }

  set place(place: BackupPlace) {
    this.options.place = place;
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** Takes a backup now, unless one is running (BackupRunningError). */
  take(kind: BackupKind, dump: DumpDatabase | null = this.dump): Promise<StoredBackup> {
    if (this.running) return Promise.reject(new BackupRunningError('A backup is already running.'));
    if (!dump) return Promise.reject(new Error('The database is not open yet.'));
    const run = this.run(kind, dump).finally(() => {
      this.running = null;
    });
    this.running = run;
    return run;
  }

  private async run(kind: BackupKind, dump: DumpDatabase): Promise<StoredBackup> {
    const started = this.now();
    const name = backupName(started, kind);
    const { place, storage, engine } = this.options;
    const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'vaultgrid-dump-'));
    try {
      const dumpFile = path.join(work, 'dump.sql');
      const snapshot = await dump(dumpFile);
      let bytes = 0;
      await place.write(name, async (target) => {
        await writeBackupFile(target, {
          dumpFile,
          snapshot,
          engine,
          storage,
          createdAt: started,
          onMissingFile: (key) =>
            this.log.info(
              { backup: name, key },
              'backup: a file deleted since the dump is left out',
            ),
        });
        bytes = (await fsp.stat(target)).size;
      });
      const done: StoredBackup = { name, createdAt: started, bytes };
      this.lastFailure = null;
      this.log.info(
        {
          backup: name,
          place: place.description,
          bytes,
          ms: this.now().getTime() - started.getTime(),
        },
        'backup written',
      );
      await this.applyRetention().catch((error: unknown) =>
        this.log.error({ err: describe(error) }, 'backup retention failed'),
      );
      return done;
    } catch (error) {
      this.lastFailure = { at: this.now(), message: describe(error) };
      this.log.error(
        { backup: name, place: place.description, err: describe(error) },
        'backup failed',
      );
      throw error;
    } finally {
      await fsp.rm(work, { recursive: true, force: true });
    }
  }

  private async applyRetention(): Promise<void> {
    const stale = backupsToDelete(await this.options.place.list(), this.options.retention);
    for (const backup of stale) await this.options.place.remove(backup.name);
  }

  async state(): Promise<BackupState> {
    const backups = await this.options.place.list().catch(() => []);
    const newest = backups.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    const since = newest?.createdAt ?? this.startedAt;
    const overdue = this.now().getTime() - since.getTime() >= BACKUP_OVERDUE_MS;
    let warning: string | null = null;
    if (overdue) {
      warning = newest
        ? `No backup has succeeded since ${newest.createdAt.toISOString()}.`
        : 'No backup has succeeded yet.';
      if (this.lastFailure) warning += ` The last attempt failed: ${this.lastFailure.message}`;
    } else if (this.lastFailure && (!newest || this.lastFailure.at > newest.createdAt)) {
      warning = `The last backup failed: ${this.lastFailure.message}`;
    }
    return {
      last: newest ? { ...newest, place: this.place.description } : null,
      running: this.running !== null,
      lastFailure: this.lastFailure,
      warning,
    };
  }

  /** Removes what a process killed mid-backup left, then backs up every day at `hour`. */
  async schedule(hour: number): Promise<() => void> {
    await this.options.place.removeLeftovers();
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      const now = this.now();
      const next = new Date(now.getFullYear(), now.getMonth(), now.getDate(), hour);
      if (next <= now) next.setDate(next.getDate() + 1);
      timer = setTimeout(() => {
        this.take('daily').catch(() => undefined);
        arm();
      }, next.getTime() - now.getTime());
      timer.unref();
    };
    arm();
    return () => clearTimeout(timer);
  }
}

function describe(error: unknown): string {
  const e = error as { code?: string; message?: string };
  if (e.code === 'ENOSPC') return 'the disk where backups are kept is full.';
  return e.message ?? String(error);
}
