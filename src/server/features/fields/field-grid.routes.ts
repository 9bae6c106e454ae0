import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contract from '../../../contracts/field-grid';
import type { Endpoint } from '../../../contracts/endpoint';
import type { GridOperation } from '../../../domain/field-grid';
import type { AppDeps } from '../../deps';
import { parseWith, documentEndpoint, requireUser } from '../../http/route';
import { readForm } from '../../http/multipart';
import * as service from './field-grid.service';

/** The spec sends these as form data; JSON works too. */
async function readFormOrJson(request: FastifyRequest): Promise<unknown> {
  return request.isMultipart() ? (await readForm(request, null)).fields : request.body;
}

export function registerFieldGridRoutes(app: FastifyInstance, deps: AppDeps): void {
  const register = (endpoint: Endpoint, operation: GridOperation) => {
    // The spec's path ends in a slash; the same call without it is accepted too.
    for (const url of [endpoint.path, endpoint.path.replace(/\/$/, '')]) {
      app.route({
        method: endpoint.method,
        url,
        handler: async (request) => {
          const user = requireUser(request);
          const body = parseWith(
            contract.changeFieldGridBodySchema,
            await readFormOrJson(request),
            'body',
          );
          const result = await service.changeFieldGrid(deps.db, user, body, operation);
          return app.validateResponses ? endpoint.response.parse(result) : result;
        },
      });
    }
    documentEndpoint(endpoint);
  };
  register(contract.addFields, 'plus');
  register(contract.removeFields, 'minus');
}
