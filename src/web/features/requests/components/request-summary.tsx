import type { RequestAnswer } from '../../../../contracts/requests';
import { describeItem } from '../../../../domain/request-vaults';

/** What a request names, in one line: its vaults, its items, or everything. */
export function requestSubject(
  request: Pick<RequestAnswer, 'kind' | 'items' | 'vaults' | 'asked_vaults'>,
) {
  if (request.kind === 'release_all') {
    return request.vaults.length > 0
      ? `Every vault in storage (${request.vaults.length})`
      : 'Every vault in storage';
  }
  if (request.kind === 'release_items') {
    const items = request.items.map(describeItem).join('; ');
    return request.vaults.length > 0
      ? `${items} (in ${request.vaults.map((v) => v.name ?? `#${v.id}`).join(', ')})`
      : items;
  }
  const vaults = request.vaults.length > 0 ? request.vaults : request.asked_vaults;
  return `Vaults ${vaults.map((v) => v.name ?? `#${v.id}`).join(', ')}`;
}
