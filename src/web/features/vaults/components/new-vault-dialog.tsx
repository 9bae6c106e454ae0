import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useState, type FormEvent } from 'react';
import type { Field } from '../../../../contracts/fields';
import { FILE_TOO_LARGE_MESSAGE, MAX_ATTACHMENT_BYTES } from '../../../../contracts/limits';
import { emptyCustomerName } from '../../../../domain/occupancy';
import { errorMessage } from '../../../lib/api';
import { useAddVault } from '../api/use-add-vault';

/** Checks a chosen file against the shared limit before anything is sent. */
export function checkAttachment(file: File | null): string | null {
  return file && file.size > MAX_ATTACHMENT_BYTES ? FILE_TOO_LARGE_MESSAGE : null;
}

export const inputClass =
  'mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 disabled:bg-slate-100 disabled:text-slate-500';

interface NewVaultDialogProps {
  field: Field;
  position: number;
  onClose: () => void;
}

export function NewVaultDialog({ field, position, onClose }: NewVaultDialogProps) {
  const addVault = useAddVault();
  const isCouchboxField = field.type === 'couchbox-T';
  const [isEmptyMode, setEmptyMode] = useState(false);
  const [type, setType] = useState<string>(isCouchboxField ? 'couchbox' : 'vault');
  const [customerName, setCustomerName] = useState('');
  const [orderName, setOrderName] = useState('');
  const [vaultNumber, setVaultNumber] = useState('');
  const [note, setNote] = useState('');
  const [attachment, setAttachment] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const emptyTypes = isCouchboxField ? ['vault', 'liftvan', 't2', 'couchbox'] : ['vault', 'liftvan', 't2'];
  // Liftvans and couchboxes carry no tag number.
  const isNumberDisabled = isEmptyMode && (type === 'liftvan' || type === 'couchbox');

  const toggleMode = (empty: boolean) => {
    setEmptyMode(empty);
    if (empty) {
      const emptyType = emptyTypes.includes(type) ? type : 'vault';
      setType(emptyType);
      setCustomerName(emptyCustomerName(emptyType));
      setOrderName('');
    } else {
      setCustomerName('');
      setType(isCouchboxField ? 'couchbox' : 'vault');
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    addVault.mutate(
      {
        vaultNumber: isNumberDisabled ? '' : vaultNumber,
        customerName: isEmptyMode ? emptyCustomerName(type) : customerName,
        orderName: isEmptyMode ? '' : orderName,
        type,
        note,
        fieldId: field.id,
        position,
        attachment,
      },
      { onSuccess: onClose },
    );
  };

  return (
    <Dialog open onClose={onClose} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center overflow-y-auto p-4">
        <DialogPanel className="w-full max-w-lg rounded-2xl bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-bold">New Vault Info</DialogTitle>
          <p className="text-sm text-slate-600">
            Field {field.name}, position {position}
          </p>
          <div role="group" aria-label="Mode" className="mt-4 inline-flex rounded-lg border border-slate-300 p-1">
            {[false, true].map((empty) => (
              <button
                key={String(empty)}
                type="button"
                aria-pressed={isEmptyMode === empty}
                onClick={() => toggleMode(empty)}
                className={`rounded-md px-4 py-2 text-sm font-semibold ${isEmptyMode === empty ? 'bg-brand-700 text-white' : ''}`}
              >
                {empty ? 'Empty Mode' : 'Regular'}
              </button>
            ))}
          </div>
          <form onSubmit={submit} className="mt-4 space-y-3">
            <label className="block">
              Customer Name
              <input
                className={inputClass}
                value={customerName}
                required={!isEmptyMode}
                disabled={isEmptyMode}
                onChange={(e) => setCustomerName(e.target.value.toUpperCase())}
              />
            </label>
            {isEmptyMode && (
              <label className="block">
                Type
                <select
                  className={inputClass}
                  value={type}
                  onChange={(e) => {
                    setType(e.target.value);
                    setCustomerName(emptyCustomerName(e.target.value));
                  }}
                >
                  {emptyTypes.map((t) => (
                    <option key={t} value={t}>
                      {t}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <label className="block">
              Order Number
              <input
                className={inputClass}
                value={orderName}
                required={!isEmptyMode}
                disabled={isEmptyMode}
                onChange={(e) => setOrderName(e.target.value)}
              />
            </label>
            <label className="block">
              Vault Number
              <input
                className={inputClass}
                value={isNumberDisabled ? '' : vaultNumber}
                disabled={isNumberDisabled}
                onChange={(e) => setVaultNumber(e.target.value)}
              />
            </label>
            <label className="block">
              Note
              <textarea className={inputClass} value={note} onChange={(e) => setNote(e.target.value)} />
            </label>
            <label className="block">
              Attachment
              <input
                type="file"
                className="mt-1 block w-full"
                onChange={(e) => {
                  const file = e.target.files?.[0] ?? null;
                  const problem = checkAttachment(file);
                  setFileError(problem);
                  if (problem) {
                    e.target.value = '';
                    setAttachment(null);
                  } else {
                    setAttachment(file);
                  }
                }}
              />
            </label>
            {fileError && (
              <p role="alert" className="text-sm text-red-700">
                {fileError}
              </p>
            )}
            {addVault.isError && (
              <p role="alert" className="rounded bg-red-50 p-2 text-sm text-red-700">
                {errorMessage(addVault.error)}
              </p>
            )}
            <div className="flex justify-end gap-3 pt-2">
              <button type="button" onClick={onClose} className="rounded-lg border border-slate-300 px-4 py-2">
                Cancel
              </button>
              <button
                type="submit"
                disabled={addVault.isPending}
                className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white disabled:opacity-60"
              >
                {addVault.isPending ? 'Adding Vault...' : 'Add Vault'}
              </button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
