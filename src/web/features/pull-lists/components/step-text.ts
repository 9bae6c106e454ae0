import type { PullListRequest, PullListStep } from '../../../../contracts/pull-lists';
import type { RequestKind } from '../../../../domain/storage-requests';

type Place = NonNullable<PullListStep['to']>;

const placeText = (place: Place | null) =>
  place ? `field ${place.field_name}, position ${place.position}` : 'the stage';

/** One step of the day's list as the crew reads it. */
export function stepText(step: PullListStep): string {
  const vault = step.vault_name ? `vault ${step.vault_name}` : 'the unit';
  if (step.kind === 'pull') {
    // A done pull is read from its request's record, which keeps when, not where from.
    if (step.done) return `Pull ${vault} to the stage`;
    return step.from
      ? `Pull ${vault} from ${placeText(step.from)} to the stage`
      : `Pull ${vault}: it is on the stage already`;
  }
  return `Move ${vault} aside from ${placeText(step.from)} to ${placeText(step.to)}`;
}

const kindWords: Record<RequestKind, string> = {
  release_all: 'Release all',
  release_vaults: 'Release vaults',
  release_items: 'Release items',
  access: 'Access',
};

export function requestTitle(r: Pick<PullListRequest, 'id' | 'kind' | 'customer_name'>): string {
  return `${kindWords[r.kind]} for ${r.customer_name} (request ${r.id})`;
}

/** The browser's calendar day, as the list's dates are written. */
export function localDay(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
