import type { z } from 'zod';
import type { Role } from '../domain/roles';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One HTTP call of the API: both sides import it. The server validates with these schemas
 * and builds the OpenAPI document from them; the client takes its types from them.
 */
export interface Endpoint<
  Params extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
  Access extends 'session' | 'public' = 'session' | 'public',
> {
  method: HttpMethod;
  /** Fastify-style path, e.g. `/api/warehouse/:id`. */
  path: string;
  summary: string;
  tag: string;
  /** `public` calls need no session; everything else answers 401 without one. */
  access: Access;
  /**
   * The least role that may make a session call (src/domain/roles.ts); crew, every signed-in
   * user, when absent. The server refuses the others with 403; our client hides what a user's
   * role may not do by the same field.
   */
  role?: Role;
  params?: Params;
  body?: Body;
  query?: Query;
  /**
   * A form call: the body comes as multipart (text fields and at most one file, in the field
   * named `file`) or url-encoded, and `body` parses its text fields. `acceptsJson` lets the
   * same fields come as JSON too. `maxFileBytes` (with the sentence for a larger file) replaces
   * the attachments' 5 MB for a call whose files are larger by nature (a spreadsheet import).
   */
  form?: {
    file: string | null;
    acceptsJson?: boolean;
    maxFileBytes?: { bytes: number; message: string };
  };
  /**
   * A file download: the answer is bytes of one of these content types, not JSON, and
   * `response` only documents it. An event stream (`text/event-stream`) is one too: its
   * handler takes the reply over and writes the stream itself.
   */
  download?: { contentTypes: readonly string[] };
  response: Response;
}

export function defineEndpoint<
  Params extends z.ZodType,
  Body extends z.ZodType,
  Query extends z.ZodType,
  Response extends z.ZodType,
  Access extends 'session' | 'public',
>(
  endpoint: Endpoint<Params, Body, Query, Response, Access>,
): Endpoint<Params, Body, Query, Response, Access> {
  return endpoint;
}

export type ParamsOf<E> =
  E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.infer<P> : never;
export type BodyOf<E> =
  E extends Endpoint<z.ZodType, infer B, z.ZodType, z.ZodType> ? z.infer<B> : never;
export type QueryOf<E> =
  E extends Endpoint<z.ZodType, z.ZodType, infer Q, z.ZodType> ? z.infer<Q> : never;
export type ResponseOf<E> =
  E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.infer<R> : never;
/** What a client may send: the schema's input side (numbers may still be form strings). */
export type BodyInputOf<E> =
  E extends Endpoint<z.ZodType, infer B, z.ZodType, z.ZodType> ? z.input<B> : never;
