import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contracts/print';
import type { AppDeps } from '../../deps';
import { registerEndpoint } from '../../http/route';
import * as service from './print.service';

export function registerPrintRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEndpoint(app, contract.listAllVaults, ({ user }) =>
    service.listPrintVaults(deps.db, user),
  );

  registerEndpoint(app, contract.exportVaultsCsv, async ({ user, reply }) => {
    const body = await service.exportVaultsCsv(deps.db, user);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${contract.CSV_FILE_NAME}"`)
      .header('cache-control', 'no-store');
    return body;
  });
}
