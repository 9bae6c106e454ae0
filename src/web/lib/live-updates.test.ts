import { QueryClient } from '@tanstack/react-query';
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

describe('the presence sentence', () => {
  it('names up to two people and counts the rest', () => {
    expect(presenceSentence([])).toBeNull();
    expect(presenceSentence(['ana'])).toBe('ana is here');
    expect(presenceSentence(['ana', 'ben'])).toBe('ana and ben are here');
    expect(presenceSentence(['ana', 'ben', 'cy'])).toBe('ana, ben and 1 other are here');
    expect(presenceSentence(['ana', 'ben', 'cy', 'di'])).toBe('ana, ben and 2 others are here');
  });
});
