import { X } from 'lucide-react';
import { useState } from 'react';
import type { Checklist } from '../../../../contracts/checklists';
import type { WarehouseSummary } from '../../../../contracts/warehouses';
import { DEFAULT_CHECKLIST_TASKS, normaliseTaskTitles } from '../../../../domain/checklist-rules';
import { ModalDialog } from '../../../components/dialog';
import { DialogActions } from '../../../components/dialog-actions';
import { ChangedWarning } from '../../../components/changed-warning';
import { ErrorAlert } from '../../../components/error-alert';

export interface ChecklistFormValues {
  warehouse_id: WarehouseSummary['id'];
  description: string;
  tasks: string[];
  is_active: boolean;
}

interface TaskRow {
  key: number;
  text: string;
  locked: boolean;
}

let nextKey = 0;
const row = (text: string, locked = false): TaskRow => ({ key: nextKey++, text, locked });

export function ChecklistFormDialog({
  open,
  checklist,
  warehouses,
  isBusy,
  error,
  warning = null,
  onSubmit,
  onClose,
}: {
  open: boolean;
  /** Absent for a new checklist. */
  checklist: Checklist | null;
  warehouses: WarehouseSummary[];
  isBusy: boolean;
  error: string | null;
  /** Said before the buttons when someone else changed the checklist while this was open. */
  warning?: string | null;
  onSubmit: (values: ChecklistFormValues) => void;
  onClose: () => void;
}) {
  const [warehouseId, setWarehouseId] = useState<number | null>(checklist?.warehouse_id ?? null);
  const [description, setDescription] = useState(checklist?.description ?? '');
  const [isActive, setIsActive] = useState(checklist?.is_active ?? true);
  const [tasks, setTasks] = useState<TaskRow[]>(() =>
    checklist
      ? checklist.tasks.map((t) => row(t.text, t.completed))
      : DEFAULT_CHECKLIST_TASKS.map((t) => row(t)),
  );
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    if (!warehouseId) {
      setProblem('Warehouse is required.');
      return;
    }
    const titles = normaliseTaskTitles(tasks.map((t) => t.text));
    if (!titles.ok) {
      setProblem(titles.message);
      return;
    }
    setProblem(null);
    onSubmit({ warehouse_id: warehouseId, description, tasks: titles.value, is_active: isActive });
  };

  return (
    <ModalDialog
      open={open}
      title={checklist ? 'Edit Checklist' : 'Add New Checklist'}
      width="lg"
      onClose={onClose}
    >
      <form
        className="mt-4 space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label className="block">
          <span className="text-sm font-medium">Warehouse</span>
          <select
            value={warehouseId ?? ''}
            onChange={(e) => setWarehouseId(e.target.value ? Number(e.target.value) : null)}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
          >
            <option value="">Select a warehouse</option>
            {warehouses.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </select>
        </label>
        <label className="block">
          <span className="text-sm font-medium">Description</span>
          <textarea
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            rows={2}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
          />
        </label>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Tasks</legend>
          {tasks.map((t, i) => (
            <div key={t.key} className="flex gap-2">
              <input
                aria-label={`Task ${i + 1}`}
                value={t.text}
                disabled={t.locked}
                onChange={(e) =>
                  setTasks((all) =>
                    all.map((x) => (x.key === t.key ? { ...x, text: e.target.value } : x)),
                  )
                }
                className="flex-1 rounded-lg border border-slate-300 px-3 py-2 disabled:bg-slate-100"
              />
              <button
                type="button"
                aria-label={`Remove task ${i + 1}`}
                disabled={t.locked}
                onClick={() => setTasks((all) => all.filter((x) => x.key !== t.key))}
                className="inline-flex h-11 w-11 items-center justify-center rounded-lg border border-slate-400 disabled:text-slate-400"
              >
                <X aria-hidden="true" className="h-5 w-5" />
              </button>
            </div>
          ))}
          <button
            type="button"
            onClick={() => setTasks((all) => [...all, row('')])}
            className="rounded-lg border border-slate-300 px-3 py-2 text-sm"
          >
            Add Task
          </button>
        </fieldset>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={isActive}
            onChange={(e) => setIsActive(e.target.checked)}
            className="h-5 w-5"
          />
          Active
        </label>
        <ChangedWarning message={warning} />
        <ErrorAlert message={problem ?? error} />
        <DialogActions
          submitLabel={checklist ? 'Save Checklist' : 'Create Checklist'}
          isBusy={isBusy}
          onCancel={onClose}
        />
      </form>
    </ModalDialog>
  );
}
