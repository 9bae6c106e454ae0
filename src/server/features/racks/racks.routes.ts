import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contracts/racks';
import type { AppDeps } from '../../deps';
import { registerEndpoint } from '../../http/route';
import * as service from './racks.service';

const ok = { ok: true as const };

export function registerRackRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEndpoint(app, contract.listWarehouseRacks, ({ user, params }) =>
    service.listRacks(deps.db, user, params.id),
  );
  registerEndpoint(app, contract.addRack, ({ user, params, body }) =>
    service.addRack(deps.db, user, params.id, body),
  );
  registerEndpoint(app, contract.updateRack, ({ user, params, body }) =>
    service.updateRack(deps.db, user, params.warehouseId, params.rackId, body),
  );
  registerEndpoint(app, contract.deleteRack, async ({ user, params }) => {
    await service.deleteRack(deps.db, user, params.warehouseId, params.rackId);
    return ok;
  });
  registerEndpoint(app, contract.addPallet, ({ user, body }) =>
    service.addPallet(deps.db, user, body),
  );
  registerEndpoint(app, contract.editPallet, ({ user, params, body }) =>
    service.editPallet(deps.db, user, params.id, body),
  );
  registerEndpoint(app, contract.deletePallet, async ({ user, params }) => {
    await service.deletePallet(deps.db, user, params.id);
    return ok;
  });
}
