import path from 'node:path';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ensureFirstAdmin } from './bootstrap';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/lock';
import type { EngineStatus } from './db/maintenance';
import { sweepAuthTables } from './features/auth/auth.service';
import { openRuntime } from './runtime';
import { sweepRateLimits } from './lib/rate-limit-store';
import { LiveHub } from './live/live-hub';
import {
  loadOrMakeCertificate,
  startHttpsListener,
  type HttpsListener,
} from './http/https-listener';
import { SessionCache } from './lib/session-cache';
import { collectWhenIdle } from './lib/idle-collection';
import { lowerBackgroundThreads } from './lib/thread-priority';
import { warmUp } from './warm-up';

const here = path.dirname(fileURLToPath(import.meta.url));
// Built: dist/server/main.js next to dist/web. From source (tsx): src/server next to dist/web two up.
const webRoot = here.endsWith(path.join('dist', 'server'))
  ? path.join(here, '..', 'web')
  : path.join(here, '..', '..', 'dist', 'web');

async function main(): Promise<void> {
  // V8 lets a heap grow up to four times what survived its last full collection before the
  // next one; after a few large answers the HTTP thread held 150-190 MiB for 55 MiB live.
  // 20 % above the live set keeps it near what it uses, for more frequent (not longer)
  // collections; read by V8 at each collection, so setting it here takes effect (decision 0080).
  v8.setFlagsFromString('--heap-growing-percent=20');
  const config = loadConfig();
  let logMaintenance = (status: EngineStatus) => console.log(JSON.stringify(status));
  const runtime = await openRuntime(config, 'vaultgrid server', (status) => logMaintenance(status));
  const { db } = runtime.database;

  const first = await ensureFirstAdmin(db, config.admin);
  const live = await LiveHub.start(runtime.database, config.instanceName);

  const app = await buildApp(
    {
      db,
      status: () => runtime.database.status(),
      storage: runtime.storage,
      backups: runtime.backups,
      live,
      sessions: await SessionCache.listening(runtime.database),
      sessionDays: config.sessionDays,
      cookieSecure: config.cookieSecure,
      httpsPort: config.https?.port,
    },
    {
      logger: {
        level: config.logLevel,
        redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      },
      trustProxy: config.trustProxy,
      cspUpgradeInsecure: config.cspUpgradeInsecure,
      webRoot,
    },
  );

  logMaintenance = (status) => app.log.info({ database: status }, 'database maintenance');
  runtime.backups.log = {
    info: (fields, message) => app.log.info(fields, message),
    error: (fields, message) => app.log.error(fields, message),
  };
  // The embedded engine is backed up by the server that holds it; PostgreSQL by its own
  // tools or `vaultgrid backup`, once for all the instances behind a balancer (decision 0440).
  const stopBackups =
    runtime.database.engine === 'pglite' && config.backup.hour !== null
      ? await runtime.backups.schedule(config.backup.hour)
      : () => undefined;

  const sweep = setInterval(
    () => {
      sweepAuthTables(db).catch((error: unknown) =>
        app.log.warn({ err: error }, 'session sweep failed'),
      );
      sweepRateLimits(db).catch((error: unknown) =>
        app.log.warn({ err: error }, 'rate limit sweep failed'),
      );
    },
    60 * 60 * 1000,
  );
  sweep.unref();

  // The garbage of a burst (a PDF of labels, a print list, a busy hour) given back once the
  // HTTP thread has gone quiet, not 8 s later (decision 0109).
  const stopCollecting = collectWhenIdle();
  // The HTTP thread answers first; the process's helpers take the cores it leaves (0104).
  await lowerBackgroundThreads();

  let secure: HttpsListener | null = null;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(sweep);
    stopBackups();
    stopCollecting();
    // A statement stuck in the embedded engine cannot be cancelled (decision 0011): past the
    // grace period the process leaves anyway, and PostgreSQL's recovery replays the log.
    setTimeout(() => {
      app.log.error({ graceMs: config.shutdownGraceMs }, 'shutdown took too long; exiting anyway');
      runtime.releaseLock();
      process.exit(1);
    }, config.shutdownGraceMs).unref();
    try {
      await Promise.all([secure?.close(), app.close()]);
    } finally {
      await runtime.close();
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  // Before the port opens, so the first calls after a restart find their answers built and
  // the heap grown to hold them (decision 0112); a balancer sends nothing here until then.
  const warmed = await warmUp(db, config.warmUpMs, (error) =>
    app.log.warn({ err: error }, 'warm-up step failed'),
  );
  app.log.info(warmed, 'warmed up');
  // A SIGTERM during the warm-up closes everything; the port is not opened after it.
  if (stopping) return;

  try {
    await app.listen({ port: config.port, host: config.host });
    if (config.https) {
      const keyPair = await loadOrMakeCertificate({ dataDir: config.dataDir, ...config.https });
      secure = await startHttpsListener(app, {
        port: config.https.port,
        host: config.host,
        keyPair,
      });
    }
  } catch (error) {
    await runtime.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const engine =
    runtime.database.engine === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  const lines = [`Vaultgrid is running at http://localhost:${port} (${engine}).`];
  if (secure) {
    lines.push(
      `Also at https://localhost:${secure.port}, where phones may use the camera` +
        (config.https?.certFile ? '.' : ' (a certificate made for this machine: accept it once).'),
    );
  }
  if (first) {
    lines.push(`Created company "${first.companyName}" with the first user ${first.email}.`);
    if (first.generatedPassword) {
      lines.push(
        `Sign in with ${first.email} / ${first.generatedPassword} (shown only this once).`,
      );
    }
  }
  // One write, so whoever reads the start-up message gets the sign-in lines with it.
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Vaultgrid could not start:', error);
  }
  process.exit(1);
});
