import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import type { PortalAnswer } from '../../../../contracts/requests';
import { REQUEST_KIND_LABELS, describeItem } from '../../../../domain/request-vaults';
import { addDays } from '../../../../domain/calendar-days';
import { ErrorAlert } from '../../../components/error-alert';
import { Spinner } from '../../../components/spinner';
import { formatWeekdayDate } from '../../../lib/format';
import { useAskOnPortal, usePortal } from '../api/use-portal';
import { AskFields, askBodyOf, emptyDraft, type AskDraft } from '../components/ask-fields';
import { RequestStatusBadge } from '../components/request-status';

const vaultName = (v: { id: number; name: string | null }) => v.name ?? `#${v.id}`;
const dayOf = (iso: string) => formatWeekdayDate(`${iso}T12:00:00`);

function Requests({ requests }: { requests: PortalAnswer['requests'] }) {
  return (
    <section aria-labelledby="portal-requests-heading">
      <h2 id="portal-requests-heading" className="mb-2 text-lg font-bold">
        Your requests
      </h2>
      {requests.length === 0 ? (
        <p className="text-slate-600">None yet.</p>
      ) : (
        <ul className="space-y-2">
          {requests.map((r) => (
            <li key={r.id} className="rounded-2xl border border-slate-200 bg-white p-3">
              <span className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold">
                  {REQUEST_KIND_LABELS[r.kind]} · {dayOf(r.due_on)}
                </span>
                <RequestStatusBadge status={r.status} />
              </span>
              <span className="mt-1 block text-sm text-slate-700">
                {r.items.length > 0
                  ? r.items.map(describeItem).join('; ')
                  : r.vaults.length > 0
                    ? `Vaults ${r.vaults.map(vaultName).join(', ')}`
                    : 'Everything in storage'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AskForm({ token, portal }: { token: string; portal: PortalAnswer }) {
  const [draft, setDraft] = useState<AskDraft>(() => emptyDraft(addDays(portal.today, 1)));
  const [sent, setSent] = useState(false);
  const ask = useAskOnPortal(token);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSent(false);
    ask.mutate(askBodyOf(draft), {
      onSuccess: () => {
        setSent(true);
        setDraft(emptyDraft(draft.dueOn));
      },
    });
  };
  return (
    <section aria-labelledby="portal-ask-heading">
      <h2 id="portal-ask-heading" className="mb-2 text-lg font-bold">
        Ask for a release or a visit
      </h2>
      <form
        onSubmit={submit}
        className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4"
      >
        <AskFields
          draft={draft}
          onChange={setDraft}
          firstDay={portal.today}
          vaults={portal.vaults.map((v) => ({
            id: v.id,
            name: v.name,
            type: v.type,
            detail: `In storage since ${v.date_in}`,
          }))}
        />
        <ErrorAlert error={ask.error} />
        {sent && (
          <p role="status" className="rounded-xl bg-green-50 p-3 text-green-900">
            Your request was sent. {portal.company_name} will confirm it; its status shows above.
          </p>
        )}
        <button
          type="submit"
          disabled={ask.isPending}
          className="min-h-12 w-full rounded-lg bg-brand-700 px-4 text-lg font-semibold text-white disabled:opacity-50"
        >
          {ask.isPending ? 'Sending…' : 'Send request'}
        </button>
      </form>
    </section>
  );
}

function Vaults({ vaults }: { vaults: PortalAnswer['vaults'] }) {
  return (
    <section aria-labelledby="portal-vaults-heading">
      <h2 id="portal-vaults-heading" className="mb-2 text-lg font-bold">
        Your vaults ({vaults.length})
      </h2>
      <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
        {vaults.map((v) => (
          <li key={v.id} className="flex justify-between gap-3 px-3 py-2">
            <span className="font-semibold">{vaultName(v)}</span>
            <span className="text-slate-700">
              {v.type.toUpperCase()} · in since {v.date_in}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * `/portal/{token}`: the customer's page, on their phone and without an account. Their vaults
 * by what they are and since when, never where they stand; their requests and how far along.
 */
export function PortalPage() {
  const { token = '' } = useParams();
  const portal = usePortal(token);
  const data = portal.data;
  return (
    <main className="mx-auto max-w-lg space-y-6 p-4">
      {portal.isPending && <Spinner label="Loading your storage" />}
      <ErrorAlert error={portal.error} />
      {data && (
        <>
          <header>
            <p className="text-sm font-semibold text-slate-600">{data.company_name}</p>
            <h1 className="text-2xl font-bold">{data.customer_name}</h1>
          </header>
          <Requests requests={data.requests} />
          <AskForm token={token} portal={data} />
          <Vaults vaults={data.vaults} />
        </>
      )}
    </main>
  );
}
