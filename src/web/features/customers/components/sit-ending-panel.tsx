import { Link } from 'react-router';
import { listSitEnding } from '../../../../contracts/customers';
import { SIT_ENDING_WITHIN_DAYS } from '../../../../domain/sit-clock';
import { ErrorAlert } from '../../../components/error-alert';
import { useMayCall } from '../../auth/api/use-session';
import { useSitEnding } from '../api/use-customers';
import { conversionText, daysUsedText, SitStatusBadge } from './sit-clock-summary';

/** The dashboard's "SIT ending": shown to those who keep customers, and only when there is one. */
export function SitEndingPanel() {
  const mayRead = useMayCall(listSitEnding);
  const ending = useSitEnding(mayRead);
  if (!mayRead || (ending.data && ending.data.length === 0)) return null;
  return (
    <section
      aria-labelledby="sit-ending-heading"
      className="mb-6 rounded-2xl border border-amber-300 bg-amber-50 p-4"
    >
      <h2 id="sit-ending-heading" className="text-lg font-bold">
        SIT ending
      </h2>
      <p className="text-sm text-slate-700">
        Storage in transit whose authorised days end or that converts within{' '}
        {SIT_ENDING_WITHIN_DAYS} days, or is over its authorised days.
      </p>
      <ErrorAlert error={ending.error} className="mt-2" />
      <ul className="mt-3 divide-y divide-amber-200">
        {ending.data?.map((c) => (
          <li key={c.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
            <Link
              to={`/customers/${c.id}`}
              className="min-h-11 content-center font-semibold text-brand-900 underline"
            >
              {c.name}
            </Link>
            <SitStatusBadge clock={c.sitClock} />
            <span className="text-sm text-slate-700">
              {daysUsedText(c.sitClock)}, {conversionText(c.sitClock)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
