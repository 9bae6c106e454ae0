import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { SessionUser } from '../contracts/auth';
import { errorBody } from '../contracts/errors';
import {
  FILE_TOO_LARGE_MESSAGE,
  JSON_BODY_TOO_LARGE_MESSAGE,
  MAX_ATTACHMENT_BYTES,
  MAX_JSON_BODY_BYTES,
} from '../contracts/limits';
import type { AppDeps } from './deps';
import { AppError } from './http/errors';
import { parseUrlEncoded } from './http/multipart';
import { isCrossSite } from './http/cross-site';
import { refuseUnstorableInput } from './http/input-boundary';
import { registerHealthRoutes } from './http/health';
import { registerBackupRoutes } from './features/backups/backups.routes';
import { buildOpenApi } from './http/openapi';
import { registeredEndpoints, watchForRoutesOutsideThePipeline } from './http/route';
import { registerAuthRoutes } from './features/auth/auth.routes';
import { registerTeamRoutes } from './features/auth/team.routes';
import { registerWarehouseRoutes } from './features/warehouses/warehouses.routes';
import { registerFieldRoutes } from './features/fields/fields.routes';
import { registerVaultRoutes } from './features/vaults/vaults.routes';
import { registerStageRoutes } from './features/vaults/stage.routes';
import { registerSearchRoutes } from './features/search/search.routes';
import { registerRackRoutes } from './features/racks/racks.routes';
import { registerFieldGridRoutes } from './features/fields/field-grid.routes';
import { registerWarehouseLayoutRoutes } from './features/warehouses/warehouse-layout.routes';
import { registerPrintRoutes } from './features/print/print.routes';
import { registerLabelRoutes } from './features/labels/labels.routes';
import { registerStatisticsRoutes } from './features/statistics/statistics.routes';
import { registerCustomerRoutes } from './features/customers/customers.routes';
import { registerChecklistRoutes } from './features/checklists/checklists.routes';
import { registerLiveRoutes } from './live/live.routes';
import { registerImportRoutes } from './features/imports/imports.routes';
import { registerAuditRoutes } from './features/audits/audits.routes';
import { registerDigOutRoutes } from './features/dig-outs/dig-outs.routes';
import { registerReceivingRoutes } from './features/receiving/receiving.routes';
import { registerPullListRoutes } from './features/pull-lists/pull-lists.routes';
import { registerRequestRoutes } from './features/requests/requests.routes';
import { isLoopbackHost, securityHeaders } from './http/security-headers';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyInstance {
    validateResponses: boolean;
  }
}

export interface AppOptions {
  logger: FastifyServerOptions['logger'];
  trustProxy?: boolean;
  /** Built client to serve; absent in API-only tests. */
  webRoot?: string;
  /** Check every response against its contract: on in tests, off in production for speed. */
  validateResponses?: boolean;
  /** Send `upgrade-insecure-requests` on plain HTTP too (CSP_UPGRADE_INSECURE). */
  cspUpgradeInsecure?: boolean;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function appErrorIn(error: unknown): AppError | null {
  let current = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    if (current instanceof AppError) return current;
    current = current.cause;
  }
  return null;
}

/** Vite's output names: `assets/<name>-<hash>.<ext>`. */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[\w-]{8,}\.\w+(\.br|\.gz)?$/;

export async function buildApp(deps: AppDeps, options: AppOptions): Promise<FastifyInstance> {
  const webRoot = options.webRoot;
  const hasWeb = webRoot !== undefined && fs.existsSync(path.join(webRoot, 'index.html'));
  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith('/api/') || !hasWeb || request.method !== 'GET') {
      return reply.status(404).send(errorBody('NOT_FOUND', 'Not found.'));
    }
    // Client-side routes: every other GET gets the app shell, which routes by itself.
    return reply.type('text/html').sendFile('index.html');
  };
  const app = Fastify({
    logger: options.logger,
    trustProxy: options.trustProxy ?? false,
    // Multipart uploads have their own limit; JSON bodies never need more than this.
    bodyLimit: MAX_JSON_BODY_BYTES,
    // A path with a malformed escape (a bare `%` typed into the address bar) is no page the
    // router can match; answer it like any unknown path rather than with Fastify's own 400.
    frameworkErrors: (error, request, reply: FastifyReply) => {
      if (error.code === 'FST_ERR_BAD_URL') {
        // Plugins (such as the static files' sendFile) are not on this early reply.
        if (request.url.startsWith('/api/') || !webRoot || !hasWeb || request.method !== 'GET')
          return reply.status(404).send(errorBody('NOT_FOUND', 'Not found.'));
        return reply.type('text/html').send(fs.createReadStream(path.join(webRoot, 'index.html')));
      }
      return reply.status(400).send(errorBody('VALIDATION_FAILED', error.message));
    },
  });
  app.decorate('validateResponses', options.validateResponses ?? false);
  app.decorateRequest('user', null);
  const routesOutsideThePipeline = watchForRoutesOutsideThePipeline(app);

  await app.register(cookie);
  const secure = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // WebAssembly compiles only with this source: the scan screen's QR decoder is one
        // (served from our own origin; no script from anywhere else runs).
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // Helmet's default: on plain http it sends a LAN browser to https for every script,
        // where nothing listens, and the page stays white. Added below only where it helps.
        upgradeInsecureRequests: null,
      },
    },
    // Plain http on a warehouse LAN is a real deployment; HSTS there would lock staff out.
    strictTransportSecurity: false,
  });
  // Over HTTPS (seen directly or through a trusted proxy) stray http links are upgraded, as
  // helmet would; on plain http only when the operator asks for it. A callback hook: an
  // async one costs a promise per request for nothing it waits on.
  const upgradeAlways = options.cspUpgradeInsecure ?? false;
  app.addHook('onRequest', (request, reply, done) => {
    const isHttps = request.protocol === 'https';
    secure(reply.raw, {
      upgrade: upgradeAlways || isHttps,
      trustworthy: isHttps || isLoopbackHost(request.hostname),
    });
    done();
  });
  // A warehouse answer is large JSON for a tablet on warehouse Wi-Fi, so answers are compressed,
  // with Brotli at its fastest quality (decision 0008). Only small bodies are compressed in one
  // piece on the HTTP thread; a larger one takes the plugin's stream path off that thread, so one
  // big answer never holds every other request (decision 0083). Images and PDFs pass as they are.
  await app.register(compress, {
    threshold: 1024,
    syncThreshold: 64 * 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
  });
  await app.register(multipart, {
    limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1, fields: 30, fieldSize: 64 * 1024 },
  });
  // The spec's form-data calls reach us from plain HTML forms and scripts as url-encoded too.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, parseUrlEncoded(body as string));
    },
  );

  // Cross-site protection for cookie sessions: a browser always sends Origin on unsafe
  // requests, and it must name this host. Clients without a browser send none.
  app.addHook('onRequest', (request, _reply, done) => {
    if (UNSAFE_METHODS.has(request.method) && isCrossSite(request, ['origin'])) {
      done(new AppError('CROSS_SITE_REQUEST', 'Cross-site requests are not allowed.'));
    } else done();
  });
  // Text PostgreSQL cannot store is refused here, once, for every route (decision 0012).
  app.addHook('preValidation', refuseUnstorableInput);

  app.setErrorHandler((thrown, request, reply) => {
    // The query builder wraps what a driver throws, such as the embedded engine's "busy".
    const error = appErrorIn(thrown) ?? thrown;
    if (error instanceof AppError) {
      // A busy server says when to come back, so clients and proxies retry instead of failing.
      if (error.code === 'SERVER_BUSY') reply.header('retry-after', '5');
      return reply.status(error.status).send(error.toBody());
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const isJsonTooLarge = (error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE';
      const code =
        status === 413
          ? isJsonTooLarge
            ? 'REQUEST_TOO_LARGE'
            : 'FILE_TOO_LARGE'
          : status === 429
            ? 'RATE_LIMITED'
            : status === 415
              ? 'UNSUPPORTED_FILE_TYPE'
              : 'VALIDATION_FAILED';
      const message =
        status !== 413
          ? (error as Error).message
          : isJsonTooLarge
            ? JSON_BODY_TOO_LARGE_MESSAGE
            : FILE_TOO_LARGE_MESSAGE;
      return reply.status(status).send(errorBody(code, message));
    }
    request.log.error({ err: error }, 'unhandled error');
    const message = 'An error occurred. Please try again.';
    return reply.status(500).send(errorBody('INTERNAL', message));
  });

  registerHealthRoutes(app, deps);
  registerBackupRoutes(app, deps);
  registerAuthRoutes(app, deps);
  registerTeamRoutes(app, deps);
  registerWarehouseRoutes(app, deps);
  registerFieldRoutes(app, deps);
  registerVaultRoutes(app, deps);
  registerStageRoutes(app, deps);
  registerSearchRoutes(app, deps);
  registerRackRoutes(app, deps);
  registerFieldGridRoutes(app, deps);
  registerWarehouseLayoutRoutes(app, deps);
  registerPrintRoutes(app, deps);
  registerLabelRoutes(app, deps);
  registerStatisticsRoutes(app, deps);
  registerCustomerRoutes(app, deps);
  registerAuditRoutes(app, deps);
  registerDigOutRoutes(app, deps);
  registerReceivingRoutes(app, deps);
  registerPullListRoutes(app, deps);
  await registerChecklistRoutes(app, deps);
  await registerRequestRoutes(app, deps);
  registerLiveRoutes(app, deps);
  // Open event streams never end by themselves: on close they are told to reconnect (to
  // another instance behind the balancer) and ended, so closing waits only for requests.
  app.addHook('preClose', async () => {
    deps.live.drain();
  });
  registerImportRoutes(app, deps);

  if (app.validateResponses && routesOutsideThePipeline().length > 0) {
    throw new Error(
      `Routes not registered through registerEndpoint: ${routesOutsideThePipeline().join(', ')}`,
    );
  }
  const openApi = buildOpenApi(registeredEndpoints.filter((e, i, all) => all.indexOf(e) === i));
  app.get('/api/docs', async () => openApi);

  if (hasWeb) {
    // Hashed files never change under their name: browsers keep them a year without asking.
    // Everything is sent as compressed at build (Brotli 11, gzip 9; decision 0026).
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        reply.header(
          'cache-control',
          HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler(notFound);

  return app;
}
