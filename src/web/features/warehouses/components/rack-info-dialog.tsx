import { useState } from 'react';
import type { Rack } from '../../../../contracts/racks';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useDeleteRack } from '../../racks/api/use-delete-rack';
import { ModalDialog } from '../../../components/dialog';

const DELETE_RACK_WARNING =
  'Warning: This rack contains pallets. Deleting it will remove all associated pallets. Are you sure you want to continue?';

interface RackInfoDialogProps {
  rack: Rack;
  slug: string;
  warehouseId: number;
  onClose: () => void;
}

/** Name, Orientation, Width, Length, Capacity, Number of Shelves, with Delete and Close. */
export function RackInfoDialog({ rack, slug, warehouseId, onClose }: RackInfoDialogProps) {
  const deleteRack = useDeleteRack(slug, warehouseId);
  const [isConfirming, setIsConfirming] = useState(false);
  const hasPallets = rack.shelves.some((s) => s.pallets.length > 0);

  const remove = () =>
    deleteRack.mutate(rack.id, {
      onSuccess: onClose,
      onError: () => {
        setIsConfirming(false);
        window.alert('Failed to delete rack.');
      },
    });

  const rows: [string, string | number][] = [
    ['Name', rack.name],
    ['Orientation', rack.orientation],
    ['Width', `${rack.width} ft`],
    ['Length', `${rack.length} ft`],
    ['Capacity', rack.capacity],
    ['Number of Shelves', rack.num_shelves],
  ];

  return (
    <>
      <ModalDialog open={!isConfirming} title="Rack Info" width="md" onClose={onClose}>
        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-slate-600">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-6 flex justify-end gap-3">
          <button
            type="button"
            disabled={deleteRack.isPending}
            onClick={() => (hasPallets ? setIsConfirming(true) : remove())}
            className="rounded-lg bg-red-600 px-4 py-2 font-semibold text-white disabled:opacity-60"
          >
            Delete
          </button>
          <button
            type="button"
            onClick={onClose}
            className="rounded-lg border border-slate-300 px-4 py-2"
          >
            Close
          </button>
        </div>
      </ModalDialog>
      <ConfirmDialog
        open={isConfirming}
        title="Delete Rack"
        message={DELETE_RACK_WARNING}
        confirmLabel="Yes, delete it"
        tone="danger"
        isBusy={deleteRack.isPending}
        onConfirm={remove}
        onClose={() => setIsConfirming(false)}
      />
    </>
  );
}
