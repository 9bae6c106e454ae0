import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { ApiError, errorMessage } from '../../../lib/api';
import { useDigOut, useDigOutStep, usePutBack } from '../api/use-dig-outs';
import { stepText } from '../components/step-text';

const primary =
  'min-h-11 rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-900 disabled:opacity-60';
const secondary = 'min-h-11 rounded-lg border border-brand-700 px-4 font-semibold text-brand-700';

/** The confirmed plan as a checklist: each move is done with the normal rules and history. */
export function DigOutPage() {
  const id = Number(useParams().digOutId);
  const digOut = useDigOut(id);
  const step = useDigOutStep(id);
  const putBack = usePutBack(id);
  const [message, setMessage] = useState('');

  if (digOut.isPending) return <Spinner label="Loading dig-out" />;
  if (digOut.isError) {
    return (
      <p role="alert" className="p-6 text-red-700">
        {errorMessage(digOut.error)}
      </p>
    );
  }
  const d = digOut.data;
  const next = d.steps.findIndex((s) => s.done_at === null);
  const isOut = d.steps.some((s) => s.kind === 'out' && s.done_at !== null);
  const hasPutBack = d.steps.some((s) => s.kind === 'back');
  const lifted = d.steps.some((s) => s.kind === 'aside');
  // The stage is offered when the proposed field has no room any more.
  const canStageInstead =
    step.error instanceof ApiError && step.error.code === 'FIELD_FULL' && next >= 0;
  const label = d.vault_name ? `vault ${d.vault_name}` : 'the unit';
  const run = (index: number, toStage: boolean) =>
    step.mutate(
      { index, toStage },
      {
        onSuccess: (r) => {
          const done = r.steps[index];
          setMessage(done ? `Done: ${stepText(done)}.` : '');
        },
      },
    );

  return (
    <div className="mx-auto max-w-2xl space-y-4 p-4 sm:p-6">
      <Link to="/dig-outs" className="text-brand-700 underline">
        All dig-outs
      </Link>
      <h1 className="text-2xl font-bold">Dig out {label}</h1>
      <p className="text-slate-700">
        {d.warehouse_name}, field {d.field_name}, position {d.position}. Planned by{' '}
        {d.created_by ?? 'unknown'}.
      </p>
      {d.notice && (
        <p role="note" className="rounded-lg bg-amber-50 p-3 text-amber-900">
          {d.notice}
        </p>
      )}
      <p role="status" aria-live="polite">
        {message}
      </p>
      <ol aria-label="Moves" className="space-y-2">
        {d.steps.map((s, i) => {
          const isDone = s.done_at !== null;
          return (
            <li
              key={`${s.kind}-${s.vault_id}`}
              className={`rounded-lg p-3 shadow-sm ${isDone ? 'bg-green-50' : 'bg-white'}`}
            >
              <p>
                <span className="font-bold">{i + 1}. </span>
                {stepText(s)}
                {isDone && <span className="ml-2 font-semibold text-green-800">✓ done</span>}
              </p>
              {i === next && (
                <div className="mt-2 flex flex-wrap gap-2">
                  <button
                    type="button"
                    disabled={step.isPending}
                    onClick={() => run(i, false)}
                    className={primary}
                  >
                    Done: move {i + 1}
                  </button>
                  {canStageInstead && s.to !== null && (
                    <button
                      type="button"
                      disabled={step.isPending}
                      onClick={() => run(i, true)}
                      className={secondary}
                    >
                      Put it on the stage instead
                    </button>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ol>
      {step.isError && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
          {errorMessage(step.error)}
        </p>
      )}
      {isOut && lifted && !hasPutBack && (
        <button
          type="button"
          disabled={putBack.isPending}
          onClick={() => putBack.mutate()}
          className={primary}
        >
          Put the others back
        </button>
      )}
      {putBack.isError && (
        <p role="alert" className="text-red-700">
          {errorMessage(putBack.error)}
        </p>
      )}
      {d.left.length > 0 && (
        <div className="rounded-lg bg-amber-50 p-3 text-amber-900">
          <p className="font-semibold">Not put back:</p>
          <ul className="list-disc pl-5">
            {d.left.map((l) => (
              <li key={`${l.vault_name ?? ''}-${l.reason}`}>
                Vault {l.vault_name ?? '(no number)'}: {l.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      {next === -1 && <p className="font-semibold text-green-800">All moves are done.</p>}
    </div>
  );
}
