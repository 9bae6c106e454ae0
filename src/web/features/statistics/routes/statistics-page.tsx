import { Spinner } from '../../../components/spinner';
import { useStatistics } from '../api/use-statistics';
import { SpaceChart } from '../components/space-chart';
import { ErrorAlert } from '../../../components/error-alert';

export function StatisticsPage() {
  const stats = useStatistics();
  return (
    <div className="mx-auto max-w-6xl p-4 sm:p-6">
      <h1 className="mb-6 text-2xl font-bold">Statistics</h1>
      {stats.isPending && <Spinner label="Loading statistics" />}
      <ErrorAlert error={stats.error} />
      {stats.data?.length === 0 && (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          No warehouses yet.
        </p>
      )}
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        {stats.data?.map((w) => (
          <section
            key={w.warehouseId}
            aria-label={w.warehouseName}
            className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <h2 className="text-lg font-semibold">{w.warehouseName}</h2>
            <table className="mt-3 w-full text-left">
              <thead>
                <tr className="border-b border-slate-200">
                  <th scope="col" className="py-2">
                    Metric
                  </th>
                  <th scope="col" className="py-2 text-right">
                    Value
                  </th>
                </tr>
              </thead>
              <tbody>
                {[
                  ['Number of Potential Spaces', w.potentialSpaces],
                  ['Number of Empty Vaults', w.emptyVaults],
                  ['Number of Empty Couchboxes', w.emptyCouchboxes],
                ].map(([label, value]) => (
                  <tr key={label} className="border-b border-slate-100">
                    <th scope="row" className="py-2 font-normal">
                      {label}
                    </th>
                    <td className="py-2 text-right font-semibold tabular-nums">{value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <SpaceChart stats={w} />
          </section>
        ))}
      </div>
    </div>
  );
}
