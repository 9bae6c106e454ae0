import { useState, type FormEvent } from 'react';
import type { Field } from '../../../../contracts/fields';
import { emptyCustomerName, emptyTypesForField } from '../../../../domain/empty-vault';
import { takesVaultNumber } from '../../../../domain/vault-number';
import { ModalDialog } from '../../../components/dialog';
import { DialogActions } from '../../../components/dialog-actions';
import { ChangedWarning } from '../../../components/changed-warning';
import { ErrorAlert } from '../../../components/error-alert';
import { TextAreaField, TextField } from '../../../components/text-field';
import { localDay } from '../../../lib/format';
import { useChangedSinceOpen } from '../../../lib/live-updates';
import { useAddVault } from '../api/use-add-vault';
import {
  checkAttachment,
  VaultCustomerFields,
  VaultModeToggle,
  WeightField,
} from './vault-form-fields';
import {
  NAME_MAX_LENGTH,
  NOTE_MAX_LENGTH,
  VAULT_NUMBER_MAX_LENGTH,
} from '../../../../contracts/limits';
import { FilePicker } from '../../../components/file-picker';
import { SuggestedPlace, type ChosenPlace } from '../../receiving/components/suggested-place';
import {
  contentsBody,
  NO_CONTENTS,
  VaultContentsFields,
  type VaultContents,
} from './vault-contents';

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
  const [weight, setWeight] = useState('');
  const [contents, setContents] = useState<VaultContents>(NO_CONTENTS);
  const [attachment, setAttachment] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  // Staff's slot, until they take the place suggested by release date instead.
  const [place, setPlace] = useState<ChosenPlace>({
    fieldId: field.id,
    fieldName: field.name,
    position,
  });

  const emptyTypes: readonly string[] = emptyTypesForField(isCouchboxField);
  const isNumberDisabled = !takesVaultNumber(isEmptyMode, type);

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
        weight,
        fieldId: place.fieldId,
        position: place.position,
        attachment,
        // An empty container holds nothing.
        contents: contentsBody(isEmptyMode ? NO_CONTENTS : contents),
      },
      { onSuccess: onClose },
    );
  };

  return (
    <ModalDialog
      title="New Vault Info"
      description={`Field ${place.fieldName}, position ${place.position}`}
      onClose={onClose}
    >
      <div className="mt-4">
        <VaultModeToggle isEmptyMode={isEmptyMode} onChange={toggleMode} />
      </div>
      <form onSubmit={submit} className="mt-4 space-y-3">
        <ChangedWarning
          className="mt-2"
          message={
            !fieldChanged || addVault.isPending
              ? null
              : slotTaken
                ? `Position ${position} of field ${field.name} was just taken by someone else.`
                : `Field ${field.name} was just changed by someone else.`
          }
        />
        <VaultCustomerFields
          isEmptyMode={isEmptyMode}
          customerName={customerName}
          onCustomerNameChange={setCustomerName}
          type={type}
          onTypeChange={setType}
          emptyTypes={emptyTypes}
          isFirstStop
        />
        <TextField
          label="Order Number"
          maxLength={NAME_MAX_LENGTH}
          value={orderName}
          required={!isEmptyMode}
          disabled={isEmptyMode}
          onChange={(e) => setOrderName(e.target.value)}
        />
        <TextField
          label="Vault Number"
          maxLength={VAULT_NUMBER_MAX_LENGTH}
          value={isNumberDisabled ? '' : vaultNumber}
          disabled={isNumberDisabled}
          hint={isNumberDisabled ? 'An empty liftvan, T2 or couchbox has no number.' : null}
          onChange={(e) => setVaultNumber(e.target.value)}
        />
        <WeightField value={weight} onChange={setWeight} />
        <TextAreaField
          label="Note"
          maxLength={NOTE_MAX_LENGTH}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        {!isEmptyMode && (
          <VaultContentsFields value={contents} onChange={setContents} today={localDay()} />
        )}
        <FilePicker
          label="Attachment"
          fileName={attachment?.name ?? null}
          onPick={(file) => {
            const problem = checkAttachment(file);
            setFileError(problem);
            setAttachment(problem ? null : file);
          }}
        />
        <ErrorAlert message={fileError} />
        <SuggestedPlace
          warehouseId={field.warehouse_id}
          fromFieldId={field.id}
          type={type}
          expectedReleaseText={isEmptyMode ? '' : contents.expectedRelease}
          customerName={isEmptyMode ? '' : customerName}
          chosen={place}
          onUse={setPlace}
        />
        <ErrorAlert error={addVault.error} />
        <DialogActions
          submitLabel={addVault.isPending ? 'Adding Vault...' : 'Add Vault'}
          isBusy={addVault.isPending}
          onCancel={onClose}
          className="pt-2"
        />
      </form>
    </ModalDialog>
  );
}
