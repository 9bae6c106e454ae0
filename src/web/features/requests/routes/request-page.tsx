import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { cancelRequest, confirmRequest } from '../../../../contracts/requests';
import type { RequestDetail } from '../../../../contracts/requests';
import { REQUEST_KIND_LABELS, describeItem } from '../../../../domain/request-vaults';
import { canMoveTo } from '../../../../domain/storage-requests';
import { roleAllows } from '../../../../domain/roles';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api';
import { formatWeekdayDate } from '../../../lib/format';
import { useSession } from '../../auth/api/use-session';
import { useMoveRequest, useRequest } from '../api/use-requests';
import { RequestHistory } from '../components/request-history';
import { RequestStatusBadge } from '../components/request-status';
import { describeRequestVault } from '../components/where-it-stands';

const cell = 'px-3 py-2';

function Vaults({ request }: { request: RequestDetail }) {
  if (request.vaults.length === 0) {
    const asked = request.asked_vaults.map((v) => v.name ?? `#${v.id}`).join(', ');
    return (
      <p className="text-slate-700">
        {request.kind === 'release_all'
          ? 'Every vault in storage; the vaults are listed once the request is confirmed.'
          : request.kind === 'release_items'
            ? 'The vaults holding these items are found when the request is confirmed.'
            : `Asked for: ${asked}.`}
      </p>
    );
  }
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={cell}>
              Vault
            </th>
            <th scope="col" className={cell}>
              Where
            </th>
            <th scope="col" className={cell}>
              Pulled
            </th>
          </tr>
        </thead>
        <tbody>
          {request.vaults.map((v) => (
            <tr key={v.id} className="border-t border-slate-100">
              <th scope="row" className={`${cell} font-semibold`}>
                {v.name ?? v.type.toUpperCase()}
              </th>
              <td className={cell}>{describeRequestVault(v)}</td>
              <td className={cell}>{v.pulled_at ? new Date(v.pulled_at).toLocaleString() : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Confirm and Cancel. Each takes its own button away, so the keyboard is handed on: to Cancel
 * once confirmed, and to `onCancelled`'s choice once nothing is left to do here.
 */
function Actions({ request, onCancelled }: { request: RequestDetail; onCancelled: () => void }) {
  const role = useSession().data?.role;
  const confirm = useMoveRequest(request.id, 'confirm');
  const cancel = useMoveRequest(request.id, 'cancel');
  const [isCancelling, setCancelling] = useState(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const mayConfirm =
    role !== undefined &&
    roleAllows(role, confirmRequest.role ?? 'crew') &&
    canMoveTo(request.status, 'confirmed');
  const mayCancel =
    role !== undefined &&
    roleAllows(role, cancelRequest.role ?? 'crew') &&
    canMoveTo(request.status, 'cancelled');
  if (!mayConfirm && !mayCancel) return null;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        {mayConfirm && (
          <button
            type="button"
            disabled={confirm.isPending}
            onClick={() =>
              confirm.mutate(undefined, { onSuccess: () => cancelButton.current?.focus() })
            }
            className="min-h-11 rounded-lg bg-brand-700 px-4 font-semibold text-white disabled:opacity-50"
          >
            {confirm.isPending ? 'Confirming…' : 'Confirm request'}
          </button>
        )}
        {mayCancel && (
          <button
            ref={cancelButton}
            type="button"
            onClick={() => setCancelling(true)}
            className="min-h-11 rounded-lg border border-slate-400 px-4 font-semibold"
          >
            Cancel request
          </button>
        )}
      </div>
      <ErrorAlert error={confirm.error} />
      <ConfirmDialog
        open={isCancelling}
        title="Cancel this request?"
        message={`${request.customer_name}, ${REQUEST_KIND_LABELS[request.kind].toLowerCase()} on ${request.due_on}. Its vaults become free for other requests.`}
        confirmLabel="Yes, cancel it"
        tone="danger"
        isBusy={cancel.isPending}
        error={cancel.error ? errorMessage(cancel.error) : null}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => {
              setCancelling(false);
              onCancelled();
            },
          })
        }
        onClose={() => setCancelling(false)}
      />
    </div>
  );
}

export function RequestPage() {
  const id = Number(useParams().requestId);
  const detail = useRequest(id);
  const request = detail.data;
  const backLink = useRef<HTMLAnchorElement>(null);
  const [isCancelled, setCancelled] = useState(false);
  // A frame after the question's dialog has gone: until then its focus trap, and then its
  // giving the focus back to the Cancel button it took away, would move it again.
  useEffect(() => {
    if (!isCancelled) return;
    const frame = requestAnimationFrame(() => backLink.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [isCancelled]);
  return (
    <div className="mx-auto max-w-4xl space-y-6 p-4 sm:p-6">
      <Link
        ref={backLink}
        to="/requests"
        className="inline-block min-h-11 content-center text-brand-900 underline"
      >
        All requests
      </Link>
      {detail.isPending && <Spinner label="Loading request" />}
      <ErrorAlert error={detail.error} />
      {request && (
        <>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h1 className="text-2xl font-bold">
                {REQUEST_KIND_LABELS[request.kind]} ·{' '}
                {formatWeekdayDate(`${request.due_on}T12:00:00`)}
              </h1>
              <p className="text-slate-700">
                <Link to={`/customers/${request.customer_id}`} className="text-brand-900 underline">
                  {request.customer_name}
                </Link>{' '}
                · asked by {request.asked_by}
              </p>
            </div>
            <RequestStatusBadge status={request.status} />
          </div>
          {request.items.length > 0 && (
            <p>
              <span className="font-semibold">Items:</span>{' '}
              {request.items.map(describeItem).join('; ')}
            </p>
          )}
          {request.note && (
            <p>
              <span className="font-semibold">Note:</span> {request.note}
            </p>
          )}
          <Actions request={request} onCancelled={() => setCancelled(true)} />
          <section aria-labelledby="request-vaults-heading">
            <h2 id="request-vaults-heading" className="mb-2 text-lg font-bold">
              Vaults ({request.vaults.length})
            </h2>
            <Vaults request={request} />
          </section>
          <RequestHistory history={request.history} />
        </>
      )}
    </div>
  );
}
