import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contracts/warehouse-layout';
import type { AppDeps } from '../../deps';
import { registerEndpoint } from '../../http/route';
import * as service from './warehouse-layout.service';

export function registerWarehouseLayoutRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEndpoint(app, contract.editDimensions, ({ user, params, body }) =>
    service.editDimensions(deps.db, user, params.id, body),
  );
  registerEndpoint(app, contract.moveFieldGrid, ({ user, params, body }) =>
    service.moveFieldGrid(deps.db, user, params.id, body),
  );
}
