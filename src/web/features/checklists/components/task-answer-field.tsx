import type { ChecklistTaskDto } from '../../../../contracts/checklists';
import {
  isReasonLongEnough,
  REASON_TOO_SHORT_MESSAGE,
  SOMEONE_ELSE_REQUIRED_MESSAGE,
} from '../../../../domain/checklist-rules';
import { ErrorAlert } from '../../../components/error-alert';

export interface TaskDraft {
  choice: 'yes' | 'no' | null;
  bySomeoneElse: boolean;
  otherName: string;
  reason: string;
}

export const emptyDraft: TaskDraft = {
  choice: null,
  bySomeoneElse: false,
  otherName: '',
  reason: '',
};

/** The sentence that keeps this answer from being sent, or null when it may go. */
export function draftProblem(draft: TaskDraft): string | null {
  if (draft.choice === null) return null;
  if (draft.bySomeoneElse && draft.otherName.trim() === '') return SOMEONE_ELSE_REQUIRED_MESSAGE;
  if (draft.choice === 'no' && !isReasonLongEnough(draft.reason)) return REASON_TOO_SHORT_MESSAGE;
  return null;
}

const choiceClass = (checked: boolean, tone: 'yes' | 'no') =>
  `flex flex-1 cursor-pointer items-center justify-center rounded-xl border-2 px-4 py-3 text-lg font-semibold has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50 ${
    checked
      ? tone === 'yes'
        ? 'border-green-600 bg-green-50 text-green-800'
        : 'border-red-600 bg-red-50 text-red-800'
      : 'border-slate-300'
  }`;

export function TaskAnswerField({
  task,
  index,
  draft,
  disabled,
  onChange,
}: {
  task: ChecklistTaskDto;
  index: number;
  draft: TaskDraft;
  disabled: boolean;
  onChange: (draft: TaskDraft) => void;
}) {
  if (task.completed) {
    const declined = task.reason !== '';
    return (
      <section
        aria-label={task.text}
        className="rounded-xl border border-slate-200 bg-slate-50 p-4 opacity-60"
      >
        <p className="font-semibold">{task.text}</p>
        <p className="mt-1 text-sm">
          {declined
            ? `Not done (${task.completed_by}): ${task.reason}`
            : `Done by ${task.completed_by}`}
        </p>
      </section>
    );
  }
  const problem = draftProblem(draft);
  const id = `task-${index}`;
  return (
    <fieldset aria-label={task.text} className="rounded-xl border border-slate-200 bg-white p-4">
      <legend className="sr-only">{task.text}</legend>
      <p aria-hidden="true" className="font-semibold">
        {task.text}
      </p>
      <div className="mt-3 flex gap-3">
        {(['yes', 'no'] as const).map((choice) => (
          <label key={choice} className={choiceClass(draft.choice === choice, choice)}>
            <input
              type="radio"
              name={id}
              value={choice}
              checked={draft.choice === choice}
              disabled={disabled}
              onChange={() => onChange({ ...draft, choice })}
              className="sr-only"
            />
            {choice === 'yes' ? 'Yes' : 'No'}
          </label>
        ))}
      </div>
      {draft.choice !== null && (
        <div className="mt-3 space-y-3">
          <label className="flex items-center gap-3 py-1 text-base">
            <input
              type="checkbox"
              className="h-6 w-6"
              checked={draft.bySomeoneElse}
              onChange={(e) => onChange({ ...draft, bySomeoneElse: e.target.checked })}
            />
            Someone else
          </label>
          {draft.bySomeoneElse && (
            <label className="block">
              <span className="text-sm font-medium">Name of someone else</span>
              <input
                value={draft.otherName}
                onChange={(e) => onChange({ ...draft, otherName: e.target.value })}
                className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-3 text-base"
              />
            </label>
          )}
          {draft.choice === 'no' && (
            <label className="block">
              <span className="text-sm font-medium">Reason</span>
              <textarea
                value={draft.reason}
                onChange={(e) => onChange({ ...draft, reason: e.target.value })}
                rows={2}
                className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-3 text-base"
              />
            </label>
          )}
          <ErrorAlert message={problem} />
        </div>
      )}
    </fieldset>
  );
}
