import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { inputClass } from '../../../components/text-field';
import { ModalDialog } from '../../../components/dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { localDay } from '../../../lib/format';
import { useCustomers } from '../../customers/api/use-customers';
import { useChosenCustomer, useCreateRequest } from '../api/use-requests';
import { AskFields, askBodyOf, emptyDraft, type AskDraft } from './ask-fields';
import { describeStanding } from './where-it-stands';

/**
 * The office's "New request": a customer, what they ask, the date, and the vaults or tags.
 * A request made here waits as asked until someone confirms it.
 */
export function NewRequestDialog({
  onClose,
  customerId: givenCustomer,
}: {
  onClose: () => void;
  customerId?: number;
}) {
  const customers = useCustomers();
  const [customerId, setCustomerId] = useState<number | null>(givenCustomer ?? null);
  const [draft, setDraft] = useState<AskDraft>(() => emptyDraft(localDay(1)));
  const create = useCreateRequest();
  const navigate = useNavigate();
  const chosen = useChosenCustomer(customerId);
  const vaults =
    customerId === null
      ? []
      : (chosen.data?.vaults ?? [])
          .filter((v) => v.standing.at !== 'released')
          .map((v) => ({
            id: v.id,
            name: v.name,
            type: v.type,
            detail: describeStanding(v.standing),
          }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (customerId === null) return;
    create.mutate(
      { customer_id: customerId, ...askBodyOf(draft) },
      { onSuccess: (request) => navigate(`/requests/${request.id}`) },
    );
  };

  return (
    <ModalDialog title="New request" onClose={onClose}>
      <form onSubmit={submit} className="mt-4 space-y-4">
        <div>
          <label htmlFor="request-customer" className="block text-sm font-medium">
            Customer
          </label>
          <select
            id="request-customer"
            required
            className={inputClass}
            value={customerId ?? ''}
            onChange={(e) => {
              setCustomerId(e.target.value ? Number(e.target.value) : null);
              setDraft((d) => ({ ...d, vaultIds: [] }));
            }}
          >
            <option value="">Choose a customer</option>
            {customers.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        {customerId !== null && (
          <AskFields draft={draft} onChange={setDraft} vaults={vaults} firstDay={localDay(0)} />
        )}
        <ErrorAlert error={create.error ?? customers.error ?? chosen.error} />
        <div className="flex flex-wrap justify-end gap-2">
          <button
            type="button"
            onClick={onClose}
            className="min-h-11 rounded-lg border border-slate-300 px-4 font-semibold"
          >
            Cancel
          </button>
          <button
            type="submit"
            disabled={customerId === null || create.isPending}
            className="min-h-11 rounded-lg bg-brand-700 px-4 font-semibold text-white disabled:opacity-50"
          >
            {create.isPending ? 'Saving…' : 'Make request'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
