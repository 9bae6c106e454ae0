import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contracts/team';
import type { AppDeps } from '../../deps';
import { registerEndpoint } from '../../http/route';
import { addTeamMember, listTeam } from './companies.service';

export function registerTeamRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEndpoint(app, contract.listTeam, async ({ user }) => listTeam(deps.db, user.companyId));

  // The company always comes from the session, never from the body: no one adds to another company.
  registerEndpoint(app, contract.addTeamMember, async ({ user, body }) => {
    const created = await addTeamMember(deps.db, {
      companyId: user.companyId,
      email: body.email,
      password: body.password,
    });
    return { id: created.id, email: created.email, createdAt: created.createdAt.toISOString() };
  });
}
