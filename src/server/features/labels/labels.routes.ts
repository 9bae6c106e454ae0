import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contracts/labels';
import type { AppDeps } from '../../deps';
import { registerEndpoint } from '../../http/route';
import * as service from './labels.service';

export function registerLabelRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEndpoint(app, contract.printLabels, async ({ user, body, request, reply }) => {
    const origin = `${request.protocol}://${request.host}`;
    const { pdf, fileName } = await service.printLabels(deps.db, user, body, origin);
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${fileName}"`)
      .header('cache-control', 'private, no-store');
    return pdf;
  });
}
