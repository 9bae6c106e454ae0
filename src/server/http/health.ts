import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import { migrations } from '../db/migrations/index';
import type { AppDeps } from '../deps';
import { getSecureAddress } from '../../contracts/scan-codes';
import { registerEndpoint, requireUser } from './route';
import { isOperator, presentBackupStatus } from '../backup/backup-status';

/** The name in a Host header without its port ("[::1]" stays bracketed); null when malformed. */
function hostNameOf(host: string): string | null {
  try {
    return new URL(`http://${host}`).hostname || null;
  } catch {
    return null;
  }
}

/**
 * Probes for a supervisor and a status call for staff. `/healthz` touches nothing but the
 * process, so it shows whether the HTTP thread answers while the database is busy; `/readyz`
 * asks the database and checks every migration is applied.
 */
export function registerHealthRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/healthz', async (_request, reply) => {
    return reply.header('cache-control', 'no-store').send({ ok: true });
  });

  app.get('/readyz', async (_request, reply) => {
    const rows = await queryRows<{ name: string }>(
      deps.db,
      sql`SELECT name FROM schema_migrations`,
    );
    const applied = new Set(rows.map((r) => r.name));
    const missing = migrations.filter((m) => !applied.has(m.name)).map((m) => m.name);
    reply.header('cache-control', 'no-store');
    // A stopping instance takes nothing new; the balancer sends its callers elsewhere.
    if (deps.live.draining) return reply.status(503).send({ ok: false, stopping: true });
    if (missing.length > 0)
      return reply.status(503).send({ ok: false, missingMigrations: missing });
    return reply.send({ ok: true });
  });

  // Same host name as the page was opened by: a phone that reached us at 192.168.1.20 reaches
  // the HTTPS listener there too, and its session cookie goes with it.
  registerEndpoint(app, getSecureAddress, async ({ request }) => {
    const name = hostNameOf(request.host);
    return {
      url:
        deps.httpsPort === undefined || name === null ? null : `https://${name}:${deps.httpsPort}`,
    };
  });

  // The data folder's size and the share of dead rows, to watch the embedded engine's upkeep;
  // for the installation's operators, its backups too (decision 0440).
  app.get('/api/status', async (request, reply) => {
    const user = requireUser(request);
    const backup =
      deps.backups && (await isOperator(deps.db, user))
        ? await presentBackupStatus(deps.backups)
        : undefined;
    return reply.header('cache-control', 'no-store').send({ ...(await deps.status()), backup });
  });
}
