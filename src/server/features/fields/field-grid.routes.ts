import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contracts/field-grid';
import type { AppDeps } from '../../deps';
import { registerEndpoint } from '../../http/route';
import * as service from './field-grid.service';

export function registerFieldGridRoutes(app: FastifyInstance, deps: AppDeps): void {
  // The spec's path ends in a slash; the same call without it is accepted too.
  registerEndpoint(
    app,
    contract.addFields,
    async ({ user, readForm }) => service.addFields(deps.db, user, (await readForm()).body),
    { alsoAt: contract.addFields.path.replace(/\/$/, '') },
  );
  registerEndpoint(
    app,
    contract.removeFields,
    async ({ user, readForm }) => service.removeFields(deps.db, user, (await readForm()).body),
    { alsoAt: contract.removeFields.path.replace(/\/$/, '') },
  );
}
