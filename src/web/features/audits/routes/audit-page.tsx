import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { AuditField } from '../../../../contracts/audits';
import { Spinner } from '../../../components/spinner';
import { buildPath, errorMessage } from '../../../lib/api';
import * as contract from '../../../../contracts/audits';
import { useAudit, useCheckField } from '../api/use-audits';
import { FieldFindings } from '../components/field-findings';
import { ScanBox } from '../components/scan-box';

function fieldState(f: AuditField): string {
  if (f.seen === null) return 'not checked';
  const open = f.findings.filter((x) => x.status !== 'in_place' && x.fixed === null).length;
  return open === 0 ? 'all in place' : `${open} to look at`;
}

function FieldPanel({
  auditId,
  field,
  onChecked,
}: {
  auditId: number;
  field: AuditField;
  onChecked: (fieldId: number) => void;
}) {
  const check = useCheckField(auditId);
  const [isScanning, setScanning] = useState(field.seen === null);
  return (
    <section aria-labelledby={`field-${field.field_id}`} className="space-y-3">
      <h2 id={`field-${field.field_id}`} className="text-xl font-bold">
        Field {field.field_name}
      </h2>
      {isScanning ? (
        <>
          <p className="text-slate-700">
            Scan or type the vault numbers you see in field {field.field_name}, bottom to top.
          </p>
          <ScanBox
            key={field.field_id}
            fieldName={field.field_name}
            initial={field.seen ?? []}
            isBusy={check.isPending}
            onCompare={(seen) =>
              check.mutate(
                { fieldId: field.field_id, seen },
                {
                  onSuccess: () => {
                    setScanning(false);
                    onChecked(field.field_id);
                  },
                },
              )
            }
          />
          {check.isError && (
            <p role="alert" className="text-red-700">
              {errorMessage(check.error)}
            </p>
          )}
        </>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            Checked by {field.checked_by ?? 'unknown'}. Seen bottom to top:{' '}
            {field.seen?.join(', ') || 'nothing'}.
          </p>
          <FieldFindings auditId={auditId} field={field} />
          <button
            type="button"
            onClick={() => setScanning(true)}
            className="min-h-11 rounded-lg border border-slate-300 px-4 font-semibold"
          >
            Scan field {field.field_name} again
          </button>
        </>
      )}
    </section>
  );
}

export function AuditPage() {
  const id = Number(useParams().auditId);
  const audit = useAudit(id);
  const [chosenId, setChosenId] = useState<number | null>(null);

  if (audit.isPending) return <Spinner label="Loading audit" />;
  if (audit.isError) {
    return (
      <p role="alert" className="p-6 text-red-700">
        {errorMessage(audit.error)}
      </p>
    );
  }
  const a = audit.data;
  const chosen =
    a.fields.find((f) => f.field_id === chosenId) ??
    a.fields.find((f) => f.seen === null) ??
    a.fields[0];
  return (
    <div className="mx-auto max-w-6xl space-y-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <Link to="/audits" className="text-brand-700 underline">
            All audits
          </Link>
          <h1 className="text-2xl font-bold">
            Audit of {a.scope_label}, {a.warehouse_name}
          </h1>
          <p className="text-slate-600">
            Started {new Date(a.started_at).toLocaleString()} by {a.started_by ?? 'unknown'} ·{' '}
            {a.checked_count} of {a.field_count} fields checked · {a.open_count} to look at
          </p>
        </div>
        <div className="flex gap-2">
          <a
            href={buildPath(contract.exportAuditCsv.path, { id: a.id })}
            className="flex min-h-11 items-center rounded-lg border border-slate-300 px-4 font-semibold"
            download
          >
            CSV
          </a>
          <a
            href={buildPath(contract.exportAuditPdf.path, { id: a.id })}
            className="flex min-h-11 items-center rounded-lg border border-slate-300 px-4 font-semibold"
            download
          >
            PDF
          </a>
        </div>
      </div>
      <div className="grid gap-4 md:grid-cols-[16rem_1fr]">
        <nav aria-label="Fields of this audit">
          <ul className="flex gap-2 overflow-x-auto md:flex-col md:overflow-visible">
            {a.fields.map((f) => (
              <li key={f.field_id} className="shrink-0">
                <button
                  type="button"
                  aria-current={f.field_id === chosen?.field_id ? 'true' : undefined}
                  onClick={() => setChosenId(f.field_id)}
                  className={`min-h-11 w-full rounded-lg border px-3 py-2 text-left ${
                    f.field_id === chosen?.field_id
                      ? 'border-brand-700 bg-brand-50'
                      : 'border-slate-200 bg-white'
                  }`}
                >
                  <span className="font-semibold">{f.field_name}</span>{' '}
                  <span className="text-sm text-slate-600">{fieldState(f)}</span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
        {chosen && (
          <FieldPanel key={chosen.field_id} auditId={a.id} field={chosen} onChecked={setChosenId} />
        )}
      </div>
    </div>
  );
}
