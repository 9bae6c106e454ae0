import { useState } from 'react';
import { Link } from 'react-router';
import { updateStorageReportSettings } from '../../../../contracts/customers';
import { ErrorAlert } from '../../../components/error-alert';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { useMayCall } from '../../auth/api/use-session';
import {
  storageReportFileUrl,
  useSetCountsStaged,
  useStorageReport,
} from '../api/use-storage-report';
import { ReportChart } from '../components/report-chart';

/** This month and the two before it, by the browser's calendar. */
function defaultRange(): { from: string; to: string } {
  const now = new Date();
  const month = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
  return { from: month(new Date(now.getFullYear(), now.getMonth() - 2, 1)), to: month(now) };
}

const cell = 'px-3 py-2';

export function StorageReportPage() {
  const [range, setRange] = useState(defaultRange);
  const report = useStorageReport(range);
  const maySet = useMayCall(updateStorageReportSettings);
  const setCountsStaged = useSetCountsStaged();
  const data = report.data;
  const isValid = /^\d{4}-\d{2}$/.test(range.from) && /^\d{4}-\d{2}$/.test(range.to);
  return (
    <div className="mx-auto max-w-6xl space-y-4 p-4 sm:p-6">
      <h1 className="text-2xl font-bold">Storage report</h1>
      <p className="text-slate-700">
        Per customer per month: each vault counts every day from its date in to today or its
        release; pallets count by the shelf spots they take; weight counts in CWT (100 lb), and
        CWT-months by the days stored. Quantities for invoices; the rate is yours to fill.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          label="From month"
          type="month"
          value={range.from}
          onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
        />
        <TextField
          label="To month"
          type="month"
          value={range.to}
          onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
        />
        {isValid && (
          <div className="flex gap-2">
            <a
              href={storageReportFileUrl('csv', range)}
              download
              className="flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 font-semibold"
            >
              Download CSV
            </a>
            <a
              href={storageReportFileUrl('xlsx', range)}
              download
              className="flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 font-semibold"
            >
              Download XLSX
            </a>
          </div>
        )}
      </div>
      {data && (
        <label className="flex min-h-11 items-center gap-2">
          {/* Saving, the box keeps the focus (a disabled one would send the keyboard back to
              the top of the page) and ignores presses. */}
          <input
            type="checkbox"
            className="h-5 w-5 aria-disabled:opacity-60"
            checked={data.countsStaged}
            disabled={!maySet}
            aria-disabled={setCountsStaged.isPending}
            onChange={(e) => {
              if (!setCountsStaged.isPending) setCountsStaged.mutate(e.target.checked);
            }}
          />
          Staged vaults count
          {!maySet && (
            <span className="text-sm text-slate-600">(a company setting: admins change it)</span>
          )}
        </label>
      )}
      <ErrorAlert error={setCountsStaged.error} />
      {report.isPending && <Spinner label="Loading the report" />}
      <ErrorAlert error={report.error} />
      {data && data.rows.length === 0 && (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          Nothing was stored in these months.
        </p>
      )}
      {data && data.rows.length > 0 && (
        <>
          <ReportChart report={data} />
          <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Storage per customer per month</caption>
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className={cell}>
                    Month
                  </th>
                  <th scope="col" className={cell}>
                    Customer
                  </th>
                  <th scope="col" className={`${cell} text-right`}>
                    Vault-days
                  </th>
                  <th scope="col" className={`${cell} text-right`}>
                    Vault-months
                  </th>
                  <th scope="col" className={`${cell} text-right`}>
                    Pallet spots
                  </th>
                  <th scope="col" className={`${cell} text-right`}>
                    CWT
                  </th>
                  <th scope="col" className={`${cell} text-right`}>
                    CWT-months
                  </th>
                  <th scope="col" className={cell}>
                    First – last day
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((r) => (
                  <tr key={`${r.month}-${r.customerId}`} className="border-t border-slate-100">
                    <td className={`${cell} whitespace-nowrap`}>{r.month}</td>
                    <th scope="row" className={`${cell} font-semibold`}>
                      <Link to={`/customers/${r.customerId}`} className="text-brand-900 underline">
                        {r.customerName}
                      </Link>
                    </th>
                    <td className={`${cell} text-right tabular-nums`}>{r.vaultDays}</td>
                    <td className={`${cell} text-right tabular-nums`}>{r.vaultMonths}</td>
                    <td className={`${cell} text-right tabular-nums`}>{r.palletSpots}</td>
                    <td className={`${cell} text-right tabular-nums`}>
                      {r.cwt}
                      {r.unweighed > 0 && ' '}
                      {r.unweighed > 0 && (
                        <span className="block text-xs whitespace-nowrap text-amber-800">
                          {r.unweighed} not weighed
                        </span>
                      )}
                    </td>
                    <td className={`${cell} text-right tabular-nums`}>{r.cwtMonths}</td>
                    <td className={`${cell} whitespace-nowrap`}>
                      {r.firstDay} – {r.lastDay}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
