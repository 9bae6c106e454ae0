// Rules of daily checklists, shared by the admin form, the fill page and the server.
import { CHECKLIST_REASON_MIN_LENGTH, CHECKLIST_RETENTION } from '../contracts/limits';

export interface ChecklistTask {
  text: string;
  completed: boolean;
  completed_by: string;
  reason: string;
  completed_at: string | null;
}

/** The five cleaning questions a new checklist starts with. */
export const DEFAULT_CHECKLIST_TASKS: readonly string[] = [
  'Are all shipments labeled?',
  'Are the tools of the trade boards complete?',
  'Is all equipment in its place?',
  'Has the trash been emptied?',
  'Is the warehouse swept and organised?',
];

const TASK_DUPLICATE_MESSAGE = 'Task title must be unique within this checklist.';
export const ACTIVE_EXISTS_MESSAGE = 'An active checklist for this warehouse already exists.';
export const NAME_REQUIRED_MESSAGE = 'Name is required.';
export const SOMEONE_ELSE_REQUIRED_MESSAGE = 'Please enter a name for "someone else".';
export const REASON_TOO_SHORT_MESSAGE = `Reason must be at least ${CHECKLIST_REASON_MIN_LENGTH} characters.`;

const CHECKLIST_COMPLETED_MESSAGE =
  'This checklist is complete: its name and note can no longer be changed.';

type RuleCode =
  | 'CHECKLIST_TASK_DUPLICATE'
  | 'CHECKLIST_TASK_COMPLETED'
  | 'CHECKLIST_COMPLETED'
  | 'VALIDATION_FAILED';

export type RuleResult<T> = { ok: true; value: T } | { ok: false; code: RuleCode; message: string };

const refuse = (code: RuleCode, message: string) => ({ ok: false, code, message }) as const;

const titleKey = (title: string) => title.trim().toLowerCase();

/** Trimmed titles with empty ones dropped; refused when two are equal ignoring case. */
export function normaliseTaskTitles(titles: readonly string[]): RuleResult<string[]> {
  const kept = titles.map((t) => t.trim()).filter((t) => t !== '');
  const seen = new Set<string>();
  for (const title of kept) {
    const key = titleKey(title);
    if (seen.has(key)) return refuse('CHECKLIST_TASK_DUPLICATE', TASK_DUPLICATE_MESSAGE);
    seen.add(key);
  }
  return { ok: true, value: kept };
}

/** A reason counts only for its visible characters. */
export function isReasonLongEnough(reason: string): boolean {
  return reason.trim().length >= CHECKLIST_REASON_MIN_LENGTH;
}

export function pendingTask(text: string): ChecklistTask {
  return { text, completed: false, completed_by: '', reason: '', completed_at: null };
}

/** What a filler (or an editor) sends for one task. `reason` non-empty means the answer No. */
export interface TaskAnswer {
  text: string;
  /** Absent: no answer given now; the task stays as it is. */
  completed?: boolean | undefined;
  completed_by?: string | undefined;
  reason?: string | undefined;
}

const sameAnswer = (stored: ChecklistTask, answer: TaskAnswer) =>
  answer.completed === true &&
  (answer.completed_by ?? stored.completed_by).trim() === stored.completed_by &&
  (answer.reason ?? stored.reason).trim() === stored.reason;

/**
 * Applies answers to stored tasks. A completed task never changes: sending it back as it is
 * keeps it, anything else is refused. Yes records who did it and clears the reason; No needs
 * a reason of at least 15 characters. Both stamp the time of the answer.
 *
 * `mayRestructure` (signed-in staff editing) lets pending tasks be renamed, added or removed;
 * a filler can only answer the tasks that are there.
 */
export function applyTaskAnswers(
  stored: readonly ChecklistTask[],
  answers: readonly TaskAnswer[],
  options: { fillerName: string; now: Date; mayRestructure: boolean },
): RuleResult<ChecklistTask[]> {
  const byKey = new Map(stored.map((t) => [titleKey(t.text), t]));
  const titles = normaliseTaskTitles(answers.map((a) => a.text));
  if (!titles.ok) return titles;
  const answered = answers.filter((a) => a.text.trim() !== '');
  const answeredKeys = new Set(answered.map((a) => titleKey(a.text)));

  for (const task of stored) {
    if (answeredKeys.has(titleKey(task.text))) continue;
    if (task.completed) {
      return refuse(
        'CHECKLIST_TASK_COMPLETED',
        `Task "${task.text}" is already completed and cannot be changed.`,
      );
    }
    if (!options.mayRestructure) {
      return refuse(
        'VALIDATION_FAILED',
        `Task "${task.text}" is missing; send every task of the checklist.`,
      );
    }
  }

  const result: ChecklistTask[] = [];
  for (const answer of answered) {
    const text = answer.text.trim();
    const existing = byKey.get(titleKey(text));
    if (!existing && !options.mayRestructure) {
      return refuse('VALIDATION_FAILED', `Task "${text}" is not part of this checklist.`);
    }
    if (existing?.completed) {
      if (answer.completed !== undefined && !sameAnswer(existing, answer)) {
        return refuse(
          'CHECKLIST_TASK_COMPLETED',
          `Task "${existing.text}" is already completed and cannot be changed.`,
        );
      }
      result.push(existing);
      continue;
    }
    if (!answer.completed) {
      result.push(pendingTask(options.mayRestructure ? text : (existing?.text ?? text)));
      continue;
    }
    const by = (answer.completed_by ?? '').trim() || options.fillerName.trim();
    if (!by) return refuse('VALIDATION_FAILED', NAME_REQUIRED_MESSAGE);
    const reason = (answer.reason ?? '').trim();
    if (reason !== '' && !isReasonLongEnough(reason))
      return refuse('VALIDATION_FAILED', REASON_TOO_SHORT_MESSAGE);
    result.push({
      text: options.mayRestructure ? text : (existing?.text ?? text),
      completed: true,
      completed_by: by,
      reason,
      completed_at: options.now.toISOString(),
    });
  }
  return { ok: true, value: result };
}

/** Complete: it has tasks and every one is answered. */
export function isChecklistComplete(tasks: readonly ChecklistTask[]): boolean {
  return tasks.length > 0 && tasks.every((t) => t.completed);
}

/**
 * What a filler (anyone without staff rights) may change beside task answers: the name and
 * note, while the checklist is not complete. Once complete, sending them back unchanged is
 * accepted, anything else refused, so no stranger rewrites who filled a finished list.
 */
export function checkFillerDetails(
  stored: { tasks: readonly ChecklistTask[]; filledOutBy: string; note: string },
  sent: { filledOutBy: string; note?: string | undefined },
): RuleResult<null> {
  if (!isChecklistComplete(stored.tasks)) return { ok: true, value: null };
  const sameName = sent.filledOutBy.trim() === stored.filledOutBy;
  const sameNote = sent.note === undefined || sent.note.trim() === stored.note;
  if (sameName && sameNote) return { ok: true, value: null };
  return refuse('CHECKLIST_COMPLETED', CHECKLIST_COMPLETED_MESSAGE);
}

export interface RetainedChecklist {
  id: number;
  isActive: boolean;
  createdAt: Date;
}

/**
 * The cleanup rule: when a company holds more than five checklists, the oldest inactive ones
 * go until five remain (counted against the whole list). Active ones are never deleted.
 */
export function checklistsToDelete(
  list: readonly RetainedChecklist[],
  keep = CHECKLIST_RETENTION,
): number[] {
  let excess = list.length - keep;
  if (excess <= 0) return [];
  const oldestInactive = list
    .filter((c) => !c.isActive)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const ids: number[] = [];
  for (const c of oldestInactive) {
    if (excess <= 0) break;
    ids.push(c.id);
    excess--;
  }
  return ids;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Card date: weekday m/d/yyyy, in the viewer's local time. */
export function formatChecklistDate(date: Date): string {
  return `${WEEKDAYS[date.getDay()] ?? ''} ${date.getMonth() + 1}/${date.getDate()}/${date.getFullYear()}`;
}
