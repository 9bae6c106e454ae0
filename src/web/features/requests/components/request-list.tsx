import { Link } from 'react-router';
import type { RequestAnswer } from '../../../../contracts/requests';
import { REQUEST_KIND_LABELS } from '../../../../domain/request-vaults';
import { formatWeekdayDate } from '../../../lib/format';
import { RequestStatusBadge } from './request-status';
import { requestSubject } from './request-summary';

/** Requests as cards that open their detail; a phone reads them as well as a desk. */
export function RequestList({
  requests,
  showCustomer = true,
}: {
  requests: readonly RequestAnswer[];
  showCustomer?: boolean;
}) {
  if (requests.length === 0) return <p className="text-slate-600">No requests.</p>;
  return (
    <ul className="space-y-2">
      {requests.map((r) => (
        <li key={r.id}>
          <Link
            to={`/requests/${r.id}`}
            className="block rounded-2xl border border-slate-200 bg-white p-3 hover:border-brand-700"
          >
            <span className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-semibold">
                {formatWeekdayDate(`${r.due_on}T12:00:00`)}
                {showCustomer && ` · ${r.customer_name}`}
              </span>
              <RequestStatusBadge status={r.status} />
            </span>
            <span className="mt-1 block text-sm text-slate-700">
              {REQUEST_KIND_LABELS[r.kind]}: {requestSubject(r)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
