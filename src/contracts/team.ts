import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idParamsSchema, idSchema, okSchema } from './common';
import { ROLES } from '../domain/roles';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits';

const teamMemberSchema = z.object({
  id: idSchema,
  email: z.string(),
  role: z.enum(ROLES),
  createdAt: z.string(),
});

const roleInput = z.enum(ROLES, { error: 'Role must be one of crew, office or admin.' });

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
  /** Absent in the spec's call: the colleague gets the least role (src/domain/roles.ts). */
  role: roleInput.optional(),
});

export const resetPasswordBodySchema = z.object({ password: passwordSchema });

export const listTeam = defineEndpoint({
  method: 'GET',
  path: '/api/team/users',
  summary: "The signed-in user's colleagues.",
  tag: 'team',
  access: 'session',
  role: 'admin',
  response: z.array(teamMemberSchema),
});

export const addTeamMember = defineEndpoint({
  method: 'POST',
  path: '/api/team/users',
  summary: "Adds a colleague to the signed-in user's company.",
  tag: 'team',
  access: 'session',
  role: 'admin',
  body: addTeamMemberBodySchema,
  response: teamMemberSchema,
});

export const changeTeamMemberRole = defineEndpoint({
  method: 'PATCH',
  path: '/api/team/users/:id/role',
  summary: "Changes a colleague's role; the company keeps at least one admin.",
  tag: 'team',
  access: 'session',
  role: 'admin',
  params: idParamsSchema,
  body: z.object({ role: roleInput }),
  response: teamMemberSchema,
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
export const removeTeamMember = defineEndpoint({
  method: 'DELETE',
  path: '/api/team/users/:id',
  summary:
    "Removes a colleague of the signed-in user's company and ends their sessions; the company's last user stays.",
  tag: 'team',
  access: 'session',
  role: 'admin',
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
  role: 'admin',
  params: idParamsSchema,
  body: resetPasswordBodySchema,
  response: okSchema,
});
