import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contracts/fields';
import type { AppDeps } from '../../deps';
import { registerEndpoint } from '../../http/route';
import * as service from './fields.service';

export function registerFieldRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEndpoint(app, contract.getWarehouseField, ({ user, params }) =>
    service.getWarehouseField(deps.db, user, params.warehouseId, params.fieldId),
  );
  registerEndpoint(app, contract.setFieldFull, ({ user, params, body }) =>
    service.setFieldFull(deps.db, user, params.id, body.full),
  );
  registerEndpoint(app, contract.toggleFieldType, ({ user, params, body }) =>
    service.toggleFieldType(deps.db, user, params.id, body),
  );
}
