import { once, percentile, type Sample, type Target } from './support';

/** Issue 12's search row, for texts typed for the first time as for repeated ones. */
const TARGET: Target = { medianMs: 2, p95Ms: 5 };

/** A small deterministic generator, so every run asks the same texts in the same order. */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = items.slice();
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * Texts as staff type them, drawn from the bench company's own print list: the start of a
 * customer's name (2-4 letters, as typed, in any case), a vault number's first digits or
 * its last three. Each is asked once per run, in one scope, so no kept answer serves it.
 */
async function newTexts(baseUrl: string, cookie: string, count: number): Promise<string[]> {
  const res = await fetch(`${baseUrl}/api/vaults/all`, { headers: { cookie } });
  const vaults = (await res.json()) as { name: string | null; customer_name: string }[];
  const texts = new Set<string>();
  for (const v of vaults) {
    const customer = v.customer_name.trim();
    for (const n of [2, 3, 4]) if (customer.length >= n) texts.add(customer.slice(0, n));
    texts.add(customer.slice(0, 3).toLowerCase());
    if (v.name) {
      texts.add(v.name.slice(0, 3));
      texts.add(v.name.slice(-3));
    }
  }
  // The repeated rows' texts stay out: they are kept from the rows before.
  for (const asked of ['son', '10']) texts.delete(asked);
  const list = shuffled([...texts], 12);
  if (list.length < count) throw new Error(`Only ${list.length} distinct search texts.`);
  return list.slice(0, count);
}

/**
 * Search suggestions for texts not asked before in this run, one request at a time, company-
 * wide and within one warehouse: what staff wait for while typing. The repeated-text rows of
 * run.ts measure the kept answers; these measure the index behind them (decision 0096).
 * Sequential only: a throughput run would need as many new texts as it makes requests.
 */
export async function measureNewTextSearch(
  baseUrl: string,
  cookie: string,
  warehouseId: number,
  samples: number,
): Promise<Sample[]> {
  const texts = await newTexts(baseUrl, cookie, samples * 2);
  const scopes = [
    ['search suggestions (company), new texts', ''],
    ['search suggestions (warehouse), new texts', `&warehouseId=${warehouseId}`],
  ] as const;
  const out: Sample[] = [];
  for (const [s, [name, scope]] of scopes.entries()) {
    const times: number[] = [];
    let bytes = 0;
    for (const text of texts.slice(s * samples, (s + 1) * samples)) {
      const path = `/api/search/suggestions?q=${encodeURIComponent(text)}${scope}`;
      const answer = await once(baseUrl, { path, headers: { cookie } }, true);
      if (answer.status !== 200) throw new Error(`${name}: ${path} answered ${answer.status}`);
      times.push(answer.ms);
      bytes += answer.bytes;
    }
    times.sort((a, b) => a - b);
    out.push({
      name,
      medianMs: percentile(times, 50),
      p95Ms: percentile(times, 95),
      rps10: null,
      rps50: null,
      bytes: null,
      wireBytes: Math.round(bytes / samples),
      target: TARGET,
    });
  }
  return out;
}
