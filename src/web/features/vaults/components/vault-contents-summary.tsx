import type { Vault } from '../../../../contracts/vaults';
import { isPhoto, VaultPhotos } from './vault-photos';

function Entry({ term, children }: { term: string; children: string }) {
  return (
    <div className="flex gap-2">
      <dt className="shrink-0 font-medium text-slate-900">{term}</dt>
      <dd className="min-w-0 break-words whitespace-pre-line">{children}</dd>
    </div>
  );
}

/** What is in a vault, under its row in the field panel: tags, seal, dates, notes, photos. */
export function VaultContentsSummary({ vault }: { vault: Vault }) {
  const hasPhotos = vault.attachments.some(isPhoto);
  if (!vault.tags && !vault.seal && !vault.expected_release && !vault.item_notes && !hasPhotos)
    return null;
  return (
    <div className="mt-2 space-y-2 text-sm text-slate-700">
      <dl aria-label="Contents" className="space-y-0.5">
        {vault.tags && <Entry term="Tags">{vault.tags}</Entry>}
        {vault.seal && <Entry term="Seal">{vault.seal}</Entry>}
        {vault.expected_release && <Entry term="Expected out">{vault.expected_release}</Entry>}
        {vault.item_notes && <Entry term="Inside">{vault.item_notes}</Entry>}
      </dl>
      <VaultPhotos attachments={vault.attachments} />
    </div>
  );
}
