import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { PULL_CODE_MAX_LENGTH } from '../../../../contracts/pull-lists';
import { isIsoDate } from '../../../../domain/calendar-days';
import { CameraScanner } from '../../../components/scanner/camera-scanner';
import { Spinner } from '../../../components/spinner';
import { inputFocusRing } from '../../../components/text-field';
import { errorMessage } from '../../../lib/api';
import { parseScannedText } from '../../../lib/scan-codes';
import { useConfirmStep, usePullList } from '../api/use-pull-list';
import { RequestCard } from '../components/request-card';
import { localDay, stepText } from '../components/step-text';

/**
 * The day's pull list on the crew's phone: the next step first, confirmed by scanning the
 * vault's label (or typing its code or number), then the whole list and the requests.
 */
export function TodayPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('date') ?? '';
  const date = isIsoDate(asked) ? asked : localDay();
  const list = usePullList(date);
  const confirm = useConfirmStep(date);
  const [typed, setTyped] = useState('');
  const [notice, setNotice] = useState('');
  const requestsSection = useRef<HTMLElement>(null);
  const [isLastStepDone, setLastStepDone] = useState(false);

  const steps = list.data?.steps ?? [];
  const next = steps.find((s) => !s.done);
  const doneCount = steps.filter((s) => s.done).length;

  // The last step's form goes with it: the keyboard moves on to a request now ready to complete.
  useEffect(() => {
    if (!isLastStepDone || next) return;
    const ready =
      requestsSection.current?.querySelector<HTMLButtonElement>('button:not(:disabled)');
    if (!ready) return;
    ready.focus();
    setLastStepDone(false);
  }, [isLastStepDone, next, list.data]);

  const send = (text: string) => {
    const scanned = parseScannedText(text);
    if (!scanned || !next || confirm.isPending) return;
    const code = scanned.kind === 'code' ? scanned.code : scanned.text;
    const what = stepText(next);
    confirm.mutate(
      { vault_id: next.vault_id, code },
      {
        onSuccess: () => {
          setTyped('');
          setLastStepDone(steps.filter((s) => !s.done).length === 1);
          setNotice(`Done: ${what}.`);
        },
        onError: () => setNotice(''),
      },
    );
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send(typed);
  };

  return (
    <div className="mx-auto max-w-3xl space-y-4 p-4 pb-24 sm:p-6">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-2xl font-bold">Today’s pull list</h1>
        <label className="flex flex-col text-sm font-semibold">
          Day
          <input
            type="date"
            value={date}
            onChange={(e) => e.target.value && setSearchParams({ date: e.target.value })}
            className={`min-h-11 rounded-lg border border-slate-300 px-2 font-normal ${inputFocusRing}`}
          />
        </label>
      </div>
      {list.isPending && <Spinner label="Loading the pull list" />}
      {list.isError && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
          {errorMessage(list.error)}
        </p>
      )}
      {list.data && (
        <>
          {steps.length === 0 ? (
            <p className="rounded-2xl bg-white p-4 shadow-sm">
              No confirmed requests for {date}: nothing to pull.
            </p>
          ) : (
            <div className="space-y-1">
              <p>
                {doneCount} of {steps.length} steps done
              </p>
              <progress
                aria-label="Steps done"
                value={doneCount}
                max={steps.length}
                className="h-3 w-full"
              />
              <p className="text-sm text-slate-700">
                Forklift moves: {list.data.moves} for the day’s plan, {list.data.moves_one_by_one}{' '}
                request by request.
              </p>
            </div>
          )}
          {list.data.notice && (
            <p role="note" className="rounded-lg bg-amber-50 p-3 text-amber-900">
              {list.data.notice}
            </p>
          )}
          {next && (
            <section
              aria-labelledby="next-step"
              className="space-y-3 rounded-2xl border-2 border-brand-700 bg-white p-4"
            >
              <h2 id="next-step" className="text-sm font-semibold text-slate-700 uppercase">
                Next step
              </h2>
              <p className="text-xl font-bold">
                {stepText(next)}
                {next.warehouse_name ? ` (${next.warehouse_name})` : ''}
              </p>
              <p className="text-sm text-slate-700">For request {next.request_id}</p>
              <CameraScanner onScan={send} paused={confirm.isPending} />
              <form onSubmit={submit} className="flex gap-2">
                <label className="sr-only" htmlFor="pull-code">
                  Vault code or number
                </label>
                <input
                  id="pull-code"
                  value={typed}
                  onChange={(e) => setTyped(e.target.value)}
                  placeholder="Vault code or number"
                  maxLength={PULL_CODE_MAX_LENGTH}
                  autoComplete="off"
                  enterKeyHint="done"
                  className={`min-h-11 min-w-0 flex-1 rounded-lg border border-slate-300 px-3 text-lg ${inputFocusRing}`}
                />
                <button
                  type="submit"
                  disabled={confirm.isPending}
                  className="min-h-11 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
                >
                  Confirm
                </button>
              </form>
            </section>
          )}
          <div aria-live="polite">
            {confirm.isError && (
              <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
                {errorMessage(confirm.error)}
              </p>
            )}
            {notice && (
              <p role="status" className="rounded-lg bg-green-50 p-3 font-semibold text-green-800">
                {notice}
              </p>
            )}
          </div>
          {steps.length > 0 && (
            <ol aria-label="Steps" className="space-y-2">
              {steps.map((s, i) => (
                <li
                  key={`${s.kind}-${s.vault_id}-${s.done_at ?? 'to do'}`}
                  className={`rounded-lg p-3 shadow-sm ${s.done ? 'bg-green-50' : 'bg-white'}`}
                >
                  <span className="font-bold">{i + 1}. </span>
                  {stepText(s)}
                  <span className="text-sm text-slate-700"> · request {s.request_id}</span>
                  {s.done && <span className="ml-2 font-semibold text-green-800">✓ done</span>}
                </li>
              ))}
            </ol>
          )}
          {list.data.requests.length > 0 && (
            <section ref={requestsSection} aria-labelledby="day-requests" className="space-y-3">
              <h2 id="day-requests" className="text-xl font-bold">
                Requests
              </h2>
              {list.data.requests.map((r) => (
                <RequestCard key={r.id} request={r} date={date} />
              ))}
            </section>
          )}
        </>
      )}
    </div>
  );
}
