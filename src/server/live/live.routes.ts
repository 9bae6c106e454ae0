import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import * as contract from '../../contracts/live';
import type { LiveEvent, Presence } from '../../contracts/live';
import { checklistTokenParamsSchema } from '../../contracts/checklists';
import { idParamsSchema } from '../../contracts/common';
import { queryRows, type Db } from '../db/client';
import { warehouses } from '../db/schema/warehouses';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { registerEndpoint } from '../http/route';
import * as checklistsService from '../features/checklists/checklists.service';
import { PRESENCE_TTL_SECONDS, type LiveHub } from './live-hub';

/** Comment lines this often keep proxies and the browser from closing a quiet stream. */
const HEARTBEAT_MS = 20_000;
/** What the browser waits before reconnecting a dropped stream (SSE `retry:`). */
const RETRY_MS = 1_000;

const eventsEndpoint = {
  method: 'GET',
  path: '/api/live/events',
  summary:
    'Server-Sent Events: `event: change` with a change of this company (`data` is a live event, `id` its version), `event: reset` when missed events are gone (reload), `event: reconnect` when the server is stopping. Resumes after `Last-Event-ID`.',
  tag: 'live',
  access: 'session',
  download: { contentTypes: ['text/event-stream'] },
  response: contract.liveEventSchema,
} as const;

const checklistEventsEndpoint = {
  ...eventsEndpoint,
  path: '/api/live/checklists/t/:token/events',
  params: checklistTokenParamsSchema,
  summary:
    'Server-Sent Events for the fill page of a printed link, without a session: the changes of that one checklist.',
  access: 'public',
} as const;

const namedChecklistEventsEndpoint = {
  ...eventsEndpoint,
  // Under /api/checklists, so the browser sends the fill grant cookie the name call set.
  path: '/api/checklists/:id/events',
  params: idParamsSchema,
  summary:
    "Server-Sent Events for the fill page opened by the warehouse's name: the changes of that one checklist, for staff of its company or a caller holding its fill grant. Not found alike otherwise.",
  access: 'public',
} as const;

const lastEventId = (value: unknown): number => {
  const text = Array.isArray(value) ? value[0] : value;
  return typeof text === 'string' && /^[0-9]{1,15}$/.test(text) ? Number(text) : 0;
};

function frame(event: string, data: unknown, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function registerLiveRoutes(app: FastifyInstance, deps: AppDeps): void {
  const hub = deps.live;
  registerEndpoint(app, eventsEndpoint, async ({ user, request, reply }) => {
    streamEvents(request, reply, hub, user.companyId, () => true);
  });

  // The fill pages have no session: each hears only its own checklist.
  registerEndpoint(app, checklistEventsEndpoint, async ({ params, request, reply }) => {
    const watched = await checklistsService.watchChecklistByToken(deps.db, params.token);
    streamEvents(request, reply, hub, watched.companyId, changesOf(watched));
  });
  registerEndpoint(app, namedChecklistEventsEndpoint, async ({ user, params, request, reply }) => {
    const watched = await checklistsService.watchChecklistById(
      deps.db,
      user,
      params.id,
      checklistsService.readFillGrants(request),
    );
    streamEvents(request, reply, hub, watched.companyId, changesOf(watched));
  });

  registerEndpoint(app, contract.getPresence, async ({ user, params }) => {
    await requireWarehouse(deps.db, user.companyId, params.warehouseId);
    return presenceOf(deps.db, user.companyId, params.warehouseId, user.id);
  });

  registerEndpoint(app, contract.announcePresence, async ({ user, params, body }) => {
    await requireWarehouse(deps.db, user.companyId, params.warehouseId);
    if (body.here) {
      await deps.db.execute(sql`
        INSERT INTO live_presence (tab, company_id, warehouse_id, user_id)
        VALUES (${body.tab}, ${user.companyId}, ${params.warehouseId}, ${user.id})
        ON CONFLICT (tab) DO UPDATE SET seen_at = now()
          WHERE live_presence.company_id = EXCLUDED.company_id
            AND live_presence.warehouse_id = EXCLUDED.warehouse_id
            AND live_presence.user_id = EXCLUDED.user_id`);
    } else {
      await deps.db.execute(
        sql`DELETE FROM live_presence WHERE tab = ${body.tab} AND user_id = ${user.id}`,
      );
    }
    return presenceOf(deps.db, user.companyId, params.warehouseId, user.id);
  });
}

/** A checklist's own changes, and those of statements that changed several in its warehouse. */
const changesOf =
  (checklist: checklistsService.WatchedChecklist) =>
  (event: LiveEvent): boolean =>
    event.entity === 'checklist' &&
    (event.id === checklist.id || (event.id === null && event.warehouse === checklist.warehouseId));

async function requireWarehouse(db: Db, companyId: number, warehouseId: number): Promise<void> {
  const found = await db
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.id, warehouseId), eq(warehouses.companyId, companyId)));
  if (found.length === 0) throw new AppError('NOT_FOUND', 'Warehouse not found.');
}

async function presenceOf(
  db: Db,
  companyId: number,
  warehouseId: number,
  viewerId: number,
): Promise<Presence> {
  const rows = await queryRows<{ userId: number; email: string }>(
    db,
    sql`SELECT DISTINCT u.id AS "userId", u.email
          FROM live_presence p JOIN users u ON u.id = p.user_id AND u.company_id = p.company_id
         WHERE p.company_id = ${companyId} AND p.warehouse_id = ${warehouseId}
           AND p.user_id <> ${viewerId}
           AND p.seen_at >= now() - make_interval(secs => ${PRESENCE_TTL_SECONDS})
         ORDER BY u.email`,
  );
  // Staff have no display name; the part of the email before the @ is how the team knows them.
  const people = rows.map((r) => ({ userId: r.userId, name: r.email.split('@')[0] ?? r.email }));
  return { warehouseId, people };
}

/**
 * Writes one company's events to a response as Server-Sent Events: first what the caller
 * missed after its Last-Event-ID, then each change as it commits, a heartbeat between them.
 */
function streamEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  hub: LiveHub,
  companyId: number,
  wanted: (event: LiveEvent) => boolean,
): void {
  if (hub.draining) {
    // Another instance takes the stream; the browser retries and the balancer sends it on.
    throw new AppError('SERVER_BUSY', 'This server is stopping. Please reconnect.');
  }
  const query = request.query as Record<string, unknown>;
  const after = lastEventId(request.headers['last-event-id'] ?? query.lastEventId);

  // The stream is written by hand: compression and reply serialisation would buffer it.
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store, no-transform',
    // nginx passes this stream on as it comes instead of buffering it.
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  raw.write(`retry: ${RETRY_MS}\n\n`);

  let replaying = true;
  const held: LiveEvent[] = [];
  const sent = new Set<number>();
  const send = (event: LiveEvent) => {
    if (!wanted(event)) return;
    if (replaying) {
      held.push(event);
      return;
    }
    if (sent.has(event.version)) return;
    raw.write(frame('change', event, event.version));
  };
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
    raw.end();
  };
  const unsubscribe = hub.subscribe(companyId, {
    send,
    drain: () => {
      raw.write(frame('reconnect', { instance: hub.instance }));
      close();
    },
  });
  const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
  request.raw.on('close', close);

  const replay = async () => {
    try {
      const missed = after > 0 ? await hub.replay(companyId, after) : [];
      if (missed === null) raw.write(frame('reset', {}));
      for (const event of (missed ?? []).filter(wanted)) {
        raw.write(frame('change', event, event.version));
        sent.add(event.version);
      }
    } catch (error) {
      request.log.warn({ err: error }, 'live replay failed');
      raw.write(frame('reset', {}));
    }
    replaying = false;
    for (const event of held) send(event);
    held.length = 0;
    sent.clear();
    if (!closed) raw.write(frame('ready', { instance: hub.instance }));
  };
  void replay();
}
