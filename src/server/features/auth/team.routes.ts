import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { databaseRateLimitStore } from '../../lib/rate-limit-store';
import * as contract from '../../../contracts/team';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import { registerEndpoint } from '../../http/route';
import {
  addTeamMember,
  changeRole,
  listTeam,
  removeTeamMember,
  resetTeamPassword,
} from './companies.service';
import { clearSessionCookie, SESSION_COOKIE } from './session-cookie';
import { DEFAULT_ROLE } from '../../../domain/roles';

/**
 * Adds per signed-in user and hour. Emails are unique across companies, so each refusal still
 * tells that an email is taken somewhere; the limit keeps that from becoming a lookup tool
 * (decision 0015).
 */
export const TEAM_ADDS_PER_HOUR = 20;

export function registerTeamRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEndpoint(app, contract.listTeam, async ({ user }) => listTeam(deps.db, user.companyId));
  registerEndpoint(app, contract.changeTeamMemberRole, async ({ user, params, body }) =>
    changeRole(deps.db, { companyId: user.companyId, userId: params.id, role: body.role }),
  );

  registerEndpoint(app, contract.removeTeamMember, async ({ user, params, reply }) => {
    await removeTeamMember(deps.db, user, params.id);
    if (params.id === user.id) clearSessionCookie(reply);
    return { ok: true as const };
  });

  registerEndpoint(app, contract.resetTeamPassword, async ({ user, params, body, request }) => {
    await resetTeamPassword(deps.db, user, {
      id: params.id,
      password: body.password,
      sessionToken: request.cookies[SESSION_COOKIE] ?? null,
    });
    return { ok: true as const };
  });

  void app.register(async (scope) => {
    await scope.register(rateLimit, {
      global: true,
      max: TEAM_ADDS_PER_HOUR,
      timeWindow: '1 hour',
      store: databaseRateLimitStore(deps.db, 'team-adds'),
      // A call without a session is refused by the route (401) and spends nothing: the limit
      // is each signed-in user's, never the address's.
      allowList: (request) => request.user === null,
      keyGenerator: (request) => `user:${request.user?.id ?? 0}`,
      errorResponseBuilder: () =>
        new AppError(
          'RATE_LIMITED',
          'Too many team members were added in the last hour. Please try again later.',
        ),
    });
    // The company always comes from the session, never from the body: no one adds to another company.
    registerEndpoint(scope, contract.addTeamMember, async ({ user, body }) => {
      const created = await addTeamMember(deps.db, {
        companyId: user.companyId,
        email: body.email,
        password: body.password,
        role: body.role ?? DEFAULT_ROLE,
      });
      return {
        id: created.id,
        email: created.email,
        role: created.role,
        createdAt: created.createdAt.toISOString(),
      };
    });
  });
}
