import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contracts/labels';
import type { AppDeps } from '../../deps';
import { documentEndpoint, parseWith, requireUser } from '../../http/route';
import * as service from './labels.service';

export function registerLabelRoutes(app: FastifyInstance, deps: AppDeps): void {
  // A PDF, not JSON: routed by hand with the same session and body rules as the pipeline.
  app.route({
    method: contract.printLabels.method,
    url: contract.printLabels.path,
    handler: async (request, reply) => {
      const user = requireUser(request);
      const body = parseWith(contract.printLabelsBodySchema, request.body, 'body');
      const origin = `${request.protocol}://${request.host}`;
      const { pdf, fileName } = await service.printLabels(deps.db, user, body, origin);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  });
  documentEndpoint(contract.printLabels);
}
