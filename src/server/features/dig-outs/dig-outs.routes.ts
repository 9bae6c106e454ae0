import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contracts/dig-outs';
import type { AppDeps } from '../../deps';
import { registerEndpoint } from '../../http/route';
import * as service from './dig-outs.service';

export function registerDigOutRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEndpoint(app, contract.listDigOuts, ({ user }) => service.listDigOuts(deps.db, user));
  registerEndpoint(app, contract.planDigOut, ({ user, params }) =>
    service.planFor(deps.db, user, params.vaultId),
  );
  registerEndpoint(app, contract.startDigOut, ({ user, body }) =>
    service.startDigOut(deps.db, user, body.vaultId),
  );
  registerEndpoint(app, contract.getDigOut, ({ user, params }) =>
    service.getDigOut(deps.db, user, params.id),
  );
  registerEndpoint(app, contract.doDigOutStep, ({ user, params, body }) =>
    service.doStep(deps.db, user, params.id, params.index, body.toStage),
  );
  registerEndpoint(app, contract.putBackDigOut, ({ user, params }) =>
    service.putBack(deps.db, user, params.id),
  );
}
