import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contracts/pull-lists';
import type { AppDeps } from '../../deps';
import { registerEndpoint } from '../../http/route';
import { completeRequest } from './complete-request';
import { confirmStep } from './confirm-step';
import { readPullList } from './pull-lists.service';

export function registerPullListRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEndpoint(app, contract.getPullList, ({ user, params }) =>
    readPullList(deps.db, user, params.date),
  );
  registerEndpoint(app, contract.confirmPullStep, ({ user, params, body }) =>
    confirmStep(deps.db, user, params.date, body),
  );
  registerEndpoint(app, contract.completeRequest, ({ user, params, body }) =>
    completeRequest(deps.db, user, params.id, body.put_back),
  );
}
