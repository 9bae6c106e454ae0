import type { ReactNode } from 'react';

interface DialogActionsProps {
  /**
   * The main button's text, which may say it is busy ("Saving..."); without it the footer is
   * the way back alone, as in a dialog that only shows something ("Close").
   */
  submitLabel?: ReactNode;
  cancelLabel?: string;
  isBusy?: boolean;
  tone?: 'primary' | 'danger';
  /** The main button then takes focus when the dialog opens. */
  isAutoFocused?: boolean;
  /**
   * Without it, the main button submits the dialog's form, so Enter in a box sends it too;
   * with it, the main button is a plain button that calls it (a dialog without a form).
   */
  onSubmit?: () => void;
  onCancel: () => void;
  /** A button kept apart at the start of the row, such as Delete. */
  start?: ReactNode;
  /** Spacing from what stands above. */
  className?: string;
}

const TONES = {
  primary: 'bg-brand-700 hover:bg-brand-900',
  danger: 'bg-red-700 hover:bg-red-800',
} as const;

/**
 * The one footer of a dialog: the way back, then the main action at the end of the row, both
 * large enough to tap; on a phone they wrap rather than push the sheet sideways.
 */
export function DialogActions({
  submitLabel,
  cancelLabel = 'Cancel',
  isBusy = false,
  tone = 'primary',
  isAutoFocused = false,
  onSubmit,
  onCancel,
  start,
  className = '',
}: DialogActionsProps) {
  return (
    <div className={`flex flex-wrap justify-end gap-3 ${className}`}>
      {start}
      <button
        type="button"
        onClick={onCancel}
        className="min-h-11 rounded-lg border border-slate-400 px-4 py-2"
      >
        {cancelLabel}
      </button>
      {submitLabel !== undefined && (
        <button
          type={onSubmit ? 'button' : 'submit'}
          onClick={onSubmit}
          disabled={isBusy}
          data-autofocus={isAutoFocused ? true : undefined}
          className={`min-h-11 rounded-lg px-4 py-2 font-semibold text-white disabled:bg-slate-500 ${TONES[tone]}`}
        >
          {submitLabel}
        </button>
      )}
    </div>
  );
}
