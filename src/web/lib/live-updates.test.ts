import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../contracts/live';
import { applyLiveEvent, presenceSentence } from './live-updates';

function cacheWithScreens(): QueryClient {
  const client = new QueryClient();
  client.setQueryData(['warehouses', 'slug', 'north'], { id: 1, name: 'North' });
  client.setQueryData(['warehouses', 'slug', 'south'], { id: 2, name: 'South' });
  client.setQueryData(['warehouses', 'summaries'], []);
  client.setQueryData(['vaults', 'key', 'V-5'], { id: 5 });
  client.setQueryData(['vaults', 'key', 'V-6'], { id: 6 });
  client.setQueryData(['vaults', 'history', 5], []);
  client.setQueryData(['stage', 'vaults'], {});
  client.setQueryData(['pull-lists', '2030-06-12'], {});
  client.setQueryData(['checklists', 'list'], []);
  client.setQueryData(['live', 'presence', 1], { warehouseId: 1, people: [] });
  client.setQueryData(['team'], []);
  return client;
}

function stale(client: QueryClient): string[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => q.queryKey.join('/'))
    .sort();
}

const event = (e: Partial<LiveEvent>): LiveEvent => ({
  version: 1,
  company: 1,
  warehouse: 1,
  entity: 'vault',
  id: 5,
  ...e,
});

describe('live events in the query cache', () => {
  it('refetch the one warehouse, the vault and the lists a vault change shows in', () => {
    const client = cacheWithScreens();
    applyLiveEvent(client, event({}));
    expect(stale(client)).toEqual([
      'pull-lists/2030-06-12',
      'stage/vaults',
      'vaults/history/5',
      'vaults/key/V-5',
      'warehouses/slug/north',
      'warehouses/summaries',
    ]);
  });

  it('refetch every warehouse when the warehouse is unknown', () => {
    const client = cacheWithScreens();
    applyLiveEvent(client, event({ entity: 'field', warehouse: null, id: null }));
    expect(stale(client)).toEqual([
      'warehouses/slug/north',
      'warehouses/slug/south',
      'warehouses/summaries',
    ]);
  });

  it('refetch checklists for a checklist, and presence for one warehouse', () => {
    const client = cacheWithScreens();
    applyLiveEvent(client, event({ entity: 'checklist', id: 3 }));
    applyLiveEvent(client, event({ entity: 'presence', id: 1 }));
    expect(stale(client)).toEqual(['checklists/list', 'live/presence/1']);
  });
});

describe('live events while a write of this tab is pending', () => {
  /** Two shown queries, a warehouse and the statistics, counting how often each is fetched. */
  function shownQueries(client: QueryClient) {
    const fetches = { warehouse: 0, statistics: 0 };
    const show = (queryKey: string[], name: keyof typeof fetches) =>
      new QueryObserver(client, {
        queryKey,
        queryFn: () => ++fetches[name],
        staleTime: Infinity,
      }).subscribe(() => undefined);
    show(['warehouses', 'slug', 'north'], 'warehouse');
    show(['statistics'], 'statistics');
    return fetches;
  }

  it('leave to the write what it asks again for when it settles, and fetch the rest', async () => {
    const client = new QueryClient();
    const fetches = shownQueries(client);
    await new Promise((resolve) => setTimeout(resolve, 0));
    let answer: (value: unknown) => void = () => undefined;
    const write = client.getMutationCache().build(client, {
      meta: { refetchedOnSettle: ['warehouses', 'stage', 'vaults'] },
      mutationFn: () => new Promise((resolve) => (answer = resolve)),
      onSettled: () => void client.invalidateQueries({ queryKey: ['warehouses'] }),
    });
    const settled = write.execute(undefined);
    await new Promise((resolve) => setTimeout(resolve, 0));
    applyLiveEvent(client, event({ warehouse: null }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetches).toEqual({ warehouse: 1, statistics: 2 });
    expect(client.getQueryState(['warehouses', 'slug', 'north'])?.isInvalidated).toBe(true);

    answer(undefined);
    await settled;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetches).toEqual({ warehouse: 2, statistics: 2 });

    applyLiveEvent(client, event({ warehouse: null }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetches).toEqual({ warehouse: 3, statistics: 3 });
  });
});

describe('the presence sentence', () => {
  it('names up to two people and counts the rest', () => {
    expect(presenceSentence([])).toBeNull();
    expect(presenceSentence(['ana'])).toBe('ana is here');
    expect(presenceSentence(['ana', 'ben'])).toBe('ana and ben are here');
    expect(presenceSentence(['ana', 'ben', 'cy'])).toBe('ana, ben and 1 other are here');
    expect(presenceSentence(['ana', 'ben', 'cy', 'di'])).toBe('ana, ben and 2 others are here');
  });
});
