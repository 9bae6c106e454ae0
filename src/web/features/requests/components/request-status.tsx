import type { RequestStatus } from '../../../../domain/storage-requests';
import { REQUEST_STATUS_LABELS } from '../../../../domain/request-vaults';

const statusClass: Record<RequestStatus, string> = {
  asked: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-sky-100 text-sky-900',
  in_progress: 'bg-violet-100 text-violet-900',
  done: 'bg-emerald-100 text-emerald-900',
  cancelled: 'bg-slate-200 text-slate-700',
};

/** A request's status as a word on a colour, so it reads without the colour too. */
export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-sm font-semibold whitespace-nowrap ${statusClass[status]}`}
    >
      {REQUEST_STATUS_LABELS[status]}
    </span>
  );
}
