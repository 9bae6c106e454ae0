// Which vaults a customer's request takes (issue 32), and what stands in its way. The kinds,
// statuses and their moves are in storage-requests.ts; this file holds the rules that turn what
// was asked for into vaults.
import { parseTagRanges } from './inventory-tags';
import type { RequestKind, RequestStatus } from './storage-requests';

export interface RequestItem {
  lot: string;
  tag: number;
}

/** The most items one request may name: a partial delivery, not the whole inventory. */
export const MAX_REQUEST_ITEMS = 500;

/** A request still to be carried out; its vaults belong to it until it is done or cancelled. */
export function isOpenRequest(status: RequestStatus): boolean {
  return status === 'asked' || status === 'confirmed' || status === 'in_progress';
}

export type RequestItemsResult = { ok: true; items: RequestItem[] } | { ok: false; error: string };

/**
 * "LOT 4471, tags 37, 112" as the items it names, each once, in the order written; ranges
 * count every tag in them, so "tags 1-3" is three items.
 */
export function parseRequestItems(text: string): RequestItemsResult {
  const parsed = parseTagRanges(text);
  if (!parsed.ok) return parsed;
  const items: RequestItem[] = [];
  const seen = new Set<string>();
  for (const { lot, first, last } of parsed.ranges) {
    if (items.length + (last - first + 1) > MAX_REQUEST_ITEMS) {
      return {
        ok: false,
        error: `A request may name at most ${MAX_REQUEST_ITEMS} items; for more, release the vaults.`,
      };
    }
    for (let tag = first; tag <= last; tag += 1) {
      const key = `${lot}/${tag}`;
      if (seen.has(key)) continue;
      seen.add(key);
      items.push({ lot, tag });
    }
  }
  if (items.length === 0) {
    return { ok: false, error: 'Name the items by lot and tag, as in "LOT 4471, tags 37, 112".' };
  }
  return { ok: true, items };
}

/** An item as people say it: "LOT 4471, tag 37". */
export const describeItem = (item: RequestItem) => `LOT ${item.lot}, tag ${item.tag}`;

export interface HeldRange {
  vaultId: number;
  lot: string;
  first: number;
  last: number;
}

export type ItemVaultsResult = { ok: true; vaultIds: number[] } | { ok: false; error: string };

/**
 * The vaults that hold the items, each once, given the tag ranges of the owner's vaults in
 * storage. An item no vault holds is named, so the office can correct the list.
 */
export function vaultsHoldingItems(
  items: readonly RequestItem[],
  ranges: readonly HeldRange[],
  owner: string,
): ItemVaultsResult {
  const vaultIds: number[] = [];
  const missing: RequestItem[] = [];
  for (const item of items) {
    const holder = ranges.find(
      (r) => r.lot === item.lot && r.first <= item.tag && item.tag <= r.last,
    );
    if (!holder) missing.push(item);
    else if (!vaultIds.includes(holder.vaultId)) vaultIds.push(holder.vaultId);
  }
  if (missing.length > 0) {
    const named = missing.slice(0, 5).map(describeItem).join('; ');
    const more = missing.length > 5 ? ` and ${missing.length - 5} more` : '';
    return {
      ok: false,
      error: `No vault of ${owner} in storage holds ${named}${more}. Check the tag numbers on the inventory.`,
    };
  }
  return { ok: true, vaultIds };
}

/** What each kind asks for, as the screens and the customer's page name it. */
export const REQUEST_KIND_LABELS: Record<RequestKind, string> = {
  release_all: 'Release everything',
  release_vaults: 'Release some vaults',
  release_items: 'Release items by tag',
  access: 'Access to vaults',
};

export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  asked: 'Asked',
  confirmed: 'Confirmed',
  in_progress: 'In progress',
  done: 'Done',
  cancelled: 'Cancelled',
};

/**
 * What a kind needs besides the date: vaults named for a partial release or access, items for
 * a release by tag, nothing for a release of everything. A sentence when it is not given.
 */
export function checkRequestKind(
  kind: RequestKind,
  given: { vaultCount: number; hasItems: boolean },
): string | null {
  const needsVaults = kind === 'release_vaults' || kind === 'access';
  if (needsVaults && given.vaultCount === 0) {
    return kind === 'access'
      ? 'Choose the vaults to bring to the dock.'
      : 'Choose the vaults to release.';
  }
  if (!needsVaults && given.vaultCount > 0) {
    return kind === 'release_all'
      ? 'A release of everything takes every vault in storage; choose "Release some vaults" to name them.'
      : 'A release by tag finds the vaults from the items; leave the vaults out.';
  }
  if (kind === 'release_items' && !given.hasItems) {
    return 'Name the items by lot and tag, as in "LOT 4471, tags 37, 112".';
  }
  if (kind !== 'release_items' && given.hasItems) {
    return 'Items by tag go with a release by tag only.';
  }
  return null;
}
