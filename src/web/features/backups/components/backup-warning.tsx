import { Link } from 'react-router';
import { useBackupStatus } from '../api/use-backups';

/** Shown to the installation's operators on every screen while backups are failing or overdue. */
export function BackupWarning() {
  const status = useBackupStatus();
  const warning = status.data?.warning;
  if (!warning) return null;
  return (
    <div role="alert" className="no-print bg-amber-100 px-4 py-2 text-sm text-amber-950">
      {warning}{' '}
      <Link to="/backups" className="font-semibold underline">
        See backups
      </Link>
    </div>
  );
}
