import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { emptySchema, idSchema, okSchema } from './common';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from './limits';
import { ROLES } from '../domain/roles';

const sessionUserSchema = z.object({
  id: idSchema,
  email: z.string(),
  role: z.enum(ROLES),
  companyId: idSchema,
  companyName: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

const loginBodySchema = z.object({
  email: z
    .string({ error: 'Email is required.' })
    .trim()
    .min(1, 'Email is required.')
    .max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters.`)
    .pipe(z.email({ error: 'Email must be an email address.' }))
    .transform((v) => v.toLowerCase()),
  password: z
    .string({ error: 'Password is required.' })
    .min(1, 'Password is required.')
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`),
});

export const login = defineEndpoint({
  method: 'POST',
  path: '/api/auth/login',
  summary: 'Sign in; sets the session cookie and returns the user.',
  tag: 'auth',
  access: 'public',
  body: loginBodySchema,
  response: sessionUserSchema,
});

export const currentUser = defineEndpoint({
  method: 'GET',
  path: '/api/auth/',
  summary: 'The signed-in user, or 401.',
  tag: 'auth',
  access: 'session',
  response: sessionUserSchema,
});

/**
 * Our client's question "who is signed in?": always 200, so a signed-out page logs no failed
 * request; the spec's `GET /api/auth/` keeps its 401 for the spec's client, which reads it.
 */
export const sessionState = defineEndpoint({
  method: 'GET',
  path: '/api/auth/session',
  summary: 'The signed-in user, or null when signed out (always 200).',
  tag: 'auth',
  access: 'public',
  response: z.object({ user: sessionUserSchema.nullable() }),
});

export const logout = defineEndpoint({
  method: 'GET',
  path: '/api/auth/logout',
  summary: 'Ends the session and clears the cookie.',
  tag: 'auth',
  access: 'public',
  query: emptySchema,
  response: okSchema,
});
