import type { SitClockAnswer } from '../../../../contracts/customers';
import { SIT_STATUS_LABELS } from '../../../../domain/sit-clock';

const plural = (n: number, word: string) => `${n} ${word}${Math.abs(n) === 1 ? '' : 's'}`;

const TONE: Record<SitClockAnswer['status'], string> = {
  running: 'bg-emerald-50 text-emerald-900',
  ending: 'bg-amber-100 text-amber-900',
  'over-authorised': 'bg-red-100 text-red-900',
  converted: 'bg-slate-100 text-slate-800',
};

export function SitStatusBadge({ clock }: { clock: SitClockAnswer }) {
  return (
    <span className={`rounded px-2 py-0.5 text-sm font-semibold ${TONE[clock.status]}`}>
      {SIT_STATUS_LABELS[clock.status]}
    </span>
  );
}

/** "72 of 90 days used": the clock in one line. */
export function daysUsedText(clock: SitClockAnswer): string {
  return `${clock.daysUsed} of ${plural(clock.authorisedDays, 'authorised day')} used`;
}

export function conversionText(clock: SitClockAnswer): string {
  if (clock.daysToConversion > 0)
    return `converts in ${plural(clock.daysToConversion, 'day')} (${clock.conversionDate})`;
  if (clock.daysToConversion === 0) return `converts today (${clock.conversionDate})`;
  return `converted on ${clock.conversionDate}`;
}

/** The SIT clock as the customer screen shows it: days used of authorised, days to conversion. */
export function SitClockPanel({ clock }: { clock: SitClockAnswer }) {
  const usedShare = Math.min(1, clock.daysUsed / clock.authorisedDays);
  return (
    <section aria-label="SIT clock" className="rounded-2xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-bold">SIT clock</h2>
        <SitStatusBadge clock={clock} />
      </div>
      <div
        className="mt-3 h-3 w-full overflow-hidden rounded bg-slate-200"
        role="progressbar"
        aria-label="Authorised days used"
        aria-valuemin={0}
        aria-valuemax={clock.authorisedDays}
        aria-valuenow={Math.min(clock.daysUsed, clock.authorisedDays)}
      >
        <div
          className={clock.daysLeft < 0 ? 'h-full bg-red-600' : 'h-full bg-brand-700'}
          style={{ width: `${usedShare * 100}%` }}
        />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-600">Days used</dt>
          <dd className="font-semibold tabular-nums">
            {clock.daysUsed} of {clock.authorisedDays}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Authorised until</dt>
          <dd className="font-semibold">{clock.authorisedUntil}</dd>
        </div>
        <div>
          <dt className="text-slate-600">
            {clock.daysLeft < 0 ? 'Days over authorised' : 'Authorised days left'}
          </dt>
          <dd className="font-semibold tabular-nums">{Math.abs(clock.daysLeft)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Days to conversion</dt>
          <dd className="font-semibold tabular-nums">
            {Math.max(0, clock.daysToConversion)} ({clock.conversionDate})
          </dd>
        </div>
      </dl>
    </section>
  );
}
