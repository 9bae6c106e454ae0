import { Link } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api';
import { useDigOuts } from '../api/use-dig-outs';

/** The latest dig-outs, so a checklist left halfway (or its put-back) can be picked up again. */
export function DigOutsPage() {
  const digOuts = useDigOuts();
  return (
    <div className="mx-auto max-w-2xl space-y-4 p-4 sm:p-6">
      <h1 className="text-2xl font-bold">Dig-outs</h1>
      <p className="text-slate-700">
        Start one with &ldquo;Retrieve&rdquo; on a vault that is not on top, in a field&rsquo;s
        panel.
      </p>
      {digOuts.isPending && <Spinner label="Loading dig-outs" />}
      {digOuts.isError && (
        <p role="alert" className="text-red-700">
          {errorMessage(digOuts.error)}
        </p>
      )}
      {digOuts.data?.length === 0 && <p className="text-slate-600">No dig-outs yet.</p>}
      <ul className="space-y-2">
        {digOuts.data?.map((d) => (
          <li key={d.id}>
            <Link
              to={`/dig-outs/${d.id}`}
              className="block rounded-xl bg-white p-4 shadow-sm hover:bg-slate-50"
            >
              <p className="font-semibold">
                Vault {d.vault_name ?? '(no number)'} · {d.warehouse_name}, field {d.field_name}
              </p>
              <p className="text-sm text-slate-600">
                {new Date(d.created_at).toLocaleString()} · {d.created_by ?? 'unknown'} ·{' '}
                {d.done_count} of {d.step_count} moves done
              </p>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
