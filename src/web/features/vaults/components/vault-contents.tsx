// What is inside a vault: how the add and edit forms hold and send it, and how the field panel
// shows it. One file, so a column of the vault's contents is added in one place.
import { useState } from 'react';
import type { Vault } from '../../../../contracts/vaults';
import { isPhoto, VaultPhotos } from './vault-photos';
import {
  NOTE_MAX_LENGTH,
  SEAL_MAX_LENGTH,
  TAGS_TEXT_MAX_LENGTH,
} from '../../../../contracts/limits';
import { parseTagRanges } from '../../../../domain/inventory-tags';
import { TextAreaField, TextField } from '../../../components/text-field';

/** What is inside a vault, as its forms hold it: text as typed, '' for none. */
export interface VaultContents {
  seal: string;
  tags: string;
  itemNotes: string;
  /** YYYY-MM-DD, as a date input gives it. */
  expectedRelease: string;
  /** YYYY-MM-DD; '' on add means the day it is placed, which the server reads from its clock. */
  dateIn: string;
}

export const NO_CONTENTS: VaultContents = {
  seal: '',
  tags: '',
  itemNotes: '',
  expectedRelease: '',
  dateIn: '',
};

export function contentsOf(vault: Vault): VaultContents {
  return {
    seal: vault.seal,
    tags: vault.tags,
    itemNotes: vault.item_notes,
    expectedRelease: vault.expected_release ?? '',
    dateIn: vault.date_in,
  };
}

/**
 * The keys the add and edit calls take; blank clears, as the server reads it. A blank date in
 * is left out: the add then takes the server's today and an edit keeps the vault's.
 */
export function contentsBody(contents: VaultContents) {
  return {
    seal: contents.seal,
    tags: contents.tags,
    item_notes: contents.itemNotes,
    expected_release: contents.expectedRelease,
    ...(contents.dateIn && { date_in: contents.dateIn }),
  };
}

/**
 * The date in, seal, inventory tags, item notes and the expected release, in the add and edit
 * forms. `today`, on add, is what a blank date in shows: the day the vault is placed. The tags are judged by the rule the server uses once the box is left, so a typo shows before
 * Save; the server refuses the same text with the same sentence.
 */
export function VaultContentsFields({
  value,
  onChange,
  today,
}: {
  value: VaultContents;
  onChange: (value: VaultContents) => void;
  today?: string;
}) {
  const [isTagsLeft, setTagsLeft] = useState(false);
  const parsed = parseTagRanges(value.tags);
  const set = (patch: Partial<VaultContents>) => onChange({ ...value, ...patch });
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-slate-700">Contents</legend>
      <TextField
        label="Date In"
        type="date"
        // An edit has no blank to fall back on: the vault keeps a day it came in.
        required={today === undefined}
        hint="The day the vault came in; storage is billed from it."
        value={value.dateIn || (today ?? '')}
        onChange={(e) => set({ dateIn: e.target.value })}
      />
      <TextField
        label="Seal Number"
        maxLength={SEAL_MAX_LENGTH}
        autoComplete="off"
        value={value.seal}
        onChange={(e) => set({ seal: e.target.value })}
      />
      <TextField
        label="Inventory Tags"
        maxLength={TAGS_TEXT_MAX_LENGTH}
        autoComplete="off"
        placeholder="LOT 4471, tags 1-120"
        hint='Lot and tag numbers, as in "LOT 4471, tags 1-120"; lots apart by ";".'
        error={isTagsLeft && !parsed.ok ? parsed.error : null}
        value={value.tags}
        onBlur={() => setTagsLeft(true)}
        onChange={(e) => {
          setTagsLeft(false);
          set({ tags: e.target.value });
        }}
      />
      <TextAreaField
        label="Items Inside"
        maxLength={NOTE_MAX_LENGTH}
        value={value.itemNotes}
        onChange={(e) => set({ itemNotes: e.target.value })}
      />
      <TextField
        label="Expected Release"
        type="date"
        value={value.expectedRelease}
        onChange={(e) => set({ expectedRelease: e.target.value })}
      />
    </fieldset>
  );
}

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
