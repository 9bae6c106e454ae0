import { useState, type FormEvent } from 'react';
import {
  NAME_MAX_LENGTH,
  NOTE_MAX_LENGTH,
  PALLET_NUMBER_MAX_LENGTH,
  PALLET_SPACES_MIN,
} from '../../../../contracts/limits';
import type { Pallet } from '../../../../contracts/racks';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ModalDialog } from '../../../components/dialog';
import { DialogActions } from '../../../components/dialog-actions';
import { ErrorAlert } from '../../../components/error-alert';
import { TextAreaField, TextField } from '../../../components/text-field';
import { errorMessage } from '../../../lib/api';
import { useAddPallet } from '../api/use-add-pallet';
import { useDeletePallet } from '../api/use-delete-pallet';
import { useEditPallet } from '../api/use-edit-pallet';

export interface PalletDialogTarget {
  shelfId: number;
  slotIndex: number;
  /** Present when editing. */
  pallet?: Pallet;
}

interface PalletDialogProps {
  slug: string;
  target: PalletDialogTarget;
  onClose: () => void;
}

/** 'Add Pallet' without an id, 'Edit Pallet' with one. A refusal keeps it open and shows the sentence. */
export function PalletDialog({ slug, target, onClose }: PalletDialogProps) {
  const { pallet } = target;
  const addPallet = useAddPallet(slug);
  const editPallet = useEditPallet(slug);
  const deletePallet = useDeletePallet(slug);
  const [form, setForm] = useState({
    customer_name: pallet?.customerName ?? '',
    name: pallet?.name ?? '',
    pallet_number: pallet?.palletNumber ?? '',
    notes: pallet?.notes ?? '',
    weight: String(pallet?.weight ?? 0),
    pallet_spaces: String(pallet?.palletSpaces ?? 1),
  });
  const [error, setError] = useState<string | null>(null);
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  const isBusy = addPallet.isPending || editPallet.isPending || deletePallet.isPending;
  const title = pallet ? 'Edit Pallet' : 'Add Pallet';
  const palletName = pallet?.name || pallet?.palletNumber;
  const palletLabel = palletName ? `pallet ${palletName}` : 'the pallet';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const common = {
      customer_name: form.customer_name,
      name: form.name,
      pallet_number: form.pallet_number,
      notes: form.notes,
      weight: form.weight === '' ? 0 : form.weight,
    };
    const onError = (e: unknown) => setError(errorMessage(e));
    if (pallet) {
      editPallet.mutate(
        { id: pallet.id, body: { id: pallet.id, ...common, pallet_spaces: form.pallet_spaces } },
        { onSuccess: onClose, onError },
      );
    } else {
      addPallet.mutate(
        {
          shelf_id: target.shelfId,
          slot_index: target.slotIndex,
          ...common,
          shelf_spots: form.pallet_spaces,
        },
        { onSuccess: onClose, onError },
      );
    }
  };

  const onDelete = () => {
    if (!pallet) return;
    deletePallet.mutate(pallet.id, {
      onSuccess: onClose,
      onError: (e) => {
        setConfirmingDelete(false);
        setError(errorMessage(e));
      },
    });
  };

  const upper = (key: 'customer_name' | 'name') => (value: string) =>
    setForm({ ...form, [key]: value.toUpperCase() });

  return (
    <ModalDialog title={title} width="md" onClose={onClose}>
      <form onSubmit={onSubmit} className="mt-4 space-y-3">
        <TextField
          label="Customer Name"
          required
          maxLength={NAME_MAX_LENGTH}
          value={form.customer_name}
          onChange={(e) => upper('customer_name')(e.target.value)}
        />
        <TextField
          label="Pallet Name"
          maxLength={NAME_MAX_LENGTH}
          value={form.name}
          onChange={(e) => upper('name')(e.target.value)}
        />
        <TextField
          label="Pallet Number"
          maxLength={PALLET_NUMBER_MAX_LENGTH}
          value={form.pallet_number}
          onChange={(e) => setForm({ ...form, pallet_number: e.target.value })}
        />
        <TextAreaField
          label="Notes"
          maxLength={NOTE_MAX_LENGTH}
          value={form.notes}
          onChange={(e) => setForm({ ...form, notes: e.target.value })}
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="Weight"
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            value={form.weight}
            onChange={(e) => setForm({ ...form, weight: e.target.value })}
          />
          <TextField
            label="Pallet Spaces"
            required
            type="number"
            inputMode="numeric"
            min={PALLET_SPACES_MIN}
            step={1}
            value={form.pallet_spaces}
            onChange={(e) => setForm({ ...form, pallet_spaces: e.target.value })}
          />
        </div>
        <ErrorAlert message={error} />
        <DialogActions
          submitLabel="Save"
          isBusy={isBusy}
          onCancel={onClose}
          className="pt-2"
          start={
            pallet && (
              <button
                type="button"
                onClick={() => setConfirmingDelete(true)}
                disabled={isBusy}
                className="mr-auto min-h-11 rounded-lg bg-red-700 px-4 py-2 font-semibold text-white disabled:bg-slate-500"
              >
                Delete
              </button>
            )
          }
        />
      </form>
      <ConfirmDialog
        open={isConfirmingDelete}
        title="Delete Pallet"
        message={`Are you sure you want to delete ${palletLabel} of ${pallet?.customerName ?? ''}? This action cannot be undone.`}
        confirmLabel="Yes, delete it"
        tone="danger"
        isBusy={deletePallet.isPending}
        onClose={() => setConfirmingDelete(false)}
        onConfirm={onDelete}
      />
    </ModalDialog>
  );
}
