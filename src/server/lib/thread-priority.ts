import fs from 'node:fs';
import os from 'node:os';

/**
 * How much lower than the HTTP thread the process's other threads run (`nice`, 0-19), as the
 * embedded engine's thread does (decision 0103): at 10 the scheduler gives the HTTP thread
 * about nine times their share while both want a core, and they still get every core it
 * leaves idle.
 */
export const BACKGROUND_NICENESS = 10;

/**
 * Lowers every thread of this process but the HTTP thread: V8's helpers (concurrent marking,
 * parallel scavenges, optimising compilers) and libuv's pool (compression, hashing, file
 * reads). Under 200 connections on PostgreSQL they ran about 20 s of CPU a minute at the
 * HTTP thread's priority and in its scheduling group, and the HTTP thread waited in the run
 * queue for up to 74 ms at a time while a health probe waited behind it (decision 0104).
 * Their work is not lost: V8's main thread takes over a job its helpers have not started.
 * Linux only (a thread is a task there); elsewhere, or where the system refuses, nothing
 * changes. A thread started later sets its own (the embedded engine's does, decision 0103).
 */
export async function lowerBackgroundThreads(niceness = BACKGROUND_NICENESS): Promise<number> {
  // libuv starts its whole pool on its first job: one file call makes sure they all exist.
  await fs.promises.access('/proc/self/task').catch(() => undefined);
  let tasks: string[];
  try {
    tasks = fs.readdirSync('/proc/self/task');
  } catch {
    return 0;
  }
  let lowered = 0;
  for (const task of tasks) {
    const tid = Number(task);
    if (tid === process.pid) continue;
    try {
      os.setPriority(tid, niceness);
      lowered++;
    } catch {
      // The thread ended meanwhile, or the system keeps priorities as they are.
    }
  }
  return lowered;
}
