import { CircleCheck, Trash2 } from 'lucide-react';
import { useCallback, useState } from 'react';
import type { Vault } from '../../../../contracts/vaults';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api';
import { vaultLabel, vaultNumberText } from '../../../../domain/vault-number';
import { ErrorAlert } from '../../../components/error-alert';
import { useDeleteStagedVaults } from '../api/use-delete-staged-vaults';
import { useStagedVaults } from '../api/use-stage';
import { localDay } from '../../../lib/format';
import { usePullList } from '../../pull-lists/api/use-pull-list';
import { MoveVaultDialog } from '../components/move-vault-dialog';
import { groupStagedByRequest } from '../components/pulled-groups';

export function StagePage() {
  const staged = useStagedVaults();
  const [isDeleteMode, setDeleteMode] = useState(false);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [isConfirming, setConfirming] = useState(false);
  const [moving, setMoving] = useState<Vault | null>(null);
  const deleteVaults = useDeleteStagedVaults();
  const closeMove = useCallback(() => setMoving(null), []);

  const vaults = Object.values(staged.data ?? {});
  // Today's pull list says which of them the crew pulled for which request; without it (still
  // loading, or refused) the stage shows them all as one list.
  const pullList = usePullList(localDay());
  const { groups, rest } = groupStagedByRequest(vaults, pullList.data?.requests ?? []);
  const toggleChosen = (id: number) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const cards = {
    isDeleteMode,
    chosen,
    onChoose: (v: Vault) => (isDeleteMode ? toggleChosen(v.id) : setMoving(v)),
  };

  return (
    <div className="mx-auto max-w-6xl p-4 sm:p-6">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">Staged Vaults</h1>
        <div className="flex items-center gap-2">
          <button
            type="button"
            aria-pressed={isDeleteMode}
            onClick={() => {
              setDeleteMode(!isDeleteMode);
              setChosen(new Set());
            }}
            className={`min-h-11 rounded-lg px-4 py-2 font-semibold ${isDeleteMode ? 'bg-red-600 text-white' : 'border border-slate-300'}`}
          >
            Delete mode: {isDeleteMode ? 'ON' : 'OFF'}
          </button>
          {isDeleteMode && (
            <button
              type="button"
              aria-label={`Delete selected vaults (${chosen.size})`}
              disabled={chosen.size === 0}
              onClick={() => setConfirming(true)}
              className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg border border-red-600 px-3 font-semibold text-red-700 disabled:border-slate-300 disabled:text-slate-500"
            >
              <Trash2 aria-hidden="true" className="h-5 w-5" />
              <span>{chosen.size}</span>
            </button>
          )}
        </div>
      </div>
      {staged.isPending && <Spinner label="Loading staged vaults" />}
      {staged.isError && <ErrorAlert error={staged.error} />}
      {staged.data && vaults.length === 0 && (
        <p className="text-slate-600">No staged vaults available.</p>
      )}
      <div className={`space-y-4 rounded-2xl ${isDeleteMode ? 'border-2 border-red-600' : ''}`}>
        {groups.map((g) => (
          <section key={g.requestId} aria-labelledby={`pulled-for-${g.requestId}`}>
            <h2 id={`pulled-for-${g.requestId}`} className="px-2 pt-2 text-lg font-bold">
              {g.title}
            </h2>
            <StagedCards label={`Pulled for request ${g.requestId}`} vaults={g.vaults} {...cards} />
          </section>
        ))}
        {groups.length > 0 && rest.length > 0 && (
          <h2 className="px-2 pt-2 text-lg font-bold">Other staged vaults</h2>
        )}
        <StagedCards label="Staged vaults" vaults={rest} {...cards} />
      </div>
      <ConfirmDialog
        open={isConfirming}
        title="Delete Vaults"
        message="Are you sure you want to delete the selected vaults? This action cannot be undone."
        warning={deleteVaults.isPending ? null : goneWarning(chosen, staged.data)}
        confirmLabel="Yes, delete them"
        tone="danger"
        isBusy={deleteVaults.isPending}
        error={deleteVaults.isError ? errorMessage(deleteVaults.error) : null}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          deleteVaults.mutate([...chosen], {
            onSuccess: () => {
              setConfirming(false);
              setChosen(new Set());
            },
          })
        }
      />
      {moving && <MoveVaultDialog vault={moving} onClose={closeMove} />}
    </div>
  );
}

function StagedCards({
  label,
  vaults,
  isDeleteMode,
  chosen,
  onChoose,
}: {
  label: string;
  vaults: readonly Vault[];
  isDeleteMode: boolean;
  chosen: ReadonlySet<number>;
  onChoose: (vault: Vault) => void;
}) {
  return (
    <ul aria-label={label} className="grid grid-cols-1 gap-3 p-2 sm:grid-cols-2 lg:grid-cols-3">
      {vaults.map((v) => {
        const isChosen = chosen.has(v.id);
        return (
          <li key={v.id}>
            {/* Named by what it shows after a prefix a screen reader needs: a name that
                differs from the card's text fails voice control (axe
                label-content-name-mismatch). */}
            <button
              type="button"
              aria-pressed={isDeleteMode ? isChosen : undefined}
              onClick={() => onChoose(v)}
              className={`relative w-full rounded-xl border-2 bg-white p-4 text-left shadow-sm hover:bg-slate-50 ${
                isChosen ? 'border-red-600 bg-red-50' : 'border-transparent'
              }`}
            >
              <span className="sr-only">Staged {vaultLabel(v)}, </span>
              {isChosen && (
                <CircleCheck
                  aria-hidden="true"
                  data-testid="chosen-check"
                  className="absolute top-3 right-3 h-7 w-7 fill-red-600 text-white"
                />
              )}
              <p className="text-lg font-bold">{vaultNumberText(v)}</p>
              <p>{v.customer_name}</p>
              {v.order_name && <p className="text-slate-700">[{v.order_name}]</p>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** Chosen vaults someone else moved out of stage (or deleted) while the page was open. */
function goneWarning(
  chosen: ReadonlySet<number>,
  staged: Record<string, Vault> | undefined,
): string | null {
  if (!staged) return null;
  const here = new Set(Object.values(staged).map((v) => v.id));
  const gone = [...chosen].filter((id) => !here.has(id)).length;
  if (gone === 0) return null;
  return gone === 1
    ? 'One of the chosen vaults was just moved or deleted by someone else.'
    : `${gone} of the chosen vaults were just moved or deleted by someone else.`;
}
