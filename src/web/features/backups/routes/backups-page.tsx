import { ErrorAlert } from '../../../components/error-alert';
import { Spinner } from '../../../components/spinner';
import { useBackupStatus, useTakeBackup } from '../api/use-backups';

const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The installation's backups: the last one's time, size and place, and a button for one now. */
export function BackupsPage() {
  const status = useBackupStatus();
  const take = useTakeBackup();
  const last = status.data?.last;
  const isBusy = take.isPending || status.data?.running === true;
  return (
    <div className="mx-auto max-w-3xl p-4 sm:p-6">
      <h1 className="mb-6 text-2xl font-bold">Backups</h1>
      {status.isPending ? (
        <Spinner label="Loading backups" />
      ) : status.isError ? (
        <ErrorAlert error={status.error} />
      ) : (
        <section className="rounded-2xl bg-white p-6 shadow-sm" aria-labelledby="last-backup">
          <h2 id="last-backup" className="mb-4 text-lg font-semibold">
            Last backup
          </h2>
          {last ? (
            <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]">
              <dt className="font-medium text-slate-600">Taken</dt>
              <dd>{new Date(last.createdAt).toLocaleString()}</dd>
              <dt className="font-medium text-slate-600">Size</dt>
              <dd>{sizeOf(last.bytes)}</dd>
              <dt className="font-medium text-slate-600">Kept in</dt>
              <dd className="break-all">{last.place}</dd>
              <dt className="font-medium text-slate-600">File</dt>
              <dd className="break-all">{last.name}</dd>
            </dl>
          ) : (
            <p>No backup has been taken yet.</p>
          )}
          <p className="mt-4 text-sm text-slate-600">
            A backup holds every company on this installation: its records and every uploaded file.
            One is taken each night and before every upgrade.
          </p>
          {/* Busy, the button keeps the focus (a disabled one would send the keyboard back
              to the top of the page) and ignores presses. */}
          <button
            type="button"
            onClick={() => {
              if (!isBusy) take.mutate();
            }}
            aria-disabled={isBusy}
            className="mt-4 min-h-11 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white aria-disabled:opacity-60"
          >
            {isBusy ? 'Backing up...' : 'Back up now'}
          </button>
          <ErrorAlert error={take.error} className="mt-3" />
          {take.isSuccess && (
            <p role="status" className="mt-3 text-sm text-green-700">
              Backed up: {take.data.name} ({sizeOf(take.data.bytes)}).
            </p>
          )}
        </section>
      )}
    </div>
  );
}
