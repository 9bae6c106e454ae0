import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contracts/warehouses';
import type { AppDeps } from '../../deps';
import { registerEndpoint } from '../../http/route';
import * as service from './warehouses.service';

export function registerWarehouseRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEndpoint(app, contract.listWarehouseSummaries, ({ user }) =>
    service.listWarehouseSummaries(deps.db, user),
  );
  registerEndpoint(app, contract.listCompanyWarehouses, ({ user, params }) =>
    service.listCompanyWarehouses(deps.db, user, params.companyId),
  );
  registerEndpoint(app, contract.getWarehouseBySlug, ({ user, params }) =>
    service.readWarehouseBySlug(deps.db, user, params.slug),
  );
  registerEndpoint(app, contract.getWarehouse, ({ user, params }) =>
    service.readWarehouse(deps.db, user, params.id),
  );
  registerEndpoint(app, contract.addWarehouse, ({ user, body }) =>
    service.addWarehouse(deps.db, user, body),
  );
  registerEndpoint(app, contract.deleteWarehouse, async ({ user, params }) => {
    await service.deleteWarehouse(deps.db, deps.storage, user, params.id);
    return { ok: true as const };
  });
}
