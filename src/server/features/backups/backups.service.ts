import type { SessionUser } from '../../../contracts/auth';
import type { Db } from '../../db/client';
import { isOperator } from '../../backup/backup-status';
import { AppError, notFound } from '../../http/errors';
import { BackupRunningError, type BackupKeeper } from '../../backup/backup-keeper';
import type { StoredBackup } from '../../backup/backup-places';

/**
 * A backup holds every company of the installation, so only its operators may take one or
 * see where they are kept: the users of the installation's first company, the one the first
 * start creates (decision 0440). Everyone else is answered as if backups did not exist.
 */
export async function requireOperator(
  db: Db,
  user: SessionUser,
  backups: BackupKeeper | undefined,
): Promise<BackupKeeper> {
  if (!backups || !(await isOperator(db, user))) throw notFound('Backups');
  return backups;
}

export async function takeBackupNow(
  backups: BackupKeeper,
): Promise<StoredBackup & { place: string }> {
  try {
    const backup = await backups.take('manual');
    return { ...backup, place: backups.place.description };
  } catch (error) {
    if (error instanceof BackupRunningError) {
      throw new AppError('BACKUP_RUNNING', 'A backup is already running; wait for it to finish.');
    }
    const state = await backups.state();
    throw new AppError(
      'BACKUP_FAILED',
      `The backup failed: ${state.lastFailure?.message ?? (error as Error).message}`,
    );
  }
}
