import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { ImportJob } from '../../../../contracts/imports';
import { IMPORT_FILE_TOO_LARGE_MESSAGE, MAX_IMPORT_BYTES } from '../../../../contracts/limits';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api';
import {
  refusedRowsUrl,
  useCancelImport,
  useImportAgain,
  useImportJob,
  useRecentImports,
  useUploadImport,
} from '../api/use-imports';
import { GridGrowthList } from '../components/grid-growth-list';
import { MappingStep } from '../components/mapping-step';
import { ImportCountList } from '../components/preview-table';

const buttonClass =
  'min-h-11 rounded-lg px-4 py-2 font-semibold disabled:opacity-60 focus-visible:outline-2';

const STATUS_WORDS: Record<ImportJob['status'], string> = {
  uploaded: 'waiting for its mapping',
  running: 'running',
  done: 'done',
  refused: 'refused',
  failed: 'failed',
  cancelled: 'cancelled',
};

function UploadStep() {
  const upload = useUploadImport();
  const navigate = useNavigate();
  const recent = useRecentImports();
  const input = useRef<HTMLInputElement>(null);
  const [tooLarge, setTooLarge] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) return;
    if (file.size > MAX_IMPORT_BYTES) {
      setTooLarge(true);
      return;
    }
    setTooLarge(false);
    upload.mutate(file, { onSuccess: (job) => navigate(`/import/${job.id}`) });
  };

  return (
    <>
      <section className="rounded-2xl bg-white p-4 shadow-sm sm:p-6">
        <h2 className="mb-1 text-lg font-semibold">Upload a spreadsheet</h2>
        <p className="mb-4 text-sm text-slate-600">
          A CSV or XLSX file with a heading row: vault number, customer, order, type, warehouse,
          field, position and note. The Print Studio export imports as it is.
        </p>
        <form onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <label className="block flex-1 text-sm">
            <span className="font-medium">Spreadsheet file (CSV or XLSX)</span>
            <input
              ref={input}
              type="file"
              required
              accept=".csv,.xlsx,.txt,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 px-3 py-2"
            />
          </label>
          <button
            type="submit"
            disabled={upload.isPending}
            className={`${buttonClass} bg-brand-700 text-white`}
          >
            {upload.isPending ? 'Uploading...' : 'Upload'}
          </button>
        </form>
        {(upload.isError || tooLarge) && (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {tooLarge ? IMPORT_FILE_TOO_LARGE_MESSAGE : errorMessage(upload.error)}
          </p>
        )}
      </section>
      {recent.data && recent.data.length > 0 && (
        <section className="mt-6 rounded-2xl bg-white p-4 shadow-sm sm:p-6">
          <h2 className="mb-3 text-lg font-semibold">Recent imports</h2>
          <ul className="divide-y divide-slate-100">
            {recent.data.map((job) => (
              <li key={job.id}>
                <Link
                  to={`/import/${job.id}`}
                  className="flex min-h-11 items-center justify-between gap-3 py-2 underline-offset-2 hover:underline"
                >
                  <span className="truncate">{job.file_name}</span>
                  <span className="shrink-0 text-sm text-slate-600">
                    {STATUS_WORDS[job.status]}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function Progress({ job }: { job: ImportJob }) {
  const cancel = useCancelImport(job.id);
  return (
    <section className="rounded-2xl bg-white p-4 shadow-sm sm:p-6">
      <h2 className="mb-3 text-lg font-semibold">Importing {job.file_name}</h2>
      <progress
        aria-label="Import progress"
        max={job.row_count}
        value={job.rows_done}
        className="h-4 w-full"
      />
      <p role="status" className="mt-2 text-sm">
        {job.rows_done.toLocaleString('en-US')} of {job.row_count.toLocaleString('en-US')} rows
        done, {job.rows_refused.toLocaleString('en-US')} refused.
        {job.cancel_requested ? ' Cancelling...' : ''}
      </p>
      <button
        type="button"
        disabled={cancel.isPending || job.cancel_requested}
        onClick={() => cancel.mutate()}
        className={`${buttonClass} mt-4 border border-red-700 text-red-800`}
      >
        Cancel import
      </button>
      {cancel.isError && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {errorMessage(cancel.error)}
        </p>
      )}
    </section>
  );
}

function Outcome({ job }: { job: ImportJob }) {
  const again = useImportAgain(job.id);
  const navigate = useNavigate();
  return (
    <section className="rounded-2xl bg-white p-4 shadow-sm sm:p-6">
      <h2 className="mb-3 text-lg font-semibold">
        Import of {job.file_name}: {STATUS_WORDS[job.status]}
      </h2>
      {job.result && <ImportCountList counts={job.result} />}
      <GridGrowthList when="done" growth={job.growth} created={job.created_warehouses} />
      {job.message && (
        <p role={job.status === 'done' ? 'status' : 'alert'} className="mt-3">
          {job.message}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-4">
        {job.status !== 'done' && (
          <button
            type="button"
            disabled={again.isPending}
            onClick={() =>
              again.mutate(undefined, {
                onSuccess: (next) => navigate(`/import/${next.id}`),
              })
            }
            className={`${buttonClass} bg-brand-700 text-white`}
          >
            Start again with this file
          </button>
        )}
        {job.rows_refused > 0 && (
          <a
            href={refusedRowsUrl(job.id)}
            download
            className="inline-flex min-h-11 items-center font-semibold text-brand-900 underline"
          >
            Download the refused rows (CSV)
          </a>
        )}
        <Link
          to="/import"
          className="inline-flex min-h-11 items-center font-semibold text-brand-900 underline"
        >
          Import another file
        </Link>
      </div>
      {again.isError && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {errorMessage(again.error)}
        </p>
      )}
    </section>
  );
}

function JobView({ id }: { id: number }) {
  const job = useImportJob(id);
  const queryClient = useQueryClient();
  const status = job.data?.status;
  const wasRunning = useRef(false);
  useEffect(() => {
    if (status === 'running') wasRunning.current = true;
    // A finished import changed vaults everywhere: every screen reads afresh.
    else if (wasRunning.current && status) {
      wasRunning.current = false;
      void queryClient.invalidateQueries();
    }
  }, [status, queryClient]);

  if (job.isPending) return <Spinner label="Loading import" />;
  if (job.isError) {
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(job.error)}
      </p>
    );
  }
  const data = job.data;
  if (data.status === 'uploaded') return <MappingStep job={data} />;
  if (data.status === 'running') return <Progress job={data} />;
  return <Outcome job={data} />;
}

export function ImportPage() {
  const { id } = useParams();
  const jobId = id && /^[1-9][0-9]{0,15}$/.test(id) ? Number(id) : null;
  return (
    <div className="mx-auto max-w-6xl p-4 sm:p-6">
      <h1 className="mb-6 text-2xl font-bold">Import</h1>
      {jobId === null ? <UploadStep /> : <JobView key={jobId} id={jobId} />}
    </div>
  );
}
