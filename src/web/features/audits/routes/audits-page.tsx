import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AuditScopeKind } from '../../../../contracts/audits';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api';
import { useAudits, useAuditWarehouses, useStartAudit } from '../api/use-audits';

const scopeLabels: Record<AuditScopeKind, string> = {
  field: 'One field',
  column: 'A column of fields',
  warehouse: 'The whole warehouse',
};

const inputClass = 'min-h-11 w-full rounded-lg border border-slate-300 px-3 text-lg';

function StartAuditForm() {
  const warehouses = useAuditWarehouses();
  const start = useStartAudit();
  const navigate = useNavigate();
  const [warehouseId, setWarehouseId] = useState('');
  const [scope, setScope] = useState<AuditScopeKind>('field');
  const [place, setPlace] = useState('');
  const ids = { warehouse: useId(), place: useId() };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const chosen = warehouseId || String(warehouses.data?.[0]?.id ?? '');
    start.mutate(
      {
        warehouseId: Number(chosen),
        scope,
        ...(scope === 'field' && { fieldName: place }),
        ...(scope === 'column' && { column: place }),
      },
      { onSuccess: (audit) => navigate(`/audits/${audit.id}`) },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-4 rounded-2xl bg-white p-4 shadow-sm">
      <h2 className="text-xl font-bold">Start an audit</h2>
      <div>
        <label htmlFor={ids.warehouse} className="mb-1 block font-medium">
          Warehouse
        </label>
        <select
          id={ids.warehouse}
          value={warehouseId}
          onChange={(e) => setWarehouseId(e.target.value)}
          className={inputClass}
        >
          {warehouses.data?.map((w) => (
            <option key={w.id} value={w.id}>
              {w.name}
            </option>
          ))}
        </select>
      </div>
      <fieldset>
        <legend className="mb-1 font-medium">What to audit</legend>
        <div className="flex flex-wrap gap-2">
          {(Object.keys(scopeLabels) as AuditScopeKind[]).map((s) => (
            <label
              key={s}
              className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-3"
            >
              <input
                type="radio"
                name="scope"
                value={s}
                checked={scope === s}
                onChange={() => setScope(s)}
                className="h-5 w-5"
              />
              {scopeLabels[s]}
            </label>
          ))}
        </div>
      </fieldset>
      {scope !== 'warehouse' && (
        <div>
          <label htmlFor={ids.place} className="mb-1 block font-medium">
            {scope === 'field' ? 'Field (as on its label, e.g. A3)' : 'Column letters (e.g. B)'}
          </label>
          <input
            id={ids.place}
            value={place}
            onChange={(e) => setPlace(e.target.value)}
            autoComplete="off"
            className={inputClass}
          />
        </div>
      )}
      {start.isError && (
        <p role="alert" className="text-red-700">
          {errorMessage(start.error)}
        </p>
      )}
      <button
        type="submit"
        disabled={start.isPending || !warehouses.data?.length}
        className="min-h-11 w-full rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
      >
        Start audit
      </button>
    </form>
  );
}

export function AuditsPage() {
  const audits = useAudits();
  return (
    <div className="mx-auto max-w-6xl space-y-6 p-4 sm:p-6">
      <h1 className="text-2xl font-bold">Floor audits</h1>
      <div className="grid gap-6 lg:grid-cols-[24rem_1fr]">
        <StartAuditForm />
        <section aria-labelledby="audits-heading" className="space-y-3">
          <h2 id="audits-heading" className="text-xl font-bold">
            Saved audits
          </h2>
          {audits.isPending && <Spinner label="Loading audits" />}
          {audits.isError && (
            <p role="alert" className="text-red-700">
              {errorMessage(audits.error)}
            </p>
          )}
          {audits.data?.length === 0 && <p className="text-slate-600">No audits yet.</p>}
          <ul className="space-y-2">
            {audits.data?.map((a) => (
              <li key={a.id}>
                <Link
                  to={`/audits/${a.id}`}
                  className="block rounded-xl bg-white p-4 shadow-sm hover:bg-slate-50"
                >
                  <p className="font-semibold">
                    {a.warehouse_name}, {a.scope_label}
                  </p>
                  <p className="text-sm text-slate-600">
                    {new Date(a.started_at).toLocaleString()} · {a.started_by ?? 'unknown'} ·{' '}
                    {a.checked_count}/{a.field_count} fields checked · {a.open_count} to look at
                  </p>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
