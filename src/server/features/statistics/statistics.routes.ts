import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contracts/statistics';
import type { AppDeps } from '../../deps';
import { registerEndpoint } from '../../http/route';
import * as service from './statistics.service';

export function registerStatisticsRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEndpoint(app, contract.getStatistics, ({ user }) => service.getStatistics(deps.db, user));
}
