import type { ReactNode } from 'react';
import { ChangedWarning } from './changed-warning';
import { ModalDialog } from './dialog';
import { DialogActions } from './dialog-actions';
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
      <DialogActions
        submitLabel={confirmLabel}
        cancelLabel={cancelLabel}
        isBusy={isBusy}
        tone={tone}
        isAutoFocused={tone === 'primary'}
        onSubmit={onConfirm}
        onCancel={onClose}
        className="mt-6"
      />
    </ModalDialog>
  );
}
