import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

export interface DataDirLock {
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else: still alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// PGlite keeps no lock of its own, and two processes on one directory corrupt it.
// The lock file holds the owner's pid; a lock whose process is gone is stale and taken over.
export function lockDataDir(dir: string, purpose: string): DataDirLock {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'vaultgrid.lock');
  const content = JSON.stringify({ pid: process.pid, purpose, since: new Date().toISOString() });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, content, { flag: 'wx' });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            const held = JSON.parse(fs.readFileSync(file, 'utf8')) as { pid?: number };
            if (held.pid === process.pid) fs.unlinkSync(file);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let holder: { pid?: number; purpose?: string } = {};
      try {
        holder = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof holder;
      } catch {
        // A half-written or unreadable lock file belongs to no live process.
      }
      if (typeof holder.pid === 'number' && (holder.pid === process.pid || isAlive(holder.pid))) {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by process ${holder.pid} (${holder.purpose ?? 'vaultgrid'}). ` +
            'Stop that process first, or set DATA_DIR to another directory.',
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not take the lock on the data directory ${dir}.`);
}
