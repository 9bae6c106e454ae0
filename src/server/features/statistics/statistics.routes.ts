import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contracts/statistics';
import type { AppDeps } from '../../deps';
import { registerEndpoint, requireUser } from '../../http/route';
import { companyTotals } from './statistics.repository';
import { isOperator, presentBackupStatus } from '../../backup/backup-status';
import * as service from './statistics.service';

export function registerStatisticsRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEndpoint(app, contract.getStatistics, ({ user }) => service.getStatistics(deps.db, user));

  // The signed-in company's own totals. The engine's figures (size, dead rows, upkeep) are the
  // whole installation's, so they go to the operator's log only (decision 0461); the
  // installation's operators also see its backups (decision 0440).
  app.get('/api/status', async (request, reply) => {
    const user = requireUser(request);
    const totals = await companyTotals(deps.db, user.companyId);
    const backup =
      deps.backups && (await isOperator(deps.db, user))
        ? await presentBackupStatus(deps.backups)
        : undefined;
    return reply.header('cache-control', 'no-store').send({
      company: {
        warehouses: totals.warehouses,
        fields: totals.fields,
        vaults: totals.vaults,
        stagedVaults: totals.staged_vaults,
      },
      backup,
    });
  });
}
