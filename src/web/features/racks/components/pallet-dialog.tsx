import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useState, type FormEvent } from 'react';
import {
  NAME_MAX_LENGTH,
  NOTE_MAX_LENGTH,
  PALLET_NUMBER_MAX_LENGTH,
  PALLET_SPACES_MIN,
} from '../../../../contracts/limits';
import type { Pallet } from '../../../../contracts/racks';
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
  const isBusy = addPallet.isPending || editPallet.isPending || deletePallet.isPending;
  const title = pallet ? 'Edit Pallet' : 'Add Pallet';

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
      onError: (e) => setError(errorMessage(e)),
    });
  };

  const upper = (key: 'customer_name' | 'name') => (value: string) =>
    setForm({ ...form, [key]: value.toUpperCase() });
  const input = 'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2';

  return (
    <Dialog open onClose={onClose} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="max-h-full w-full max-w-md overflow-y-auto rounded-2xl bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-bold">{title}</DialogTitle>
          <form onSubmit={onSubmit} className="mt-4 space-y-3">
            <label className="block">
              <span className="text-sm font-medium">Customer Name</span>
              <input
                required
                maxLength={NAME_MAX_LENGTH}
                value={form.customer_name}
                onChange={(e) => upper('customer_name')(e.target.value)}
                className={input}
              />
            </label>
            <label className="block">
              <span className="text-sm font-medium">Pallet Name</span>
              <input
                maxLength={NAME_MAX_LENGTH}
                value={form.name}
                onChange={(e) => upper('name')(e.target.value)}
                className={input}
              />
            </label>
            <label className="block">
              <span className="text-sm font-medium">Pallet Number</span>
              <input
                maxLength={PALLET_NUMBER_MAX_LENGTH}
                value={form.pallet_number}
                onChange={(e) => setForm({ ...form, pallet_number: e.target.value })}
                className={input}
              />
            </label>
            <label className="block">
              <span className="text-sm font-medium">Notes</span>
              <textarea
                maxLength={NOTE_MAX_LENGTH}
                value={form.notes}
                onChange={(e) => setForm({ ...form, notes: e.target.value })}
                className={input}
              />
            </label>
            <div className="grid grid-cols-2 gap-3">
              <label className="block">
                <span className="text-sm font-medium">Weight</span>
                <input
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step="any"
                  value={form.weight}
                  onChange={(e) => setForm({ ...form, weight: e.target.value })}
                  className={input}
                />
              </label>
              <label className="block">
                <span className="text-sm font-medium">Pallet Spaces</span>
                <input
                  required
                  type="number"
                  inputMode="numeric"
                  min={PALLET_SPACES_MIN}
                  step={1}
                  value={form.pallet_spaces}
                  onChange={(e) => setForm({ ...form, pallet_spaces: e.target.value })}
                  className={input}
                />
              </label>
            </div>
            {error && (
              <p role="alert" className="rounded bg-red-50 p-2 text-sm text-red-700">
                {error}
              </p>
            )}
            <div className="flex flex-wrap justify-end gap-3 pt-2">
              {pallet && (
                <button
                  type="button"
                  onClick={onDelete}
                  disabled={isBusy}
                  className="mr-auto rounded-lg bg-red-600 px-4 py-2 font-semibold text-white disabled:opacity-60"
                >
                  Delete
                </button>
              )}
              <button
                type="button"
                onClick={onClose}
                className="rounded-lg border border-slate-300 px-4 py-2"
              >
                Cancel
              </button>
              <button
                type="submit"
                disabled={isBusy}
                className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white disabled:opacity-60"
              >
                Save
              </button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
