import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api';
import { usePortalLink, useRenewPortalLink, useRequests } from '../api/use-requests';
import { NewRequestDialog } from './new-request-dialog';
import { RequestList } from './request-list';

/** The customer's own link: shown to copy, made once, renewed when it leaked. */
function PortalLink({ customerId }: { customerId: number }) {
  const link = usePortalLink(customerId);
  const renew = useRenewPortalLink(customerId);
  const [isRenewing, setRenewing] = useState(false);
  const url = link.data?.url ?? null;
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4">
      <h3 className="font-semibold">Customer link</h3>
      <p className="text-sm text-slate-700">
        The customer sees their vaults and asks for a release or access without an account.
      </p>
      {url && (
        <p className="mt-2 break-all">
          <a href={url} target="_blank" rel="noreferrer" className="text-brand-900 underline">
            {url}
          </a>
        </p>
      )}
      <button
        type="button"
        disabled={renew.isPending}
        onClick={() => (url ? setRenewing(true) : renew.mutate())}
        className="mt-2 min-h-11 rounded-lg border border-slate-400 px-4 font-semibold"
      >
        {url ? 'New link' : 'Make link'}
      </button>
      <ErrorAlert error={link.error ?? (isRenewing ? null : renew.error)} className="mt-2" />
      <ConfirmDialog
        open={isRenewing}
        title="Make a new link?"
        message="The link the customer has now stops working at once; send them the new one."
        confirmLabel="Yes, make a new link"
        isBusy={renew.isPending}
        error={renew.error ? errorMessage(renew.error) : null}
        onConfirm={() => renew.mutate(undefined, { onSuccess: () => setRenewing(false) })}
        onClose={() => setRenewing(false)}
      />
    </div>
  );
}

/** The customer screen's requests: theirs by date, a new one, and their link. */
export function CustomerRequests({ customerId }: { customerId: number }) {
  const requests = useRequests({ customer_id: customerId });
  const [isAdding, setAdding] = useState(false);
  return (
    <section aria-labelledby="customer-requests-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="customer-requests-heading" className="text-lg font-bold">
          Requests ({requests.data?.requests.length ?? 0})
        </h2>
        <button
          type="button"
          onClick={() => setAdding(true)}
          className="min-h-11 rounded-lg bg-brand-700 px-4 font-semibold text-white"
        >
          New request
        </button>
      </div>
      <ErrorAlert error={requests.error} />
      {requests.data && <RequestList requests={requests.data.requests} showCustomer={false} />}
      <PortalLink customerId={customerId} />
      {isAdding && <NewRequestDialog customerId={customerId} onClose={() => setAdding(false)} />}
    </section>
  );
}
