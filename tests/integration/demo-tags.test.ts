import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { SearchSuggestions } from '../../src/contracts/search';
import { queryRows } from '../../src/server/db/client';
import { DEMO_EMAIL, DEMO_PASSWORD, loadDemo } from '../../src/server/demo/demo';
import { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

interface TagRange {
  name: string;
  customerId: number;
  lot: string;
  firstTag: number;
  lastTag: number;
  seal: string;
}

/** A fixed sequence in [0, 1), so a failure names the same tags on the next run. */
function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

it('the demo gives customers lots of contiguous tags and seals, and search finds 20 random tags', async () => {
  expect(await loadDemo(app.deps.db, app.deps.storage)).toMatchObject({ created: true });
  // The vaults a search can show: placed or released (decision 0492); staged ones are in no
  // warehouse, as for their numbers.
  const ranges = await queryRows<TagRange>(
    app.deps.db,
    sql`SELECT v.name, v.customer_id AS "customerId", t.lot, t.first_tag AS "firstTag",
               t.last_tag AS "lastTag", v.seal
        FROM vault_tags t JOIN vaults v ON v.id = t.vault_id
        WHERE v.field_id IS NOT NULL OR v.released_on IS NOT NULL
        ORDER BY t.lot, t.first_tag`,
  );
  expect(ranges.length).toBeGreaterThan(100);
  // One lot per customer, each vault sealed, ranges of a lot running on without gaps.
  const customerOfLot = new Map<string, Set<number>>();
  for (const r of ranges) {
    customerOfLot.set(r.lot, (customerOfLot.get(r.lot) ?? new Set()).add(r.customerId));
    expect(r.seal).toMatch(/^\d{7}$/);
  }
  for (const customers of customerOfLot.values()) expect(customers.size).toBe(1);
  const [gaps] = await queryRows<{ n: number }>(
    app.deps.db,
    sql`SELECT count(*)::int AS n FROM (
          SELECT first_tag, lag(last_tag) OVER (PARTITION BY lot ORDER BY first_tag) AS before
          FROM vault_tags) r
        WHERE r.first_tag <> coalesce(r.before, 0) + 1`,
  );
  expect(gaps?.n).toBe(0);

  const demo = new HttpClient(app.baseUrl);
  expect(
    (await demo.post('/api/auth/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD })).status,
  ).toBe(200);
  const rnd = seeded(31);
  for (let i = 0; i < 20; i++) {
    const range = ranges[Math.floor(rnd() * ranges.length)];
    if (!range) throw new Error('no range drawn');
    const tag = range.firstTag + Math.floor(rnd() * (range.lastTag - range.firstTag + 1));
    const res = await demo.get(`/api/search/suggestions?q=${range.lot}-${tag}`);
    expect(res.status).toBe(200);
    expect((res.body as SearchSuggestions).vaults[0], `${range.lot}-${tag}`).toBe(range.name);
  }
});
