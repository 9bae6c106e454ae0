import { useId, useRef, useState } from 'react';
import { AUDIT_SCAN_MAX } from '../../../../contracts/audits';
import { CameraScanner } from '../../../components/scanner/camera-scanner';
import { seenVaultNumber } from '../api/use-audits';

interface ScanBoxProps {
  fieldName: string;
  /** Starts from what was sent last for this field, so a re-check edits rather than retypes. */
  initial: readonly string[];
  isBusy: boolean;
  onCompare: (seen: string[]) => void;
}

/**
 * The vaults seen in one field, bottom to top. A hand-held scanner types the number (or the
 * label's address) and presses Enter, so Enter adds a line and keeps the focus here for the
 * next scan; the phone's camera, when turned on, adds each label it reads the same way.
 */
export function ScanBox({ fieldName, initial, isBusy, onCompare }: ScanBoxProps) {
  const [seen, setSeen] = useState<string[]>([...initial]);
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();

  const [isCameraOn, setCameraOn] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [lastAdded, setLastAdded] = useState('');

  // A label's code is looked up on the server while the next scan may already be in: lines
  // are added one after another, so the list keeps the order the vaults were scanned in.
  const pending = useRef(Promise.resolve());
  const add = (raw: string) => {
    if (!raw.trim()) return;
    pending.current = pending.current.then(() => addNow(raw));
  };
  const addNow = async (raw: string) => {
    try {
      const number = await seenVaultNumber(raw);
      setProblem(null);
      setSeen((prev) =>
        prev.includes(number) || prev.length >= AUDIT_SCAN_MAX ? prev : [...prev, number],
      );
      setLastAdded(`Added #${number}.`);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <div className="space-y-3">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          add(text);
          setText('');
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
      {problem && (
        <p role="alert" className="text-red-700">
          {problem}
        </p>
      )}
      <p aria-live="polite" className="sr-only">
        {lastAdded}
      </p>
      <button
        type="button"
        aria-pressed={isCameraOn}
        onClick={() => setCameraOn((on) => !on)}
        className="min-h-11 rounded-lg border border-slate-300 px-4 font-semibold"
      >
        {isCameraOn ? 'Stop the camera' : 'Scan with the camera'}
      </button>
      {isCameraOn && <CameraScanner onScan={add} />}
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
