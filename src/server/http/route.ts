import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { BodyOf, Endpoint, ParamsOf, QueryOf } from '../../contracts/endpoint';
import type { SessionUser } from '../../contracts/auth';
import { AppError } from './errors';
import { JsonAnswer } from '../lib/answer-cache';
import { sendJsonAnswer } from './json-answer';

export interface HandlerContext<E extends Endpoint> {
  params: ParamsOf<E>;
  body: BodyOf<E>;
  query: QueryOf<E>;
  request: FastifyRequest;
  reply: FastifyReply;
}

type Handler<E extends Endpoint> = (
  ctx: HandlerContext<E> & {
    user: E['access'] extends 'public' ? SessionUser | null : SessionUser;
  },
) => Promise<z.input<E['response']> | JsonAnswer>;

export function validationError(error: z.ZodError, where: string): AppError {
  const details = error.issues.map((issue) => {
    const field = issue.path.join('.');
    // Messages written as sentences stand alone; zod's defaults need the field named.
    return /^[A-Z]/.test(issue.message) || !field ? issue.message : `${field}: ${issue.message}`;
  });
  return new AppError('VALIDATION_FAILED', details[0] ?? `Invalid ${where}.`, details);
}

export function parseWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: string,
): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw validationError(result.error, where);
  return result.data;
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
  return request.user;
}

/**
 * Registers one endpoint of the contract: parse -> session -> handler -> serialise.
 * The pipeline is the same for every route, so a handler only calls its service.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    handler: async (request, reply) => {
      const user = endpoint.access === 'session' ? requireUser(request) : request.user;
      const ctx = {
        params: endpoint.params ? parseWith(endpoint.params, request.params, 'path') : {},
        body: endpoint.body ? parseWith(endpoint.body, request.body, 'body') : undefined,
        query: endpoint.query ? parseWith(endpoint.query, request.query, 'query') : {},
        request,
        reply,
        user,
      };
      const result = await (handler as (c: typeof ctx) => Promise<unknown>)(ctx);
      // Large answers arrive as JSON text already written (decision 0025); tests still check
      // that text against the contract.
      if (result instanceof JsonAnswer) {
        if (app.validateResponses) endpoint.response.parse(JSON.parse(result.body.toString()));
        return sendJsonAnswer(request, reply, result);
      }
      return app.validateResponses ? endpoint.response.parse(result) : result;
    },
  });
  documentEndpoint(endpoint);
}

/** Everything registered, in order, for the OpenAPI document. */
export const registeredEndpoints: Endpoint[] = [];

/** For routes registered by hand (multipart, file streams): lists them in the OpenAPI document. */
export function documentEndpoint(...endpoints: Endpoint[]): void {
  registeredEndpoints.push(...endpoints);
}
