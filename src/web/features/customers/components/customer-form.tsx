import { useState, type FormEvent } from 'react';
import {
  AUTHORISED_DAYS_MAX,
  CUSTOMER_ADDRESS_MAX,
  CUSTOMER_CONTACT_MAX,
  CUSTOMER_NOTES_MAX,
  type CustomerRecord,
  type UpdateCustomerBody,
} from '../../../../contracts/customers';
import {
  ACCOUNT_TYPE_LABELS,
  accountTypes,
  DEFAULT_CONVERSION_AFTER_DAYS,
  type AccountType,
} from '../../../../domain/sit-clock';
import { ErrorAlert } from '../../../components/error-alert';
import { inputClass, TextAreaField, TextField } from '../../../components/text-field';
import { useUpdateCustomer } from '../api/use-customers';

/** The office's form for a customer's contact, account type, SIT dates and notes. */
export function CustomerForm({ customer }: { customer: CustomerRecord }) {
  const update = useUpdateCustomer(customer.id);
  const [form, setForm] = useState({
    phone: customer.phone,
    email: customer.email,
    address: customer.address,
    notes: customer.notes,
    accountType: customer.accountType,
    storageStart: customer.storageStart,
    authorisedDays: String(customer.authorisedDays),
    conversionDate: customer.conversionDateSet ? customer.conversionDate : '',
  });
  const [saved, setSaved] = useState(false);
  const set = (key: keyof typeof form) => (value: string) => {
    setSaved(false);
    setForm((f) => ({ ...f, [key]: value }));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const body: UpdateCustomerBody = {
      phone: form.phone,
      email: form.email,
      address: form.address,
      notes: form.notes,
      accountType: form.accountType,
      storageStart: form.storageStart,
      authorisedDays: Number(form.authorisedDays),
      conversionDate: form.conversionDate || null,
    };
    update.mutate(body, { onSuccess: () => setSaved(true) });
  };
  const isSit = form.accountType === 'sit';
  return (
    <form
      onSubmit={onSubmit}
      aria-label="Customer details"
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4"
    >
      <h2 className="text-lg font-bold">Account and contact</h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor="account-type" className="block text-sm font-medium">
            Account type
          </label>
          <select
            id="account-type"
            className={inputClass}
            value={form.accountType}
            onChange={(e) => set('accountType')(e.target.value as AccountType)}
          >
            {accountTypes.map((t) => (
              <option key={t} value={t}>
                {ACCOUNT_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label="Storage start"
          type="date"
          required
          value={form.storageStart}
          onChange={(e) => set('storageStart')(e.target.value)}
        />
        {isSit && (
          <>
            <TextField
              label="Authorised days"
              type="number"
              min={1}
              max={AUTHORISED_DAYS_MAX}
              required
              value={form.authorisedDays}
              onChange={(e) => set('authorisedDays')(e.target.value)}
            />
            <TextField
              label="Conversion date"
              type="date"
              hint={`Empty: ${DEFAULT_CONVERSION_AFTER_DAYS} days after the storage start.`}
              value={form.conversionDate}
              onChange={(e) => set('conversionDate')(e.target.value)}
            />
          </>
        )}
        <TextField
          label="Phone"
          type="tel"
          maxLength={CUSTOMER_CONTACT_MAX}
          autoComplete="off"
          value={form.phone}
          onChange={(e) => set('phone')(e.target.value)}
        />
        <TextField
          label="Email"
          type="email"
          maxLength={CUSTOMER_CONTACT_MAX}
          autoComplete="off"
          value={form.email}
          onChange={(e) => set('email')(e.target.value)}
        />
      </div>
      <TextAreaField
        label="Address"
        maxLength={CUSTOMER_ADDRESS_MAX}
        rows={3}
        value={form.address}
        onChange={(e) => set('address')(e.target.value)}
      />
      <TextAreaField
        label="Notes"
        maxLength={CUSTOMER_NOTES_MAX}
        rows={3}
        value={form.notes}
        onChange={(e) => set('notes')(e.target.value)}
      />
      <ErrorAlert error={update.error} />
      <div className="flex items-center gap-3">
        {/* Saving, the button keeps the focus (a disabled one would send the keyboard back to
            the top of the page); the form ignores a second press meanwhile. */}
        <button
          type="submit"
          aria-disabled={update.isPending}
          className="min-h-11 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900 aria-disabled:opacity-60"
        >
          Save customer
        </button>
        {saved && (
          <p role="status" className="text-sm text-emerald-800">
            Saved.
          </p>
        )}
      </div>
    </form>
  );
}
