import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contracts/print';
import type { AppDeps } from '../../deps';
import { registerEndpoint, requireUser } from '../../http/route';
import * as service from './print.service';

export function registerPrintRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEndpoint(app, contract.listAllVaults, ({ user }) =>
    service.printListAnswer(deps.db, user),
  );

  // A file download, not JSON: registered directly, with the same session rule.
  app.route({
    method: contract.exportVaultsCsv.method,
    url: contract.exportVaultsCsv.path,
    handler: async (request, reply) => {
      const user = requireUser(request);
      const body = await service.exportVaultsCsv(deps.db, user);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${contract.CSV_FILE_NAME}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  });
}
