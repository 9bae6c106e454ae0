import { useState } from 'react';
import { Link } from 'react-router';
import { ACCOUNT_TYPE_LABELS } from '../../../../domain/sit-clock';
import { ErrorAlert } from '../../../components/error-alert';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { useCustomers } from '../api/use-customers';
import { SitStatusBadge } from '../components/sit-clock-summary';

export function CustomersPage() {
  const customers = useCustomers();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toUpperCase();
  const shown = customers.data?.filter(
    (c) =>
      !needle ||
      c.name.includes(needle) ||
      c.email.toUpperCase().includes(needle) ||
      c.phone.includes(filter.trim()),
  );
  return (
    <div className="mx-auto max-w-6xl p-4 sm:p-6">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold">Customers</h1>
        <Link
          to="/storage-report"
          className="flex min-h-11 items-center rounded-lg border border-slate-300 px-4 font-semibold"
        >
          Storage report
        </Link>
      </div>
      <TextField
        label="Find a customer"
        type="search"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        className="mb-4 max-w-md"
      />
      {customers.isPending && <Spinner label="Loading customers" />}
      <ErrorAlert error={customers.error} />
      {shown?.length === 0 && (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          {customers.data?.length === 0
            ? 'No customers yet. A customer appears here once a vault or pallet is stored under their name.'
            : 'No customer matches.'}
        </p>
      )}
      {shown && shown.length > 0 && (
        <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Customer
                </th>
                <th scope="col" className="px-3 py-2">
                  Account
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Vaults
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Pallets
                </th>
                <th scope="col" className="hidden px-3 py-2 md:table-cell">
                  Contact
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((c) => (
                <tr key={c.id} className="border-t border-slate-100">
                  <th scope="row" className="px-3 py-2 font-semibold">
                    <Link
                      to={`/customers/${c.id}`}
                      className="inline-block min-h-11 content-center text-brand-900 underline"
                    >
                      {c.name}
                    </Link>
                  </th>
                  <td className="px-3 py-2">
                    <span className="mr-2">
                      {c.accountType === 'sit' ? 'SIT' : ACCOUNT_TYPE_LABELS.permanent}
                    </span>
                    {c.sitClock && <SitStatusBadge clock={c.sitClock} />}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{c.vaultCount}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{c.palletCount}</td>
                  <td className="hidden px-3 py-2 md:table-cell">
                    {[c.phone, c.email].filter(Boolean).join(' · ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
