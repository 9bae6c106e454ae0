import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';

// The ring is drawn on the box whenever the focus is in it: on a month or date box the focus
// may sit on its calendar button, which the box's own focus (and the browser's ring) misses.
export const inputFocusRing = 'focus-within:outline-3 focus-within:outline-brand-900';

export const inputClass = `mt-1 block min-h-11 w-full rounded-lg border border-slate-400 px-3 py-2 ${inputFocusRing} disabled:bg-slate-100 disabled:text-slate-600`;

interface FieldFrameProps {
  label: string;
  /** Shown under the control and read with it; says why it is disabled or what it wants. */
  hint?: string | null;
  /** A problem with what was typed: read with the control, which is marked invalid. */
  error?: string | null;
}

/** What the control inside a frame carries: its id, and what describes it. */
interface ControlProps {
  id: string;
  className: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * The label above, the hint and error below, and the ids that tie them to the control, so an
 * input and a text area are labelled and described the same way.
 */
function FieldFrame({
  label,
  hint,
  error,
  className,
  control,
}: FieldFrameProps & { className?: string; control: (props: ControlProps) => ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {control({
        id,
        className: inputClass,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': described || undefined,
      })}
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
    </div>
  );
}

type TextFieldProps = FieldFrameProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/** A labelled input: the label names it, the hint and error describe it. */
export function TextField({ label, hint, error, className, ...input }: TextFieldProps) {
  return (
    <FieldFrame
      label={label}
      hint={hint}
      error={error}
      className={className}
      control={(props) => <input {...props} {...input} />}
    />
  );
}

type TextAreaFieldProps = FieldFrameProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>;

/** The multi-line sibling of `TextField`. */
export function TextAreaField({ label, hint, error, className, ...input }: TextAreaFieldProps) {
  return (
    <FieldFrame
      label={label}
      hint={hint}
      error={error}
      className={className}
      control={(props) => <textarea {...props} {...input} />}
    />
  );
}
