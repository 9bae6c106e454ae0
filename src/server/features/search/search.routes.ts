import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contracts/search';
import type { AppDeps } from '../../deps';
import { registerEndpoint } from '../../http/route';
import * as service from './search.service';

export function registerSearchRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEndpoint(app, contract.searchSuggestions, ({ user, query }) =>
    service.suggest(deps.db, user, query),
  );
}
