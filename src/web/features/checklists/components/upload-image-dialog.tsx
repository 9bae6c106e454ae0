import { useEffect, useRef, useState } from 'react';
import { FILE_TOO_LARGE_MESSAGE, MAX_ATTACHMENT_BYTES } from '../../../../contracts/limits';
import type { ChecklistImage } from '../../../../contracts/checklists';
import { uploadChecklistImage } from '../api/upload-checklist-image';
import { ModalDialog } from '../../../components/dialog';

/** Spec §9: the modal closes itself 1.2 s after a success and 2.5 s after a failure. */
const UPLOAD_SUCCESS_CLOSE_MS = 1200;
const UPLOAD_FAILURE_CLOSE_MS = 2500;

type Phase = 'idle' | 'uploading' | 'success' | 'failure';

export function UploadImageDialog({
  open,
  uploadPath,
  onClose,
  onUploaded,
}: {
  open: boolean;
  /** The upload call's path: by the checklist's id or under its link token. */
  uploadPath: string;
  onClose: () => void;
  onUploaded: (image: ChecklistImage) => void;
}) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState(0);
  const [log, setLog] = useState<string[]>([]);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const reset = () => {
    window.clearTimeout(timer.current);
    setPhase('idle');
    setProgress(0);
    setLog([]);
  };

  const close = () => {
    if (phase === 'uploading') return;
    reset();
    onClose();
  };

  const closeAfter = (ms: number) => {
    timer.current = window.setTimeout(() => {
      reset();
      onClose();
    }, ms);
  };

  const upload = (file: File) => {
    if (file.size > MAX_ATTACHMENT_BYTES) {
      window.alert(FILE_TOO_LARGE_MESSAGE);
      return;
    }
    setPhase('uploading');
    setProgress(0);
    setLog([`Uploading ${file.name} (${Math.ceil(file.size / 1024)} KB)...`]);
    uploadChecklistImage(uploadPath, file, setProgress)
      .then((image) => {
        setPhase('success');
        setLog((l) => [...l, 'Upload complete.']);
        onUploaded(image);
        closeAfter(UPLOAD_SUCCESS_CLOSE_MS);
      })
      .catch((error: unknown) => {
        setPhase('failure');
        const reason = error instanceof Error ? error.message : 'Failed to upload image';
        setLog((l) => [...l, `Failed to upload image. ${reason}`]);
        closeAfter(UPLOAD_FAILURE_CLOSE_MS);
      });
  };

  return (
    <ModalDialog open={open} title="Upload Image" width="md" onClose={close}>
      {phase === 'idle' && (
        <label className="mt-4 block cursor-pointer rounded-xl border-2 border-dashed border-slate-300 p-6 text-center text-base font-semibold hover:bg-slate-50">
          Take or choose a photo
          <input
            type="file"
            accept="image/*"
            className="sr-only"
            aria-label="Choose image"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) upload(file);
              e.target.value = '';
            }}
          />
        </label>
      )}
      {phase !== 'idle' && (
        <div className="mt-4">
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="h-4 w-full overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className={`h-full ${phase === 'failure' ? 'bg-red-600' : 'bg-brand-700'} transition-[width]`}
              style={{ width: `${progress}%` }}
            />
          </div>
          <ul aria-label="Upload log" aria-live="polite" className="mt-3 space-y-1 text-sm">
            {log.map((line, i) => (
              <li key={i} className={line.startsWith('Failed') ? 'text-red-700' : 'text-slate-700'}>
                {line}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="mt-5 flex justify-end">
        <button
          type="button"
          onClick={close}
          disabled={phase === 'uploading'}
          className="rounded-lg border border-slate-300 px-5 py-3 font-semibold disabled:opacity-50"
        >
          Close
        </button>
      </div>
    </ModalDialog>
  );
}
