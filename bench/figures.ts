import { median } from './support';

export type Engine = 'PGlite' | 'PostgreSQL';

/** One budget's measurements on one engine; `target` null where the figure has no budget. */
export interface Figure {
  name: string;
  engine: Engine;
  target: number | null;
  unit: string;
  samples: number[];
  /** The budget asks for less than the target, not at most. */
  isStrict?: boolean;
}

export const figure = (
  name: string,
  engine: Engine,
  target: number | null,
  samples: number[],
  unit = 'ms',
  isStrict = false,
): Figure => ({ name, engine, target, unit, samples, isStrict });

const shown = (n: number) => (n >= 100 || Number.isInteger(n) ? n.toFixed(0) : n.toFixed(1));

/** Each budget once, with its target and, per engine, its median, its runs and pass or FAIL. */
export function printFigures(title: string, figures: readonly Figure[]): void {
  const engines = [...new Set(figures.map((f) => f.engine))];
  const names = [...new Set(figures.map((f) => f.name))];
  const header = ['budget', 'target', ...engines.flatMap((e) => [`${e} median`, 'runs', ''])];
  const rows = names.map((name) => {
    const mine = figures.filter((f) => f.name === name);
    const first = mine[0];
    const target = first?.target ?? null;
    const cells = engines.flatMap((engine) => {
      const f = mine.find((m) => m.engine === engine);
      if (!f) return ['-', '', ''];
      const m = median(f.samples);
      const isMet = f.isStrict ? m < (f.target ?? 0) : m <= (f.target ?? 0);
      const verdict = f.target === null ? '' : isMet ? 'pass' : 'FAIL';
      return [`${shown(m)} ${f.unit}`, String(f.samples.length), verdict];
    });
    const limit =
      target === null ? '-' : `${first?.isStrict ? '<' : '<='} ${target} ${first?.unit}`;
    return [name, limit, ...cells];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  console.log(
    `\n${title}\n${line(header)}\n${widths
      .map((w) => '-'.repeat(w))
      .join('  ')
      .trimEnd()}`,
  );
  for (const row of rows) console.log(line(row));
}
