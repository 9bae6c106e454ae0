import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PUBLIC_CALLS_PER_MINUTE } from '../../src/server/features/checklists/checklists.routes';
import { HttpClient } from '../support/http-client';
import { serveTestApp, startTestApp, type TestApp } from '../support/test-app';

// Two servers over one database: two instances behind a balancer.
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  first = await startTestApp(inject('postgresUrl'));
  second = await serveTestApp(first.database, first.filesDir, async () => undefined, {}, first);
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

describe('rate limits across instances', () => {
  it('count the public checklist calls of one address on every instance together', async () => {
    const viaFirst = new HttpClient(first.baseUrl);
    const viaSecond = new HttpClient(second.baseUrl);
    const statuses: number[] = [];
    for (let i = 0; i < PUBLIC_CALLS_PER_MINUTE; i += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, PUBLIC_CALLS_PER_MINUTE - i) }, (_, j) =>
          ((i + j) % 2 === 0 ? viaFirst : viaSecond).get('/api/checklists/warehouse/nowhere'),
        ),
      );
      statuses.push(...batch.map((r) => r.status));
    }
    expect(statuses.every((s) => s === 404)).toBe(true);
    // Each instance saw only half the budget; together they spent all of it.
    expect((await viaFirst.get('/api/checklists/warehouse/nowhere')).status).toBe(429);
    expect((await viaSecond.get('/api/checklists/warehouse/nowhere')).status).toBe(429);
  });
});
