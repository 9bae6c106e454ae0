import { useState } from 'react';
import type { ListRequestsQuery } from '../../../../contracts/requests';
import { REQUEST_STATUS_LABELS } from '../../../../domain/request-vaults';
import { requestStatuses, type RequestStatus } from '../../../../domain/storage-requests';
import { ErrorAlert } from '../../../components/error-alert';
import { Spinner } from '../../../components/spinner';
import { TextField, inputClass } from '../../../components/text-field';
import { useRequests } from '../api/use-requests';
import { NewRequestDialog } from '../components/new-request-dialog';
import { RequestList } from '../components/request-list';

/** The office's requests: by date and status, made here or asked on a customer's link. */
export function RequestsPage() {
  const [date, setDate] = useState('');
  const [status, setStatus] = useState<RequestStatus | ''>('');
  const [isAdding, setAdding] = useState(false);
  const query: ListRequestsQuery = {
    ...(date ? { date } : {}),
    ...(status ? { status } : {}),
  };
  const requests = useRequests(query);
  return (
    <div className="mx-auto max-w-4xl p-4 sm:p-6">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold">Requests</h1>
        <button
          type="button"
          onClick={() => setAdding(true)}
          className="min-h-11 rounded-lg bg-brand-700 px-4 font-semibold text-white"
        >
          New request
        </button>
      </div>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <TextField
          label="Date"
          type="date"
          value={date}
          onChange={(e) => setDate(e.target.value)}
          className="w-44"
        />
        <div className="w-44">
          <label htmlFor="request-status" className="block text-sm font-medium">
            Status
          </label>
          <select
            id="request-status"
            className={inputClass}
            value={status}
            onChange={(e) => setStatus(e.target.value as RequestStatus | '')}
          >
            <option value="">All</option>
            {requestStatuses.map((s) => (
              <option key={s} value={s}>
                {REQUEST_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {requests.isPending && <Spinner label="Loading requests" />}
      <ErrorAlert error={requests.error} />
      {requests.data && <RequestList requests={requests.data.requests} />}
      {isAdding && <NewRequestDialog onClose={() => setAdding(false)} />}
    </div>
  );
}
