import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contracts/stage';
import type { AppDeps } from '../../deps';
import { registerEndpoint } from '../../http/route';
import * as service from './stage.service';

export function registerStageRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEndpoint(app, contract.listStagedVaults, ({ user }) =>
    service.listStagedVaults(deps.db, user),
  );
  registerEndpoint(app, contract.stageVault, ({ user, params }) =>
    service.stageVault(deps.db, user, params.vaultId),
  );
}
