import { sql } from 'drizzle-orm';
import type { BackupStatus } from '../../contracts/backups';
import type { SessionUser } from '../../contracts/auth';
import { queryRows, type Db } from '../db/client';
import type { BackupKeeper } from './backup-keeper';

/**
 * Whether `user` is one of the installation's operators: a user of its first company, the
 * one the first start creates (decision 0440).
 */
export async function isOperator(db: Db, user: SessionUser): Promise<boolean> {
  const [first] = await queryRows<{ id: number | null }>(
    db,
    sql`SELECT min(id) AS id FROM companies`,
  );
  return first?.id === user.companyId;
}

export async function presentBackupStatus(backups: BackupKeeper): Promise<BackupStatus> {
  const state = await backups.state();
  return {
    last: state.last && { ...state.last, createdAt: state.last.createdAt.toISOString() },
    running: state.running,
    lastFailure: state.lastFailure && {
      at: state.lastFailure.at.toISOString(),
      message: state.lastFailure.message,
    },
    warning: state.warning,
  };
}
