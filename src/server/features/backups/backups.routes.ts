import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contracts/backups';
import type { AppDeps } from '../../deps';
import { registerEndpoint } from '../../http/route';
import { presentBackupStatus } from '../../backup/backup-status';
import { requireOperator, takeBackupNow } from './backups.service';

export function registerBackupRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEndpoint(app, contract.getBackupStatus, async ({ user }) => {
    const backups = await requireOperator(deps.db, user, deps.backups);
    return presentBackupStatus(backups);
  });

  registerEndpoint(app, contract.takeBackup, async ({ user, reply }) => {
    const backups = await requireOperator(deps.db, user, deps.backups);
    const backup = await takeBackupNow(backups);
    reply.status(201);
    return { ...backup, createdAt: backup.createdAt.toISOString() };
  });
}
