import type {
  VaultEvent,
  VaultEventKind,
  VaultEventReason,
  VaultPlace,
} from '../../../../contracts/vault-events';
import { useVaultHistory } from '../api/use-vault';

function placeText(place: VaultPlace | null): string {
  return place ? `${place.warehouse} ${place.field}/${place.position}` : 'stage';
}

function reasonText(reason: VaultEventReason | undefined): string {
  if (!reason) return '';
  if (reason.kind === 'audit') return ` (fixed by audit ${reason.id})`;
  return reason.kind === 'request'
    ? ` (pull list, request ${reason.id})`
    : ` (dig-out ${reason.id})`;
}

type EventOf<K extends VaultEventKind> = Extract<VaultEvent, { kind: K }>;

/**
 * One sentence per kind, read from that kind's typed details. A new kind in
 * `contracts/vault-events.ts` fails to compile here until it has its sentence.
 */
const describe: { [K in VaultEventKind]: (e: EventOf<K>) => string } = {
  created: (e) => `Added at ${placeText(e.details.to)}`,
  edited: (e) =>
    `Edited ${
      Object.keys(e.details.changes)
        .map((key) => key.replaceAll('_', ' '))
        .join(', ') || 'nothing'
    }`,
  staged: (e) => `Staged from ${placeText(e.details.from)}${reasonText(e.details.reason)}`,
  moved: (e) =>
    `Moved from ${placeText(e.details.from)} to ${placeText(e.details.to)}` +
    (e.details.reason === 'vault below deleted'
      ? ' (a vault below it was deleted)'
      : reasonText(e.details.reason)),
  deleted: (e) =>
    `Deleted from ${placeText(e.details.from)}` +
    (e.details.reason === 'warehouse deleted' ? ' with its warehouse' : ''),
  released: (e) => `Released on ${e.details.on} from ${placeText(e.details.from)}`,
  attached: (e) => `Attached ${e.details.file_name}`,
  imported: (e) =>
    `${e.details.action === 'created' ? 'Added' : e.details.action === 'moved' ? 'Moved' : 'Updated'} by the import of ${e.details.file_name} (row ${e.details.row}), at ${placeText(e.details.to)}`,
};

/** The sentence for one event, as the vault's history and the customer's show it. */
export function describeEvent<K extends VaultEventKind>(e: EventOf<K>): string {
  return (describe[e.kind] as (e: EventOf<K>) => string)(e);
}

export function VaultHistory({ vaultId }: { vaultId: number }) {
  const history = useVaultHistory(vaultId);
  return (
    <section aria-label="History" className="mt-8">
      <h2 className="mb-2 text-lg font-bold">History</h2>
      <ol className="space-y-1 text-sm">
        {history.data?.map((e) => (
          <li key={e.id} className="rounded bg-slate-50 px-3 py-2">
            <span className="font-semibold">{describeEvent(e)}</span> ·{' '}
            {new Date(e.at).toLocaleString()} · {e.actor_email ?? ''}
          </li>
        ))}
      </ol>
    </section>
  );
}
