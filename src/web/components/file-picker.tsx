import { Camera, Paperclip } from 'lucide-react';
import { useEffect, useId, useState, type ChangeEvent } from 'react';

/** A phone or tablet: a finger, not a mouse, and most likely a camera on the back. */
const TOUCH_QUERY = '(pointer: coarse)';

function useIsTouch() {
  const [isTouch, setTouch] = useState(() => window.matchMedia(TOUCH_QUERY).matches);
  useEffect(() => {
    const query = window.matchMedia(TOUCH_QUERY);
    const onChange = () => setTouch(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return isTouch;
}

const buttonClass =
  'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-400 bg-white px-4 py-2 font-semibold hover:bg-slate-100 peer-focus-visible:outline-3 peer-focus-visible:outline-brand-900 peer-disabled:cursor-not-allowed peer-disabled:text-slate-500';

/**
 * A file chooser in the app's own look instead of the browser's "Choose File  No file chosen"
 * (issue 30): a button to choose a file, on a touch screen a second one that opens the camera,
 * and the chosen file's name. The real inputs stay in the page, visually hidden, so the
 * keyboard and screen readers reach them and the button shows their focus.
 */
export function FilePicker({
  label,
  fileName,
  disabled = false,
  onPick,
}: {
  label: string;
  /** The file chosen so far, shown beside the buttons. */
  fileName: string | null;
  disabled?: boolean;
  onPick: (file: File) => void;
}) {
  const id = useId();
  const isTouch = useIsTouch();
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // Cleared at once, so choosing the same file again is a change too.
    e.target.value = '';
    if (file) onPick(file);
  };
  return (
    <div>
      <span aria-hidden="true" className="block">
        {label}
      </span>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <span className="inline-flex">
          <input
            id={`${id}-file`}
            type="file"
            aria-label={label}
            disabled={disabled}
            onChange={onChange}
            className="peer sr-only"
          />
          <label htmlFor={`${id}-file`} aria-hidden="true" className={buttonClass}>
            <Paperclip aria-hidden="true" className="h-5 w-5" />
            Choose file
          </label>
        </span>
        {isTouch && (
          <span className="inline-flex">
            <input
              id={`${id}-photo`}
              type="file"
              accept="image/*"
              capture="environment"
              aria-label="Take photo"
              disabled={disabled}
              onChange={onChange}
              className="peer sr-only"
            />
            <label htmlFor={`${id}-photo`} aria-hidden="true" className={buttonClass}>
              <Camera aria-hidden="true" className="h-5 w-5" />
              Take photo
            </label>
          </span>
        )}
        <span className="min-w-0 truncate text-sm text-slate-700">
          {fileName ?? 'No file chosen'}
        </span>
      </div>
    </div>
  );
}
