import { useEffect, useState } from 'react';
import { useQuery, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import * as contract from '../../contracts/live';
import type { LiveEvent } from '../../contracts/live';
import { buildPath, callApi } from './api';

/*
 * Live updates (decision 0030): one EventSource per signed-in tab. Each change event names
 * its company, warehouse, entity and id; this module refetches the TanStack Query entries
 * that show that entity and nothing else, so screens update in place. Query keys are
 * matched by their shared prefixes (`['warehouses', 'slug', slug]`, `['vaults', ...]` ...),
 * so the features need not import anything from here.
 */

type Listener = (event: LiveEvent) => void;
const listeners = new Set<Listener>();
/** Hears every change event this tab receives (dialogs watch their target this way). */
function onLiveEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const hasId = (data: unknown, id: number): boolean =>
  typeof data === 'object' && data !== null && (data as { id?: unknown }).id === id;

const startsWith =
  (...prefix: string[]) =>
  (query: Query): boolean =>
    prefix.every((part, i) => query.queryKey[i] === part);

/**
 * Vaults this tab is deleting: their own entries are left alone when the delete's event comes
 * back (the screen showing them is leaving, and asking again would only meet a 404).
 */
const deletingVaults = new Set<number>();

export function forgetVaultOnDelete(vaultId: number): void {
  deletingVaults.add(vaultId);
}

/** Which cached entries an event concerns; each is refetched if shown, marked stale if not. */
function liveEventTargets(event: LiveEvent): ((query: Query) => boolean)[] {
  switch (event.entity) {
    case 'presence':
      return [(q) => startsWith('live', 'presence')(q) && q.queryKey[2] === event.warehouse];
    case 'checklist':
      return [startsWith('checklists')];
    default: {
      const warehouse = event.warehouse;
      const targets: ((query: Query) => boolean)[] = [
        // The one warehouse shown in full (grid colours, counts, the open field panel).
        (q) =>
          startsWith('warehouses', 'slug')(q) &&
          (warehouse === null || hasId(q.state.data, warehouse)),
        // The dashboard's cards.
        startsWith('warehouses', 'summaries'),
        startsWith('statistics'),
        startsWith('print'),
        startsWith('search'),
      ];
      if (event.entity === 'warehouse') targets.push(startsWith('warehouses'));
      if (event.entity === 'vault') {
        const id = event.id;
        // The pull list marks pulls, and the stage groups its vaults by them.
        targets.push(startsWith('stage'), startsWith('pull-lists'));
        if (id === null || !deletingVaults.has(id)) {
          targets.push(
            (q) =>
              startsWith('vaults')(q) &&
              (id === null || hasId(q.state.data, id) || q.queryKey[2] === id),
          );
        }
      }
      return targets;
    }
  }
}

/**
 * The query roots (`warehouses`, `stage`, ...) that this tab's pending writes ask again for
 * when they settle, as each write's `meta.refetchedOnSettle` lists them.
 */
function refetchedOnSettle(queryClient: QueryClient): Set<unknown> {
  const roots = new Set<unknown>();
  for (const write of queryClient.getMutationCache().findAll({ status: 'pending' })) {
    const listed = write.meta?.refetchedOnSettle;
    if (Array.isArray(listed)) for (const root of listed) roots.add(root);
  }
  return roots;
}

/**
 * Marks the entries an event concerns stale and asks again for those shown, except the ones a
 * pending write of this tab will ask for when it settles: that refetch starts after the event
 * came, so it shows the event's change too. A write's own event comes back before its answer,
 * so without this the writer's phone would fetch its warehouse twice for each write.
 */
export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): void {
  const later = refetchedOnSettle(queryClient);
  const isLater = (query: Query) => later.has(query.queryKey[0]);
  for (const predicate of liveEventTargets(event)) {
    void queryClient.invalidateQueries({ predicate: (q) => predicate(q) && !isLater(q) });
    if (later.size > 0) {
      void queryClient.invalidateQueries({
        predicate: (q) => predicate(q) && isLater(q),
        refetchType: 'none',
      });
    }
  }
}

const RECONNECT_MS = 2_000;

/**
 * Opens the company's event stream for as long as the signed-in frame is shown. The browser
 * reconnects a dropped stream by itself, sending Last-Event-ID; when the server refused
 * outright (a stopping instance answers 503) the stream is reopened here with the last id
 * in the query string.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let source: EventSource | null = null;
    let lastId = '';
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;

    const open = () => {
      const url = lastId
        ? `/api/live/events?lastEventId=${encodeURIComponent(lastId)}`
        : '/api/live/events';
      const current = new EventSource(url);
      source = current;
      current.addEventListener('change', (message) => {
        lastId = message.lastEventId || lastId;
        const parsed = contract.liveEventSchema.safeParse(JSON.parse(message.data as string));
        if (!parsed.success) return;
        applyLiveEvent(queryClient, parsed.data);
        for (const listener of listeners) listener(parsed.data);
      });
      // Events were missed and are gone: everything shown may be old.
      current.addEventListener('reset', () => void queryClient.invalidateQueries());
      current.addEventListener('error', () => {
        if (current.readyState !== EventSource.CLOSED || stopped) return;
        timer = setTimeout(open, RECONNECT_MS);
      });
    };
    open();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      source?.close();
    };
  }, [queryClient]);
}

/**
 * True once someone else's change to this entity arrived while the caller was shown: a
 * dialog uses it to say its target changed before the user confirms.
 */
export function useChangedUnder(entity: LiveEvent['entity'], id: number | null): boolean {
  // Remembers which id changed, so a caller that switches target starts unchanged.
  const [changedId, setChangedId] = useState<number | null>(null);
  useEffect(() => {
    if (id === null) return;
    return onLiveEvent((event) => {
      if (event.entity === entity && (event.id === id || event.id === null)) setChangedId(id);
    });
  }, [entity, id]);
  return id !== null && changedId === id;
}

/**
 * True once `value` (a field's vaults, say, from a query kept fresh by live events) differs
 * from what it was when the caller was first shown.
 */
export function useChangedSinceOpen(value: unknown): boolean {
  const [first] = useState(() => JSON.stringify(value));
  return JSON.stringify(value) !== first;
}

const PRESENCE_RENEW_MS = 20_000;
const presenceKey = (warehouseId: number) => ['live', 'presence', warehouseId] as const;

// Not crypto.randomUUID: browsers offer it only in secure contexts, and staff open the app
// over plain http on the LAN, where it is missing and the grid screen would fail.
function newTabId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Says this tab has the warehouse open (renewed every 20 s, withdrawn on leaving) and
 * returns who else has it open, kept fresh by presence events.
 */
export function usePresence(warehouseId: number | undefined) {
  const queryClient = useQueryClient();
  const [tab] = useState(newTabId);
  useEffect(() => {
    if (warehouseId === undefined) return;
    const announce = (here: boolean) =>
      callApi(contract.announcePresence, {
        params: { warehouseId },
        body: { tab, here },
      }).then(
        (presence) => queryClient.setQueryData(presenceKey(warehouseId), presence),
        () => undefined,
      );
    void announce(true);
    const timer = setInterval(() => void announce(true), PRESENCE_RENEW_MS);
    // A page being unloaded drops its ordinary requests; a beacon is sent all the same.
    const leaveOnUnload = () =>
      navigator.sendBeacon(
        buildPath(contract.announcePresence.path, { warehouseId }),
        new Blob([JSON.stringify({ tab, here: false })], {
          type: 'application/json',
        }),
      );
    window.addEventListener('pagehide', leaveOnUnload);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pagehide', leaveOnUnload);
      void announce(false);
    };
  }, [warehouseId, queryClient, tab]);
  return useQuery({
    queryKey: presenceKey(warehouseId ?? 0),
    queryFn: () => callApi(contract.getPresence, { params: { warehouseId: warehouseId ?? 0 } }),
    enabled: warehouseId !== undefined,
  });
}

/** "Ana is here", "Ana and Ben are here", "Ana, Ben and 2 others are here"; null when alone. */
export function presenceSentence(names: string[]): string | null {
  if (names.length === 0) return null;
  if (names.length === 1) return `${names[0]} is here`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are here`;
  const rest = names.length - 2;
  return `${names[0]}, ${names[1]} and ${rest} ${rest === 1 ? 'other' : 'others'} are here`;
}

/** What a fill page's stream follows: its printed link's token, or the id its name call gave. */
export type ChecklistStream = { token: string } | { id: number };

function checklistStreamPath(stream: ChecklistStream): string {
  return 'token' in stream
    ? `/api/live/checklists/t/${encodeURIComponent(stream.token)}/events`
    : // Under /api/checklists: the fill grant cookie of the name page goes only there.
      `/api/checklists/${stream.id}/events`;
}

/**
 * A fill page has no session: it hears its own checklist's changes on a stream of its own
 * (the token authorises a printed link's, the fill grant cookie a name page's) and refetches
 * the checklist shown under `queryKey`, so office edits and other fillers' answers show.
 */
export function useLiveChecklistFill(
  stream: ChecklistStream | null,
  queryKey: readonly unknown[],
): void {
  const queryClient = useQueryClient();
  const path = stream ? checklistStreamPath(stream) : null;
  // Compared by value: a caller builds its key anew on every render.
  const keyText = JSON.stringify(queryKey);
  useEffect(() => {
    if (!path) return;
    const shown = JSON.parse(keyText) as unknown[];
    const source = new EventSource(path);
    source.addEventListener('change', () => {
      void queryClient.invalidateQueries({ queryKey: shown });
    });
    return () => source.close();
  }, [path, keyText, queryClient]);
}
