import { useId } from 'react';
import {
  FILE_TOO_LARGE_MESSAGE,
  MAX_ATTACHMENT_BYTES,
  NAME_MAX_LENGTH,
} from '../../../../contracts/limits';
import { emptyCustomerName } from '../../../../domain/empty-vault';
import { inputClass, TextField } from '../../../components/text-field';

/** Checks a chosen file against the shared limit before anything is sent. */
export function checkAttachment(file: File | null): string | null {
  return file && file.size > MAX_ATTACHMENT_BYTES ? FILE_TOO_LARGE_MESSAGE : null;
}

const typeLabel = (type: string) =>
  type === 't2' ? 'T2' : type.charAt(0).toUpperCase() + type.slice(1);

/** Regular (a customer's vault) or Empty Mode (an empty container standing in the field). */
export function VaultModeToggle({
  isEmptyMode,
  onChange,
}: {
  isEmptyMode: boolean;
  onChange: (empty: boolean) => void;
}) {
  return (
    <div
      role="group"
      aria-label="Mode"
      className="inline-flex rounded-lg border border-slate-300 p-1"
    >
      {[false, true].map((empty) => (
        <button
          key={String(empty)}
          type="button"
          aria-pressed={isEmptyMode === empty}
          onClick={() => onChange(empty)}
          className={`min-h-11 rounded-md px-4 py-2 text-sm font-semibold ${isEmptyMode === empty ? 'bg-brand-700 text-white' : ''}`}
        >
          {empty ? 'Empty Mode' : 'Regular'}
        </button>
      ))}
    </div>
  );
}

interface CustomerFieldsProps {
  isEmptyMode: boolean;
  customerName: string;
  onCustomerNameChange: (name: string) => void;
  type: string;
  onTypeChange: (type: string) => void;
  /** The container types an empty one may be in this field. */
  emptyTypes: readonly string[];
  /** The dialog's first stop: focus lands here when the form opens. */
  isFirstStop?: boolean;
}

/**
 * The customer name, upper-cased as typed; in Empty Mode it is fixed to `EMPTY {TYPE}` and
 * the type chooses it.
 */
export function VaultCustomerFields(props: CustomerFieldsProps) {
  const { isEmptyMode, customerName, onCustomerNameChange, type, onTypeChange, emptyTypes } = props;
  const typeId = useId();
  return (
    <>
      <TextField
        label="Customer Name"
        maxLength={NAME_MAX_LENGTH}
        value={customerName}
        required={!isEmptyMode}
        disabled={isEmptyMode}
        data-autofocus={props.isFirstStop && !isEmptyMode ? true : undefined}
        onChange={(e) => onCustomerNameChange(e.target.value.toUpperCase())}
      />
      {isEmptyMode && (
        <div>
          <label htmlFor={typeId} className="block text-sm font-medium">
            Type
          </label>
          <select
            id={typeId}
            className={inputClass}
            value={type}
            onChange={(e) => {
              onTypeChange(e.target.value);
              onCustomerNameChange(emptyCustomerName(e.target.value));
            }}
          >
            {emptyTypes.map((t) => (
              <option key={t} value={t}>
                {typeLabel(t)}
              </option>
            ))}
          </select>
        </div>
      )}
    </>
  );
}

/**
 * The weight in pounds as typed: text with a decimal keypad rather than a number input, so a
 * value the contract refuses reaches the server and its sentence is shown, not a browser bubble.
 */
export function WeightField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label="Weight (lb)"
      inputMode="decimal"
      autoComplete="off"
      value={value}
      hint="Optional; leave blank if not weighed."
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
