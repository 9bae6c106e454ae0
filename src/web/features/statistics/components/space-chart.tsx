import type { WarehouseStatistics } from '../../../../contracts/statistics';

const SEGMENTS = [
  { key: 'usedSpaces', label: 'Used', colour: '#1e3a8a' },
  { key: 'emptyVaults', label: 'Empty vaults', colour: '#f59e0b' },
  { key: 'freeSpaces', label: 'Free', colour: '#cbd5e1' },
] as const;

/** One stacked bar: used, empty-vault and free spaces, with a legend that carries the numbers. */
export function SpaceChart({ stats }: { stats: WarehouseStatistics }) {
  const total = SEGMENTS.reduce((sum, s) => sum + stats[s.key], 0);
  let x = 0;
  const summary = SEGMENTS.map((s) => `${s.label} ${stats[s.key]}`).join(', ');
  return (
    <figure className="mt-4">
      <svg
        viewBox="0 0 100 8"
        preserveAspectRatio="none"
        className="h-8 w-full rounded"
        role="img"
        aria-label={`Spaces in ${stats.warehouseName}: ${summary}`}
      >
        {total === 0 ? (
          <rect x="0" y="0" width="100" height="8" fill="#e2e8f0" />
        ) : (
          SEGMENTS.map((s) => {
            const width = (stats[s.key] / total) * 100;
            const rect = <rect key={s.key} x={x} y="0" width={width} height="8" fill={s.colour} />;
            x += width;
            return rect;
          })
        )}
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-4 text-sm text-slate-700">
        {SEGMENTS.map((s) => (
          <span key={s.key} className="flex items-center gap-1">
            <span
              aria-hidden="true"
              className="inline-block h-3 w-3 rounded-sm"
              style={{ background: s.colour }}
            />
            {s.label}: {stats[s.key]}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
