import type { ReactNode } from 'react';
import { ChangedWarning } from './changed-warning';
import { ModalDialog } from './dialog';
import { ErrorAlert } from './error-alert';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  isBusy?: boolean;
  error?: string | null;
  /** Said before the buttons when the target changed under the dialog while it was open. */
  warning?: string | null;
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * The one confirmation dialog, used for every "Are you sure". Focus starts on the confirm
 * button, except for a deletion, where it starts on the way back.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = 'No, take me back',
  isBusy = false,
  error = null,
  warning = null,
  tone = 'primary',
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <ModalDialog open={open} title={title} description={message} width="md" onClose={onClose}>
      <ChangedWarning message={warning} className="mt-3" />
      <ErrorAlert message={error} className="mt-3" />
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button
          type="button"
          onClick={onClose}
          className="min-h-11 rounded-lg border border-slate-400 px-4 py-2"
        >
          {cancelLabel}
        </button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={isBusy}
          data-autofocus={tone === 'primary' ? true : undefined}
          className={`min-h-11 rounded-lg px-4 py-2 font-semibold text-white disabled:bg-slate-500 ${
            tone === 'danger' ? 'bg-red-700 hover:bg-red-800' : 'bg-brand-700 hover:bg-brand-900'
          }`}
        >
          {confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
