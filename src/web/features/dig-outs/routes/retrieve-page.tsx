import { Link, useNavigate, useParams } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api';
import { useDigOutPlan, useStartDigOut } from '../api/use-dig-outs';
import { stepText } from '../components/step-text';

/** "Retrieve" on a vault that is not on top: the proposed moves, confirmed before anything moves. */
export function RetrievePage() {
  const vaultId = Number(useParams().vaultId);
  const plan = useDigOutPlan(vaultId);
  const start = useStartDigOut();
  const navigate = useNavigate();

  if (plan.isPending) return <Spinner label="Planning the dig-out" />;
  if (plan.isError) {
    return (
      <div className="mx-auto max-w-2xl space-y-4 p-4 sm:p-6">
        <h1 className="text-2xl font-bold">Retrieve a vault</h1>
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
          {errorMessage(plan.error)}
        </p>
        <Link to="/stage" className="text-brand-700 underline">
          Go to the stage
        </Link>
      </div>
    );
  }
  const p = plan.data;
  const label = p.vault_name ? `vault ${p.vault_name}` : 'this unit';
  return (
    <div className="mx-auto max-w-2xl space-y-4 p-4 sm:p-6">
      <h1 className="text-2xl font-bold">Retrieve {label}</h1>
      <p className="text-slate-700">
        {p.warehouse_name}, field {p.field_name}, position {p.position}.{' '}
        {p.steps.length - 1 === 1 ? 'One vault stands' : `${p.steps.length - 1} vaults stand`} on
        it. The forklift moves, in order:
      </p>
      {p.notice && (
        <p role="note" className="rounded-lg bg-amber-50 p-3 text-amber-900">
          {p.notice}
        </p>
      )}
      <ol aria-label="Proposed moves" className="space-y-2">
        {p.steps.map((s, i) => (
          <li key={s.vault_id} className="flex gap-3 rounded-lg bg-white p-3 shadow-sm">
            <span className="font-bold">{i + 1}.</span>
            <span>{stepText(s)}</span>
          </li>
        ))}
      </ol>
      {start.isError && (
        <p role="alert" className="text-red-700">
          {errorMessage(start.error)}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          disabled={start.isPending}
          onClick={() => start.mutate(vaultId, { onSuccess: (d) => navigate(`/dig-outs/${d.id}`) })}
          className="min-h-11 rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
        >
          Confirm plan and start
        </button>
        <button
          type="button"
          onClick={() => navigate(-1)}
          className="min-h-11 rounded-lg border border-slate-300 px-4 font-semibold"
        >
          Back
        </button>
      </div>
    </div>
  );
}
