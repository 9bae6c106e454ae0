import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import * as contract from '../../../contracts/requests';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import { registerEndpoint } from '../../http/route';
import { databaseRateLimitStore } from '../../lib/rate-limit-store';
import * as portal from './portal.service';
import * as service from './requests.service';

/** Per address and minute, for the customer's link: one household's phone needs few. */
export const PORTAL_CALLS_PER_MINUTE = 60;
const PORTAL_ASKS_PER_MINUTE = 10;

/** The address the office hands the customer: the one staff reached the app by. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export async function registerRequestRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  registerEndpoint(app, contract.listRequests, ({ user, query }) =>
    service.listRequests(deps.db, user, query),
  );
  registerEndpoint(app, contract.createRequest, ({ user, body }) =>
    service.createRequest(deps.db, user, body),
  );
  registerEndpoint(app, contract.getRequest, ({ user, params }) =>
    service.getRequest(deps.db, user, params.id),
  );
  registerEndpoint(app, contract.confirmRequest, ({ user, params }) =>
    service.confirmRequest(deps.db, user, params.id),
  );
  registerEndpoint(app, contract.cancelRequest, ({ user, params }) =>
    service.cancelRequest(deps.db, user, params.id),
  );
  registerEndpoint(app, contract.getPortalLink, ({ user, params, request }) =>
    portal.getPortalLink(deps.db, user, params.id, originOf(request)),
  );
  registerEndpoint(app, contract.renewPortalLink, ({ user, params, request }) =>
    portal.renewPortalLink(deps.db, user, params.id, originOf(request)),
  );

  // The link's calls need no session: rate-limited by address, as the checklist fill calls are.
  await app.register(async (scope) => {
    await scope.register(rateLimit, {
      global: true,
      max: PORTAL_CALLS_PER_MINUTE,
      timeWindow: '1 minute',
      // Counted in the database, so every instance spends one budget (decision 0032).
      store: databaseRateLimitStore(deps.db, 'portal'),
      errorResponseBuilder: () =>
        new AppError(
          'RATE_LIMITED',
          'Too many requests from this address. Please wait a minute and try again.',
        ),
    });
    registerEndpoint(scope, contract.getPortal, ({ params }) =>
      portal.getPortal(deps.db, params.token),
    );
    registerEndpoint(
      scope,
      contract.askOnPortal,
      ({ params, body }) => portal.askOnPortal(deps.db, params.token, body),
      { config: { rateLimit: { max: PORTAL_ASKS_PER_MINUTE, timeWindow: '1 minute' } } },
    );
  });
}
