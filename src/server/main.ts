import path from 'node:path';
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
import {
  addressLines,
  FirstSignInFile,
  firstSignInBox,
  lanAddresses,
  logsWritten,
} from './start-up';

const here = path.dirname(fileURLToPath(import.meta.url));
// Built: dist/server/main.js next to dist/web. From source (tsx): src/server next to dist/web two up.
const webRoot = here.endsWith(path.join('dist', 'server'))
  ? path.join(here, '..', 'web')
  : path.join(here, '..', '..', 'dist', 'web');

async function main(): Promise<void> {
  const config = loadConfig();
  let logMaintenance = (status: EngineStatus) => console.log(JSON.stringify(status));
  const runtime = await openRuntime(config, 'vaultgrid server', (status) => logMaintenance(status));
  const { db } = runtime.database;

  const first = await ensureFirstAdmin(db, config.admin);
  const firstSignIn = new FirstSignInFile(config.dataDir);
  // Kept before anything else can fail the start: the password exists nowhere else.
  if (first) firstSignIn.write(first);
  const live = await LiveHub.start(runtime.database, config.instanceName);

  const app = await buildApp(
    {
      db,
      storage: runtime.storage,
      backups: runtime.backups,
      live,
      sessionDays: config.sessionDays,
      cookieSecure: config.cookieSecure,
      httpsPort: () => secure?.port,
      onSignIn: () => firstSignIn.remove(),
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

  let secure: HttpsListener | null = null;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(sweep);
    stopBackups();
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
  const lines = addressLines({
    port,
    httpsPort: secure?.port ?? null,
    isCertificateMadeHere: !config.https?.certFile,
    engine,
    lan: lanAddresses(config.host),
  });
  const box = firstSignInBox(first, firstSignIn);
  await logsWritten(app.log);
  // One write, last of the start, so the sign-in is not lost between log lines.
  console.log([...lines, ...(box ? ['', box, ''] : [])].join('\n'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Vaultgrid could not start:', error);
  }
  process.exit(1);
});
