import { useState } from 'react';
import type { Checklist } from '../../../../contracts/checklists';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api';
import { useWarehouseSummaries } from '../../warehouses/api/use-warehouse-summaries';
import {
  useChecklistSettings,
  useChecklists,
  useCreateChecklist,
  useDeleteChecklist,
  useEditChecklist,
  useRenewChecklistLink,
} from '../api/use-checklists';
import { ChecklistCard } from '../components/checklist-card';
import { NameLinksSetting } from '../components/name-links-setting';
import { ChecklistFormDialog, type ChecklistFormValues } from '../components/checklist-form-dialog';

type FormState = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; checklist: Checklist };

export function ChecklistsAdminPage() {
  const checklists = useChecklists();
  const warehouses = useWarehouseSummaries();
  const create = useCreateChecklist();
  const edit = useEditChecklist();
  const remove = useDeleteChecklist();
  const renew = useRenewChecklistLink();
  const settings = useChecklistSettings();
  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  const [toDelete, setToDelete] = useState<Checklist | null>(null);
  const [toRenew, setToRenew] = useState<Checklist | null>(null);

  const closeForm = () => {
    create.reset();
    edit.reset();
    setForm({ mode: 'closed' });
  };
  const submit = (values: ChecklistFormValues) => {
    if (form.mode === 'edit')
      edit.mutate({ id: form.checklist.id, body: values }, { onSuccess: closeForm });
    else create.mutate(values, { onSuccess: closeForm });
  };
  const formError = create.isError
    ? `Failed to add checklist. ${errorMessage(create.error)}`
    : edit.isError
      ? `Failed to edit checklist. ${errorMessage(edit.error)}`
      : null;

  return (
    <div className="mx-auto max-w-6xl p-4 sm:p-6">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">Warehouse Checklists Page</h1>
        <button
          type="button"
          onClick={() => setForm({ mode: 'add' })}
          className="rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-900"
        >
          Add New Checklist
        </button>
      </div>
      <div className="mb-6">
        <NameLinksSetting />
      </div>
      {checklists.isPending && <Spinner label="Loading checklists" />}
      {checklists.isError && (
        <p role="alert" className="text-red-700">
          Failed to fetch checklists. {errorMessage(checklists.error)}
        </p>
      )}
      {checklists.data?.length === 0 && (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          No checklists found.
        </p>
      )}
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        {checklists.data?.map((c) => (
          <ChecklistCard
            key={c.id}
            checklist={c}
            showNameLink={settings.data?.name_links ?? false}
            onEdit={() => setForm({ mode: 'edit', checklist: c })}
            onDelete={() => setToDelete(c)}
            onNewLink={() => setToRenew(c)}
          />
        ))}
      </div>
      {form.mode !== 'closed' && (
        <ChecklistFormDialog
          open
          checklist={form.mode === 'edit' ? form.checklist : null}
          warehouses={warehouses.data ?? []}
          isBusy={create.isPending || edit.isPending}
          error={formError}
          warning={
            form.mode === 'edit' && !edit.isPending
              ? changedWarning(
                  form.checklist,
                  checklists.data,
                  'Saving now may undo what they did.',
                )
              : null
          }
          onSubmit={submit}
          onClose={closeForm}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Checklist"
        message={`Are you sure you want to delete the ${toDelete?.warehouseName ?? ''} checklist? Its images are deleted with it.`}
        confirmLabel="Yes, delete it"
        tone="danger"
        isBusy={remove.isPending}
        warning={remove.isPending ? null : changedWarning(toDelete, checklists.data)}
        error={remove.isError ? `Failed to delete checklist. ${errorMessage(remove.error)}` : null}
        onClose={() => {
          remove.reset();
          setToDelete(null);
        }}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete.id, { onSuccess: () => setToDelete(null) });
        }}
      />
      <ConfirmDialog
        open={toRenew !== null}
        title="New Checklist Link"
        message={`Make a new link for the ${toRenew?.warehouseName ?? ''} checklist? The old link and its printed QR code stop working.`}
        confirmLabel="Yes, make a new link"
        isBusy={renew.isPending}
        warning={renew.isPending ? null : changedWarning(toRenew, checklists.data)}
        error={renew.isError ? `Failed to make a new link. ${errorMessage(renew.error)}` : null}
        onClose={() => {
          renew.reset();
          setToRenew(null);
        }}
        onConfirm={() => {
          if (toRenew) renew.mutate(toRenew.id, { onSuccess: () => setToRenew(null) });
        }}
      />
    </div>
  );
}

/**
 * What happened to the checklist a dialog was opened for while it was open: the list is kept
 * fresh by live updates (decision 0030), so a difference from what was opened is someone
 * else's fill, edit, new link or delete, said before the user confirms.
 */
function changedWarning(
  opened: Checklist | null,
  list: Checklist[] | undefined,
  consequence = '',
): string | null {
  if (!opened || !list) return null;
  const now = list.find((c) => c.id === opened.id);
  const name = `The ${opened.warehouseName} checklist`;
  if (!now) return `${name} was just deleted by someone else.`;
  if (JSON.stringify(now) === JSON.stringify(opened)) return null;
  return `${name} was just changed by someone else.${consequence ? ` ${consequence}` : ''}`;
}
