import { useId, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';

export const inputClass =
  'mt-1 block min-h-11 w-full rounded-lg border border-slate-400 px-3 py-2 disabled:bg-slate-100 disabled:text-slate-600';

interface FieldFrameProps {
  label: string;
  /** Shown under the control and read with it; says why it is disabled or what it wants. */
  hint?: string | null;
  /** A problem with what was typed: read with the control, which is marked invalid. */
  error?: string | null;
}

function describedBy(hintId: string, errorId: string, props: FieldFrameProps) {
  const ids = [props.hint ? hintId : null, props.error ? errorId : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

interface FieldNotesProps {
  hintId: string;
  errorId: string;
  hint?: string | null;
  error?: string | null;
}

function FieldNotes({ hintId, errorId, hint, error }: FieldNotesProps) {
  return (
    <>
      {hint && (
        <span id={hintId} className="mt-1 block text-sm text-slate-600">
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className="mt-1 block text-sm text-red-800">
          {error}
        </span>
      )}
    </>
  );
}

type TextFieldProps = FieldFrameProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/** A labelled input: the label names it, the hint and error describe it. */
export function TextField({ label, hint, error, className, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, errorId, { label, hint, error })}
        {...input}
      />
      <FieldNotes hintId={hintId} errorId={errorId} hint={hint} error={error} />
    </div>
  );
}

type TextAreaFieldProps = FieldFrameProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>;

/** The multi-line sibling of `TextField`. */
export function TextAreaField({ label, hint, error, className, ...input }: TextAreaFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, errorId, { label, hint, error })}
        {...input}
      />
      <FieldNotes hintId={hintId} errorId={errorId} hint={hint} error={error} />
    </div>
  );
}
