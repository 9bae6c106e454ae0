import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useState, type FormEvent } from 'react';
import type { Field } from '../../../../contracts/fields';
import { emptyCustomerName, emptyTypesForField } from '../../../../domain/empty-vault';
import { errorMessage } from '../../../lib/api';
import { useChangedSinceOpen } from '../../../lib/live-updates';
import { useAddVault } from '../api/use-add-vault';
import {
  checkAttachment,
  inputClass,
  VaultCustomerFields,
  VaultModeToggle,
} from './vault-form-fields';
import {
  NAME_MAX_LENGTH,
  NOTE_MAX_LENGTH,
  VAULT_NUMBER_MAX_LENGTH,
} from '../../../../contracts/limits';

interface NewVaultDialogProps {
  field: Field;
  position: number;
  onClose: () => void;
}

export function NewVaultDialog({ field, position, onClose }: NewVaultDialogProps) {
  const addVault = useAddVault();
  const fieldChanged = useChangedSinceOpen(field.vaults);
  const slotTaken = Object.values(field.vaults).some((v) => v.position === position);
  const isCouchboxField = field.type === 'couchbox-T';
  const [isEmptyMode, setEmptyMode] = useState(false);
  const [type, setType] = useState<string>(isCouchboxField ? 'couchbox' : 'vault');
  const [customerName, setCustomerName] = useState('');
  const [orderName, setOrderName] = useState('');
  const [vaultNumber, setVaultNumber] = useState('');
  const [note, setNote] = useState('');
  const [attachment, setAttachment] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const emptyTypes: readonly string[] = emptyTypesForField(isCouchboxField);
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
          {fieldChanged && (
            <p
              role="alert"
              className="mt-2 rounded bg-amber-50 p-2 text-sm font-semibold text-amber-900"
            >
              {slotTaken
                ? `Position ${position} of field ${field.name} was just taken by someone else.`
                : `Field ${field.name} was just changed by someone else.`}
            </p>
          )}
          <div className="mt-4">
            <VaultModeToggle isEmptyMode={isEmptyMode} onChange={toggleMode} />
          </div>
          <form onSubmit={submit} className="mt-4 space-y-3">
            <VaultCustomerFields
              isEmptyMode={isEmptyMode}
              customerName={customerName}
              onCustomerNameChange={setCustomerName}
              type={type}
              onTypeChange={setType}
              emptyTypes={emptyTypes}
            />
            <label className="block">
              Order Number
              <input
                className={inputClass}
                maxLength={NAME_MAX_LENGTH}
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
                maxLength={VAULT_NUMBER_MAX_LENGTH}
                value={isNumberDisabled ? '' : vaultNumber}
                disabled={isNumberDisabled}
                onChange={(e) => setVaultNumber(e.target.value)}
              />
            </label>
            <label className="block">
              Note
              <textarea
                className={inputClass}
                maxLength={NOTE_MAX_LENGTH}
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
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
              <button
                type="button"
                onClick={onClose}
                className="rounded-lg border border-slate-300 px-4 py-2"
              >
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
