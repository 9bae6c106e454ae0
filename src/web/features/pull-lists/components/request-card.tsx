import { useState } from 'react';
import type { PullListRequest } from '../../../../contracts/pull-lists';
import { inputFocusRing } from '../../../components/text-field';
import { errorMessage } from '../../../lib/api';
import { useCompleteRequest } from '../api/use-pull-list';
import { requestTitle } from './step-text';

const statusWords: Record<PullListRequest['status'], string> = {
  asked: 'Asked',
  confirmed: 'To do',
  in_progress: 'Started',
  done: 'Done',
  cancelled: 'Cancelled',
};

/**
 * A request of the day with its vaults: pulled or not, and "Complete" once all are. An
 * access request names where each vault goes back (the planner's field, which staff may change).
 */
export function RequestCard({ request, date }: { request: PullListRequest; date: string }) {
  const complete = useCompleteRequest(date);
  const [fields, setFields] = useState<Record<number, string>>({});
  const isOpen = request.status === 'confirmed' || request.status === 'in_progress';
  const isReady = request.vaults.every((v) => v.pulled_at !== null || v.released_on !== null);
  const isAccess = request.kind === 'access';
  const headingId = `request-${request.id}`;
  const submit = () => {
    const put_back = isAccess
      ? request.vaults.flatMap((v) => {
          const typed = fields[v.id]?.trim();
          return typed && typed !== v.put_back?.field_name
            ? [{ vault_id: v.id, field_name: typed }]
            : [];
        })
      : [];
    complete.mutate({ id: request.id, put_back });
  };
  return (
    <section aria-labelledby={headingId} className="rounded-2xl bg-white p-4 shadow-sm">
      <h3 id={headingId} className="font-bold">
        {requestTitle(request)}
      </h3>
      <p className="text-sm text-slate-700">{statusWords[request.status]}</p>
      {request.note && <p className="text-sm text-slate-700">{request.note}</p>}
      <ul aria-label={`Vaults of request ${request.id}`} className="mt-2 space-y-2">
        {request.vaults.map((v) => (
          <li key={v.id} className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">Vault {v.name ?? v.id}</span>
            <span className="text-sm text-slate-700">
              {v.released_on
                ? `released ${v.released_on}`
                : v.pulled_at
                  ? v.staged
                    ? 'pulled, on the stage'
                    : `back in field ${v.field_name ?? ''}`
                  : `to pull: field ${v.field_name ?? '?'}, position ${v.position ?? '?'}`}
            </span>
            {isAccess && isOpen && v.staged && (
              <label className="flex items-center gap-1 text-sm">
                Put back in field
                <input
                  value={fields[v.id] ?? v.put_back?.field_name ?? ''}
                  onChange={(e) => setFields({ ...fields, [v.id]: e.target.value })}
                  aria-label={`Put vault ${v.name ?? v.id} back in field`}
                  className={`min-h-11 w-20 rounded-lg border border-slate-300 px-2 ${inputFocusRing}`}
                  autoComplete="off"
                />
              </label>
            )}
          </li>
        ))}
      </ul>
      {isOpen && (
        <button
          type="button"
          disabled={!isReady || complete.isPending}
          onClick={submit}
          className="mt-3 min-h-11 rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
        >
          Complete request {request.id}
        </button>
      )}
      {isOpen && !isReady && (
        <p className="mt-1 text-sm text-slate-700">Complete once every vault is pulled.</p>
      )}
      {complete.isError && (
        <p role="alert" className="mt-2 rounded-lg bg-red-50 p-3 text-red-800">
          {errorMessage(complete.error)}
        </p>
      )}
    </section>
  );
}
