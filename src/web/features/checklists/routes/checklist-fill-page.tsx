import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LinkedChecklist } from '../../../../contracts/checklists';
import { NAME_REQUIRED_MESSAGE, isChecklistComplete } from '../../../../domain/checklist-rules';
import { warehouseNameFromChecklistPath } from '../../../../domain/slug';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api';
import { checklistKeys, type FillAddress } from '../api/query-keys';
import {
  imageUploadPath,
  useActiveChecklist,
  useAnswerChecklist,
  type FillTarget,
} from '../api/use-fill-checklist';
import {
  draftProblem,
  emptyDraft,
  TaskAnswerField,
  type TaskDraft,
} from '../components/task-answer-field';
import { UploadImageDialog } from '../components/upload-image-dialog';
import { ModalDialog } from '../../../components/dialog';
import { useLiveChecklistFill } from '../../../lib/live-updates';

function FillForm({
  checklist,
  address,
  target,
}: {
  checklist: LinkedChecklist;
  address: FillAddress;
  target: FillTarget;
}) {
  const queryClient = useQueryClient();
  const answer = useAnswerChecklist(address, target);
  // Once every task is answered the name and note stay as they are (decision 0015).
  const isComplete = isChecklistComplete(checklist.tasks);
  const [name, setName] = useState('');
  const [nameTouched, setNameTouched] = useState(false);
  const [note, setNote] = useState(checklist.note);
  // By task title (unique within a checklist), not position: a live update may add or remove
  // tasks above the one being answered.
  const [drafts, setDrafts] = useState<Record<string, TaskDraft>>({});
  const [thanked, setThanked] = useState<string | null>(null);
  const [uploadOpen, setUploadOpen] = useState(false);

  const nameMissing = name.trim() === '';
  const draftOf = (text: string) => drafts[text] ?? emptyDraft;
  const hasProblem = checklist.tasks.some(
    (t) => !t.completed && draftProblem(draftOf(t.text)) !== null,
  );
  const canSubmit = !nameMissing && !hasProblem && !answer.isPending;

  const submit = () => {
    setNameTouched(true);
    if (!canSubmit) return;
    const filler = name.trim();
    const tasks = checklist.tasks.map((t) => {
      const d = draftOf(t.text);
      if (t.completed || d.choice === null)
        return t.completed ? t : { text: t.text, completed: false };
      return {
        text: t.text,
        completed: true,
        completed_by: d.bySomeoneElse ? d.otherName.trim() : filler,
        reason: d.choice === 'no' ? d.reason.trim() : '',
      };
    });
    answer.mutate(
      { filled_out_by: filler, note, tasks },
      {
        onSuccess: () => {
          setDrafts({});
          setThanked(filler);
        },
      },
    );
  };

  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {checklist.description && <p className="text-slate-700">{checklist.description}</p>}
      {isComplete && (
        <p role="status" className="rounded-xl bg-green-50 p-4 text-green-900">
          This checklist is complete
          {checklist.filled_out_by ? `, filled out by ${checklist.filled_out_by}` : ''}. You can
          still add images.
        </p>
      )}
      {!isComplete && (
        <label className="block">
          <span className="font-semibold">Your Name</span>
          <input
            value={name}
            onChange={(e) => setName(e.target.value)}
            onBlur={() => setNameTouched(true)}
            autoComplete="name"
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-3 text-lg"
          />
        </label>
      )}
      {nameMissing && nameTouched && !isComplete && (
        <p role="alert" className="text-sm text-red-700">
          {NAME_REQUIRED_MESSAGE}
        </p>
      )}
      {checklist.tasks.map((task, i) => (
        <TaskAnswerField
          key={task.text}
          task={task}
          index={i}
          draft={draftOf(task.text)}
          disabled={nameMissing}
          onChange={(d) => setDrafts((all) => ({ ...all, [task.text]: d }))}
        />
      ))}
      {isComplete ? (
        checklist.note && <p className="text-slate-700">Note: {checklist.note}</p>
      ) : (
        <label className="block">
          <span className="font-semibold">Note</span>
          <textarea
            value={note}
            onChange={(e) => setNote(e.target.value)}
            rows={3}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-3 text-base"
          />
        </label>
      )}
      <section aria-label="Images" className="space-y-2">
        <div className="grid grid-cols-3 gap-2">
          {checklist.images.map((img) => (
            <img
              key={img.id}
              src={img.url}
              alt={img.file_name}
              className="aspect-square w-full rounded-lg object-cover"
            />
          ))}
        </div>
        <button
          type="button"
          onClick={() => setUploadOpen(true)}
          className="w-full rounded-xl border-2 border-brand-700 px-4 py-3 text-lg font-semibold text-brand-700"
        >
          Upload Image
        </button>
      </section>
      {answer.isError && (
        <p role="alert" className="rounded bg-red-50 p-2 text-red-700">
          Failed to edit checklist. {errorMessage(answer.error)}
        </p>
      )}
      {!isComplete && (
        <button
          type="submit"
          disabled={!canSubmit}
          className="w-full rounded-xl bg-brand-700 px-4 py-4 text-lg font-bold text-white disabled:opacity-50"
        >
          Submit
        </button>
      )}
      <UploadImageDialog
        open={uploadOpen}
        uploadPath={imageUploadPath(target)}
        onClose={() => setUploadOpen(false)}
        onUploaded={() =>
          void queryClient.invalidateQueries({ queryKey: checklistKeys.fill(address) })
        }
      />
      <ModalDialog
        open={thanked !== null}
        title={`Thank you, ${thanked ?? ''}!`}
        width="md"
        onClose={() => setThanked(null)}
      >
        <p className="mt-2 text-slate-700">Your checklist answers have been saved.</p>
        <button
          type="button"
          onClick={() => setThanked(null)}
          className="mt-5 w-full rounded-xl bg-brand-700 px-4 py-3 text-lg font-semibold text-white"
        >
          Close
        </button>
      </ModalDialog>
    </form>
  );
}

/**
 * The fill page, signed in or not: `/c/{token}` from a printed link or QR code, or the spec's
 * `/{warehouse-slug}-checklist`.
 */
export function ChecklistFillPage(props: { token: string } | { checklistPath: string }) {
  const address: FillAddress =
    'token' in props
      ? { token: props.token }
      : { warehouse: warehouseNameFromChecklistPath(props.checklistPath) };
  const checklist = useActiveChecklist(address);
  // A name page answers by the checklist's id (spec §7); a token page only through its token.
  const target: FillTarget | null =
    'token' in address
      ? address
      : checklist.data && 'id' in checklist.data
        ? { id: checklist.data.id }
        : null;
  // Office edits and other fillers' answers show without a reload, on either kind of page.
  useLiveChecklistFill(target, checklistKeys.fill(address));
  const title =
    checklist.data?.warehouseName ?? ('warehouse' in address ? address.warehouse : 'Warehouse');
  return (
    <main className="mx-auto max-w-lg p-4">
      <h1 className="mb-4 text-2xl font-bold capitalize">{title} checklist</h1>
      {checklist.isPending && <Spinner label="Loading checklist" />}
      {checklist.isError && (
        <div role="alert" className="rounded-xl bg-amber-50 p-4 text-amber-900">
          <p>Failed to fetch active checklist. {errorMessage(checklist.error)}</p>
        </div>
      )}
      {target && checklist.data && (
        <FillForm
          key={'id' in target ? target.id : target.token}
          checklist={checklist.data}
          address={address}
          target={target}
        />
      )}
    </main>
  );
}
