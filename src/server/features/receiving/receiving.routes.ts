import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contracts/receiving';
import type { AppDeps } from '../../deps';
import { registerEndpoint } from '../../http/route';
import * as service from './receiving.service';

export function registerReceivingRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEndpoint(app, contract.suggestPlace, ({ user, params, query }) =>
    service.suggestPlaceFor(deps.db, user, params.id, query),
  );
  registerEndpoint(app, contract.getReleaseOutlook, ({ user, params }) =>
    service.releaseOutlookFor(deps.db, user, params.id),
  );
}
