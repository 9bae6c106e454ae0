import type { PullListRequest } from '../../../../contracts/pull-lists';
import type { Vault } from '../../../../contracts/vaults';

export interface PulledGroup {
  requestId: number;
  /** "Request 12 - SMITH, release", as the crew call out a load. */
  title: string;
  vaults: Vault[];
}

const kindWord = (kind: PullListRequest['kind']) => (kind === 'access' ? 'access' : 'release');

/**
 * The staged vaults under the request of the day's list that pulled them, in the list's order,
 * and the rest as they came. A vault counts as pulled for a request while the request has it
 * pulled and it is still on the stage; a request with none of them there has no group.
 */
export function groupStagedByRequest(
  staged: readonly Vault[],
  requests: readonly PullListRequest[],
): { groups: PulledGroup[]; rest: Vault[] } {
  const byId = new Map(staged.map((v) => [v.id, v]));
  const placed = new Set<number>();
  const groups: PulledGroup[] = [];
  for (const request of requests) {
    const vaults = request.vaults.flatMap((v) => {
      const here = byId.get(v.id);
      if (!here || v.pulled_at === null || placed.has(v.id)) return [];
      placed.add(v.id);
      return [here];
    });
    if (vaults.length === 0) continue;
    groups.push({
      requestId: request.id,
      title: `Request ${request.id} - ${request.customer_name}, ${kindWord(request.kind)}`,
      vaults,
    });
  }
  return { groups, rest: staged.filter((v) => !placed.has(v.id)) };
}
