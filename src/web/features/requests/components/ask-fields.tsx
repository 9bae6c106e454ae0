import { useId } from 'react';
import {
  REQUEST_ITEMS_TEXT_MAX,
  REQUEST_NOTE_MAX,
  type AskBody,
} from '../../../../contracts/requests';
import { REQUEST_KIND_LABELS } from '../../../../domain/request-vaults';
import { requestKinds, type RequestKind } from '../../../../domain/storage-requests';
import { TextAreaField, TextField } from '../../../components/text-field';

export interface AskableVault {
  id: number;
  name: string | null;
  type: string;
  /** A second line: where it stands for the office, the date in for the customer. */
  detail: string;
}

export interface AskDraft {
  kind: RequestKind;
  dueOn: string;
  vaultIds: number[];
  items: string;
  note: string;
}

export const emptyDraft = (dueOn: string): AskDraft => ({
  kind: 'release_vaults',
  dueOn,
  vaultIds: [],
  items: '',
  note: '',
});

/** The body of the call: only what the kind takes. */
export function askBodyOf(draft: AskDraft): AskBody {
  const needsVaults = draft.kind === 'release_vaults' || draft.kind === 'access';
  return {
    kind: draft.kind,
    due_on: draft.dueOn,
    ...(needsVaults ? { vault_ids: draft.vaultIds } : {}),
    ...(draft.kind === 'release_items' ? { items: draft.items } : {}),
    ...(draft.note.trim() ? { note: draft.note } : {}),
  };
}

const vaultLabel = (v: AskableVault) => v.name ?? `${v.type.toUpperCase()} #${v.id}`;

/**
 * What a request asks: its kind, its date, and the vaults or the items it names. The office's
 * dialog and the customer's page share it, so both ask in the same words.
 */
export function AskFields({
  draft,
  onChange,
  vaults,
  firstDay,
}: {
  draft: AskDraft;
  onChange: (draft: AskDraft) => void;
  vaults: readonly AskableVault[];
  firstDay: string;
}) {
  const id = useId();
  const set = <K extends keyof AskDraft>(key: K, value: AskDraft[K]) =>
    onChange({ ...draft, [key]: value });
  const toggle = (vaultId: number) =>
    set(
      'vaultIds',
      draft.vaultIds.includes(vaultId)
        ? draft.vaultIds.filter((v) => v !== vaultId)
        : [...draft.vaultIds, vaultId],
    );
  const namesVaults = draft.kind === 'release_vaults' || draft.kind === 'access';
  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="text-sm font-medium">What is asked</legend>
        <div className="mt-1 grid gap-2 sm:grid-cols-2">
          {requestKinds.map((kind) => (
            <label
              key={kind}
              className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-3 has-checked:border-brand-700 has-checked:bg-brand-50"
            >
              <input
                type="radio"
                name={`${id}-kind`}
                value={kind}
                checked={draft.kind === kind}
                onChange={() => set('kind', kind)}
                className="h-5 w-5"
              />
              {REQUEST_KIND_LABELS[kind]}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label="Date"
        type="date"
        required
        min={firstDay}
        value={draft.dueOn}
        onChange={(e) => set('dueOn', e.target.value)}
      />
      {namesVaults && (
        <fieldset>
          <legend className="text-sm font-medium">
            {draft.kind === 'access' ? 'Vaults to bring to the dock' : 'Vaults to release'}
          </legend>
          {vaults.length === 0 ? (
            <p className="mt-1 text-slate-600">No vaults in storage.</p>
          ) : (
            <ul className="mt-1 max-h-64 space-y-1 overflow-y-auto">
              {vaults.map((v) => (
                <li key={v.id}>
                  <label className="flex min-h-11 items-center gap-3 rounded-lg px-2 hover:bg-slate-50">
                    <input
                      type="checkbox"
                      checked={draft.vaultIds.includes(v.id)}
                      onChange={() => toggle(v.id)}
                      className="h-5 w-5"
                    />
                    <span>
                      <span className="font-semibold">{vaultLabel(v)}</span>
                      <span className="block text-sm text-slate-600">{v.detail}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
      )}
      {draft.kind === 'release_items' && (
        <TextAreaField
          label="Items by tag"
          hint='The lot and the tag numbers from the inventory, as in "LOT 4471, tags 37, 112, 405".'
          rows={3}
          maxLength={REQUEST_ITEMS_TEXT_MAX}
          value={draft.items}
          onChange={(e) => set('items', e.target.value)}
        />
      )}
      <TextAreaField
        label="Note"
        rows={2}
        maxLength={REQUEST_NOTE_MAX}
        value={draft.note}
        onChange={(e) => set('note', e.target.value)}
      />
    </div>
  );
}
