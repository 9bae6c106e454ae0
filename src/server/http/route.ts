import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { BodyOf, Endpoint, ParamsOf, QueryOf } from '../../contracts/endpoint';
import type { SessionUser } from '../../contracts/auth';
import type { UploadedFile } from '../storage/storage';
import { AppError } from './errors';
import { GzippedJson, readGzippedJson, sendGzippedJson } from './gzipped-json';
import { roleAllows, roleRefusal, type Role } from '../../domain/roles';
import { readForm } from './multipart';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract path a route was registered for through `registerEndpoint`. */
    endpoint?: string;
  }
}

/** /api routes that are not calls of the contract: the health summary and the document itself. */
const OUTSIDE_THE_CONTRACT = new Set(['/api/status', '/api/docs']);

/**
 * Collects /api routes registered without `registerEndpoint`; `buildApp` refuses to start
 * in tests when there is one, so every call keeps its contract, response check and OpenAPI
 * entry.
 */
export function watchForRoutesOutsideThePipeline(app: FastifyInstance): () => string[] {
  const outside: string[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || OUTSIDE_THE_CONTRACT.has(route.url)) return;
    if (route.method === 'HEAD' || route.config?.endpoint) return;
    outside.push(`${String(route.method)} ${route.url}`);
  });
  return () => outside;
}

interface HandlerContext<E extends Endpoint> {
  params: ParamsOf<E>;
  body: BodyOf<E>;
  query: QueryOf<E>;
  /**
   * Form calls: reads the form (its text fields parsed with `body`, and its one file). Left
   * to the handler so a service can check access before a 5 MB body is read.
   */
  readForm: () => Promise<{ body: BodyOf<E>; file: UploadedFile | null }>;
  request: FastifyRequest;
  reply: FastifyReply;
}

type Handler<E extends Endpoint> = (
  ctx: HandlerContext<E> & {
    user: E['access'] extends 'public' ? SessionUser | null : SessionUser;
  },
) => Promise<E['download'] extends object ? unknown : z.input<E['response']> | GzippedJson>;

export interface RouteOptions {
  /** Route config, such as a tighter rate limit. */
  config?: FastifyContextConfig;
  /** The same call at another path (the spec's path without its trailing slash). */
  alsoAt?: string;
}

function validationError(error: z.ZodError, where: string): AppError {
  const details = error.issues.map((issue) => {
    const field = issue.path.join('.');
    // Messages written as sentences stand alone (some open by quoting what was typed: '"1-x"
    // in lot 4471 is not a tag number'); zod's defaults need the field named.
    return /^[A-Z"]/.test(issue.message) || !field ? issue.message : `${field}: ${issue.message}`;
  });
  return new AppError('VALIDATION_FAILED', details[0] ?? `Invalid ${where}.`, details);
}

function parseWith<S extends z.ZodType>(schema: S, value: unknown, where: string): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw validationError(result.error, where);
  return result.data;
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
  return request.user;
}

/** The session's user, when their role may make the call; before anything else is read. */
function requireRole(request: FastifyRequest, needed: Role): SessionUser {
  const user = requireUser(request);
  if (!roleAllows(user.role, needed))
    throw new AppError('ROLE_NOT_ALLOWED', roleRefusal(user.role, needed));
  return user;
}

function isJson(request: FastifyRequest): boolean {
  return request.headers['content-type']?.startsWith('application/json') ?? false;
}

async function readEndpointForm(endpoint: Endpoint, request: FastifyRequest) {
  const form = endpoint.form;
  if (!form) throw new Error(`${endpoint.method} ${endpoint.path} is not a form call`);
  const { fields, file } =
    form.acceptsJson && isJson(request)
      ? { fields: request.body, file: null }
      : await readForm(
          request,
          form.file,
          form.maxFileBytes && {
            maxBytes: form.maxFileBytes.bytes,
            message: form.maxFileBytes.message,
          },
        );
  const body = endpoint.body ? parseWith(endpoint.body, fields, 'form') : undefined;
  return { body, file };
}

/**
 * A download's answer, in tests: a content type the contract names, and a disposition, so a
 * file is never served as a page of ours.
 */
function checkDownload(endpoint: Endpoint, reply: FastifyReply): void {
  const type = String(reply.getHeader('content-type') ?? '').split(';')[0] ?? '';
  if (!endpoint.download?.contentTypes.includes(type)) {
    throw new Error(`${endpoint.path} answered ${type}, not one of its contract's types`);
  }
  if (!reply.getHeader('content-disposition')) {
    throw new Error(`${endpoint.path} answered a file without a content-disposition`);
  }
}

/**
 * Registers one endpoint of the contract: parse -> session -> handler -> response check. The
 * pipeline is the same for JSON, form and download calls, so a handler only calls its
 * service; the response check runs in tests (`validateResponses`).
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
  options: RouteOptions = {},
): void {
  for (const url of options.alsoAt ? [endpoint.path, options.alsoAt] : [endpoint.path]) {
    app.route({
      method: endpoint.method,
      url,
      config: { ...options.config, endpoint: endpoint.path },
      handler: async (request, reply) => {
        const user =
          endpoint.access === 'session'
            ? requireRole(request, endpoint.role ?? 'crew')
            : request.user;
        const isForm = endpoint.form !== undefined;
        const ctx = {
          params: endpoint.params ? parseWith(endpoint.params, request.params, 'path') : {},
          body:
            endpoint.body && !isForm ? parseWith(endpoint.body, request.body, 'body') : undefined,
          query: endpoint.query ? parseWith(endpoint.query, request.query, 'query') : {},
          readForm: () => readEndpointForm(endpoint, request),
          request,
          reply,
          user,
        };
        const result = await (handler as (c: typeof ctx) => Promise<unknown>)(ctx);
        if (result instanceof GzippedJson) {
          if (app.validateResponses) endpoint.response.parse(await readGzippedJson(result));
          return sendGzippedJson(request, reply, result);
        }
        // A stream's handler took the reply over and wrote it itself: nothing is left to check.
        if (!app.validateResponses || reply.sent) return result;
        if (endpoint.download) {
          checkDownload(endpoint, reply);
          return result;
        }
        return endpoint.response.parse(result);
      },
    });
  }
  registeredEndpoints.push(endpoint);
}

/** Everything registered, in order, for the OpenAPI document. */
export const registeredEndpoints: Endpoint[] = [];
