import { useState } from 'react';
import {
  findingStatusLabels,
  type AuditField,
  type AuditFinding,
} from '../../../../contracts/audits';
import { errorMessage } from '../../../lib/api';
import { useFixFinding } from '../api/use-audits';

const tone: Record<AuditFinding['status'], string> = {
  in_place: 'border-green-600 bg-green-50',
  order_differs: 'border-amber-500 bg-amber-50',
  elsewhere: 'border-red-600 bg-red-50',
  missing: 'border-red-600 bg-red-50',
  unknown: 'border-slate-400 bg-slate-50',
  unnumbered: 'border-slate-400 bg-slate-50',
};

const buttonClass =
  'min-h-11 rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-900 disabled:opacity-60';

function describe(f: AuditFinding): string {
  const parts: string[] = [];
  if (f.seen_position !== null) parts.push(`seen at position ${f.seen_position}`);
  if (f.recorded_position !== null) parts.push(`recorded at position ${f.recorded_position}`);
  if (f.recorded_place) parts.push(`recorded in ${f.recorded_place}`);
  return parts.join(', ');
}

/** The findings of one checked field, each discrepancy with its one-tap fix. */
export function FieldFindings({ auditId, field }: { auditId: number; field: AuditField }) {
  const fix = useFixFinding(auditId);
  const [result, setResult] = useState<{ vaultId: number; text: string; isError: boolean } | null>(
    null,
  );
  const run = (vaultId: number, toStage = false) =>
    fix.mutate(
      { fieldId: field.field_id, vaultId, toStage },
      {
        onSuccess: (r) => setResult({ vaultId, text: r.message, isError: false }),
        onError: (e) => setResult({ vaultId, text: errorMessage(e), isError: true }),
      },
    );
  const orderOpen = field.findings.find((f) => f.status === 'order_differs' && f.fixed === null);

  return (
    <div className="space-y-2">
      <p role="status" aria-live="polite" className="text-base">
        {result && !result.isError ? result.text : ''}
      </p>
      {orderOpen?.vault_id && (
        <button
          type="button"
          disabled={fix.isPending}
          onClick={() => run(orderOpen.vault_id ?? 0)}
          className={buttonClass}
        >
          Fix the order of field {field.field_name} in the records
        </button>
      )}
      <ul aria-label={`Findings in field ${field.field_name}`} className="space-y-2">
        {field.findings.map((f) => {
          const name = f.vault_name ?? '(no number)';
          const failed = result?.isError && result.vaultId === f.vault_id ? result.text : null;
          return (
            <li
              key={`${f.vault_id ?? name}-${f.status}`}
              aria-label={`Vault ${name}: ${findingStatusLabels[f.status]}`}
              className={`rounded-lg border-l-4 p-3 ${tone[f.status]}`}
            >
              <p className="font-semibold">
                #{name} · {findingStatusLabels[f.status]}
              </p>
              <p className="text-sm text-slate-700">{describe(f)}</p>
              {f.fixed && (
                <p className="text-sm text-green-800">
                  Fixed: {f.fixed.action} (by {f.fixed.by ?? 'unknown'})
                </p>
              )}
              {failed && (
                <p role="alert" className="mt-2 rounded bg-white p-2 text-sm text-red-700">
                  {failed}
                </p>
              )}
              {!f.fixed && f.vault_id !== null && f.status === 'elsewhere' && (
                <div className="mt-2 flex flex-wrap gap-2">
                  <button
                    type="button"
                    disabled={fix.isPending}
                    onClick={() => run(f.vault_id ?? 0)}
                    className={buttonClass}
                  >
                    Move record of {name} here
                  </button>
                  {failed && (
                    <button
                      type="button"
                      disabled={fix.isPending}
                      onClick={() => run(f.vault_id ?? 0, true)}
                      className="min-h-11 rounded-lg border border-brand-700 px-4 font-semibold text-brand-700"
                    >
                      Put record of {name} on the stage
                    </button>
                  )}
                </div>
              )}
              {!f.fixed && f.vault_id !== null && f.status === 'missing' && (
                <button
                  type="button"
                  disabled={fix.isPending}
                  onClick={() => run(f.vault_id ?? 0)}
                  className={`${buttonClass} mt-2`}
                >
                  Move record of {name} to the stage
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
