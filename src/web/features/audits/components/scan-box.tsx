import { useId, useRef, useState } from 'react';
import { AUDIT_SCAN_MAX } from '../../../../contracts/audits';

interface ScanBoxProps {
  fieldName: string;
  /** Starts from what was sent last for this field, so a re-check edits rather than retypes. */
  initial: readonly string[];
  isBusy: boolean;
  onCompare: (seen: string[]) => void;
}

/**
 * The vaults seen in one field, bottom to top. A hand-held scanner types the number and
 * presses Enter, so Enter adds a line and keeps the focus here for the next scan.
 */
export function ScanBox({ fieldName, initial, isBusy, onCompare }: ScanBoxProps) {
  const [seen, setSeen] = useState<string[]>([...initial]);
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();

  const add = () => {
    const value = text.trim();
    if (!value || seen.length >= AUDIT_SCAN_MAX) return;
    setSeen((prev) => (prev.includes(value) ? prev : [...prev, value]));
    setText('');
  };

  return (
    <div className="space-y-3">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          add();
          inputRef.current?.focus();
        }}
        className="flex gap-2"
      >
        <label htmlFor={inputId} className="sr-only">
          Vault number seen in field {fieldName}
        </label>
        <input
          id={inputId}
          ref={inputRef}
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
          inputMode="text"
          placeholder="Scan or type a vault number"
          className="min-h-11 flex-1 rounded-lg border border-slate-300 px-3 text-lg"
        />
        <button
          type="submit"
          className="min-h-11 rounded-lg border border-brand-700 px-4 font-semibold text-brand-700"
        >
          Add
        </button>
      </form>
      <ol aria-label={`Seen in field ${fieldName}, bottom to top`} className="space-y-1">
        {seen.map((name, i) => (
          <li
            key={name}
            className="flex items-center gap-2 rounded-lg bg-slate-50 px-3 py-1 text-base"
          >
            <span className="w-6 text-slate-500">{i + 1}.</span>
            <span className="flex-1 font-semibold">#{name}</span>
            <button
              type="button"
              aria-label={`Remove ${name}`}
              onClick={() => setSeen((prev) => prev.filter((n) => n !== name))}
              className="min-h-11 min-w-11 rounded-lg text-xl hover:bg-slate-200"
            >
              ×
            </button>
          </li>
        ))}
      </ol>
      {seen.length === 0 && (
        <p className="text-slate-600">Nothing entered: the field will be compared as empty.</p>
      )}
      <button
        type="button"
        disabled={isBusy}
        onClick={() => onCompare(seen)}
        className="min-h-11 w-full rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
      >
        Compare field {fieldName} with the records
      </button>
    </div>
  );
}
