import type { StorageReport } from '../../../../contracts/customers';
import { monthsFrom } from '../../../../domain/calendar-days';

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Vault-months and pallet spot-months per month of the range, as bars side by side. */
export function ReportChart({ report }: { report: StorageReport }) {
  const months = monthsFrom(report.from, report.to);
  const totals = months.map((month) => {
    const rows = report.rows.filter((r) => r.month === month);
    return {
      month,
      vaultMonths: round2(rows.reduce((s, r) => s + r.vaultMonths, 0)),
      palletSpotMonths: round2(rows.reduce((s, r) => s + r.palletSpotMonths, 0)),
    };
  });
  // The tallest bar fills the chart; a range with nothing stored draws no bars.
  const max = Math.max(0.01, ...totals.flatMap((t) => [t.vaultMonths, t.palletSpotMonths]));
  const summary = totals
    .map(
      (t) => `${t.month}: ${t.vaultMonths} vault-months, ${t.palletSpotMonths} pallet spot-months`,
    )
    .join('; ');
  const slot = 100 / Math.max(1, totals.length);
  return (
    <figure className="rounded-2xl border border-slate-200 bg-white p-4">
      <svg
        viewBox="0 0 100 50"
        preserveAspectRatio="none"
        className="h-48 w-full"
        role="img"
        aria-label={`Storage per month: ${summary || 'nothing stored'}`}
      >
        {totals.map((t, i) => {
          const x = i * slot + slot * 0.15;
          const width = slot * 0.35;
          const vaultHeight = (t.vaultMonths / max) * 48;
          const palletHeight = (t.palletSpotMonths / max) * 48;
          return (
            <g key={t.month}>
              <rect x={x} y={50 - vaultHeight} width={width} height={vaultHeight} fill="#1e3a8a" />
              <rect
                x={x + width}
                y={50 - palletHeight}
                width={width}
                height={palletHeight}
                fill="#f59e0b"
              />
            </g>
          );
        })}
      </svg>
      <div className="flex" aria-hidden="true">
        {totals.map((t) => (
          <span key={t.month} className="flex-1 text-center text-xs text-slate-700">
            {t.month}
            <br />
            {t.vaultMonths} · {t.palletSpotMonths}
          </span>
        ))}
      </div>
      <figcaption className="mt-2 flex flex-wrap gap-4 text-sm text-slate-700">
        <span className="flex items-center gap-1">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm bg-[#1e3a8a]" />
          Vault-months
        </span>
        <span className="flex items-center gap-1">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm bg-[#f59e0b]" />
          Pallet spot-months
        </span>
      </figcaption>
    </figure>
  );
}
