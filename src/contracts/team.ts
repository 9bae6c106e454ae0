import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idParamsSchema, idSchema, okSchema } from './common';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits';

const teamMemberSchema = z.object({
  id: idSchema,
  email: z.string(),
  createdAt: z.string(),
});

const passwordSchema = z
  .string({ error: 'Password is required.' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`);

export const addTeamMemberBodySchema = z.object({
  email: z
    .string({ error: 'Email must be an email address.' })
    .max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters.`)
    .pipe(z.email({ error: 'Email must be an email address.' }))
    .transform((v) => v.trim().toLowerCase()),
  password: passwordSchema,
});

export const resetPasswordBodySchema = z.object({ password: passwordSchema });

export const listTeam = defineEndpoint({
  method: 'GET',
  path: '/api/team/users',
  summary: "The signed-in user's colleagues.",
  tag: 'team',
  access: 'session',
  response: z.array(teamMemberSchema),
});

export const addTeamMember = defineEndpoint({
  method: 'POST',
  path: '/api/team/users',
  summary: "Adds a colleague to the signed-in user's company.",
  tag: 'team',
  access: 'session',
  body: addTeamMemberBodySchema,
  response: teamMemberSchema,
});

export const removeTeamMember = defineEndpoint({
  method: 'DELETE',
  path: '/api/team/users/:id',
  summary:
    "Removes a colleague of the signed-in user's company and ends their sessions; the company's last user stays.",
  tag: 'team',
  access: 'session',
  params: idParamsSchema,
  response: okSchema,
});

export const resetTeamPassword = defineEndpoint({
  method: 'PUT',
  path: '/api/team/users/:id/password',
  summary:
    "Sets a colleague's password and ends their sessions (resetting one's own keeps the session it was sent from).",
  tag: 'team',
  access: 'session',
  params: idParamsSchema,
  body: resetPasswordBodySchema,
  response: okSchema,
});
