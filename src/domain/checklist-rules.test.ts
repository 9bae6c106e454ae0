import { describe, expect, it } from 'vitest';
import {
  applyTaskAnswers,
  checkFillerDetails,
  checklistsToDelete,
  isChecklistComplete,
  formatChecklistDate,
  isReasonLongEnough,
  normaliseTaskTitles,
  pendingTask,
  type ChecklistTask,
} from './checklist-rules';

const now = new Date('2026-11-22T10:00:00Z');
const filler = { fillerName: 'Maria', now, mayRestructure: false };

describe('normaliseTaskTitles', () => {
  it('trims titles and drops empty ones', () => {
    expect(normaliseTaskTitles([' Sweep ', '', '   ', 'Trash'])).toEqual({
      ok: true,
      value: ['Sweep', 'Trash'],
    });
  });
  it('refuses titles equal ignoring case', () => {
    expect(normaliseTaskTitles(['Sweep', 'SWEEP '])).toMatchObject({
      ok: false,
      message: 'Task title must be unique within this checklist.',
    });
  });
});

describe('isReasonLongEnough', () => {
  it('counts characters after trimming', () => {
    expect(isReasonLongEnough('   short reason  ')).toBe(false);
    expect(isReasonLongEnough('broom is broken!')).toBe(true);
  });
});

describe('applyTaskAnswers', () => {
  const stored: ChecklistTask[] = [pendingTask('Sweep'), pendingTask('Trash')];

  it('Yes records who and when and clears the reason; No records the reason', () => {
    const result = applyTaskAnswers(
      stored,
      [
        { text: 'Sweep', completed: true, completed_by: '', reason: '' },
        {
          text: 'Trash',
          completed: true,
          completed_by: 'Joe',
          reason: '  the bins were locked away  ',
        },
      ],
      filler,
    );
    expect(result).toEqual({
      ok: true,
      value: [
        {
          text: 'Sweep',
          completed: true,
          completed_by: 'Maria',
          reason: '',
          completed_at: now.toISOString(),
        },
        {
          text: 'Trash',
          completed: true,
          completed_by: 'Joe',
          reason: 'the bins were locked away',
          completed_at: now.toISOString(),
        },
      ],
    });
  });

  it('refuses a No with a reason under 15 characters', () => {
    const result = applyTaskAnswers(
      stored,
      [
        { text: 'Sweep', completed: true, reason: 'no broom' },
        { text: 'Trash', completed: false },
      ],
      filler,
    );
    expect(result).toMatchObject({ ok: false, message: 'Reason must be at least 15 characters.' });
  });

  it('refuses an answer without any name', () => {
    const result = applyTaskAnswers(
      stored,
      [
        { text: 'Sweep', completed: true },
        { text: 'Trash', completed: false },
      ],
      {
        ...filler,
        fillerName: ' ',
      },
    );
    expect(result).toMatchObject({ ok: false, message: 'Name is required.' });
  });

  it('keeps a completed task sent back unchanged and refuses any change to it', () => {
    const done: ChecklistTask[] = [
      {
        text: 'Sweep',
        completed: true,
        completed_by: 'Ann',
        reason: '',
        completed_at: '2026-11-21T08:00:00.000Z',
      },
      pendingTask('Trash'),
    ];
    const same = applyTaskAnswers(
      done,
      [
        { text: 'Sweep', completed: true, completed_by: 'Ann', reason: '' },
        { text: 'Trash', completed: false },
      ],
      filler,
    );
    expect(same).toMatchObject({ ok: true, value: [done[0], pendingTask('Trash')] });

    const undo = applyTaskAnswers(
      done,
      [
        { text: 'Sweep', completed: false },
        { text: 'Trash', completed: false },
      ],
      filler,
    );
    expect(undo).toMatchObject({ ok: false, code: 'CHECKLIST_TASK_COMPLETED' });
    const rename = applyTaskAnswers(
      done,
      [
        { text: 'Sweep', completed: true, completed_by: 'Bob' },
        { text: 'Trash', completed: false },
      ],
      filler,
    );
    expect(rename).toMatchObject({ ok: false, code: 'CHECKLIST_TASK_COMPLETED' });
    const dropped = applyTaskAnswers(done, [{ text: 'Trash', completed: false }], {
      ...filler,
      mayRestructure: true,
    });
    expect(dropped).toMatchObject({ ok: false, code: 'CHECKLIST_TASK_COMPLETED' });
  });

  it('lets a filler answer only the tasks that exist', () => {
    expect(applyTaskAnswers(stored, [{ text: 'Sweep', completed: false }], filler)).toMatchObject({
      ok: false,
    });
    expect(
      applyTaskAnswers(
        stored,
        [
          { text: 'Sweep', completed: false },
          { text: 'Trash', completed: false },
          { text: 'New', completed: false },
        ],
        filler,
      ),
    ).toMatchObject({ ok: false, message: 'Task "New" is not part of this checklist.' });
  });

  it('lets staff rename, add and remove pending tasks', () => {
    const result = applyTaskAnswers(
      stored,
      [
        { text: 'Mop', completed: false },
        { text: 'trash', completed: false },
      ],
      {
        ...filler,
        mayRestructure: true,
      },
    );
    expect(result).toEqual({ ok: true, value: [pendingTask('Mop'), pendingTask('trash')] });
  });
});

describe('checkFillerDetails', () => {
  const done: ChecklistTask = {
    text: 'Sweep',
    completed: true,
    completed_by: 'Maria',
    reason: '',
    completed_at: now.toISOString(),
  };
  const finished = { tasks: [done], filledOutBy: 'Maria', note: 'All fine' };

  it('lets a filler set name and note while a task is pending', () => {
    expect(isChecklistComplete([done, pendingTask('Trash')])).toBe(false);
    expect(
      checkFillerDetails(
        { ...finished, tasks: [done, pendingTask('Trash')] },
        { filledOutBy: 'Eve', note: 'mine' },
      ).ok,
    ).toBe(true);
  });

  it('refuses a new name or note once every task is answered, and accepts them sent back', () => {
    expect(isChecklistComplete([done])).toBe(true);
    expect(checkFillerDetails(finished, { filledOutBy: 'Eve' })).toMatchObject({
      ok: false,
      code: 'CHECKLIST_COMPLETED',
    });
    expect(checkFillerDetails(finished, { filledOutBy: 'Maria', note: 'lol' }).ok).toBe(false);
    expect(checkFillerDetails(finished, { filledOutBy: ' Maria ', note: 'All fine ' }).ok).toBe(
      true,
    );
    expect(checkFillerDetails(finished, { filledOutBy: 'Maria' }).ok).toBe(true);
  });

  it('counts a checklist without tasks as never complete', () => {
    expect(isChecklistComplete([])).toBe(false);
  });
});

describe('checklistsToDelete', () => {
  const at = (day: number) => new Date(2026, 0, day);
  it('keeps everything up to five', () => {
    const list = [1, 2, 3, 4, 5].map((d) => ({ id: d, isActive: false, createdAt: at(d) }));
    expect(checklistsToDelete(list)).toEqual([]);
  });
  it('deletes the oldest inactive ones until five remain, never an active one', () => {
    const list = [
      { id: 1, isActive: true, createdAt: at(1) },
      ...[2, 3, 4, 5, 6, 7].map((d) => ({ id: d, isActive: false, createdAt: at(d) })),
    ];
    expect(checklistsToDelete(list)).toEqual([2, 3]);
  });
  it('stops when only active ones are left', () => {
    const list = [1, 2, 3, 4, 5, 6].map((d) => ({ id: d, isActive: true, createdAt: at(d) }));
    expect(checklistsToDelete(list)).toEqual([]);
  });
});

describe('formatChecklistDate', () => {
  it('writes weekday m/d/yyyy', () => {
    expect(formatChecklistDate(new Date(2026, 10, 22, 12))).toBe('Sunday 11/22/2026');
  });
});
