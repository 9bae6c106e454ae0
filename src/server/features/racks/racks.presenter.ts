import type { Pallet, Rack } from '../../../contracts/racks';
import { groupBy } from '../../lib/group-by';
import type { PalletRow, RackRow, ShelfRow } from './racks.repository';

export function presentPallet(p: PalletRow): Pallet {
  return {
    id: p.id,
    name: p.name,
    customerName: p.customerName,
    customerId: p.customerId,
    palletNumber: p.palletNumber,
    notes: p.notes,
    weight: p.weight,
    shelfSpots: p.shelfSpots,
    palletSpaces: p.shelfSpots,
    shelfId: p.shelfId,
    slotIndex: p.slotIndex,
  };
}

/**
 * Presents racks with their shelves (by index) and each shelf's pallets (by slot); the
 * shelves and pallets are grouped once, so one presenter serves a whole company's racks.
 */
function rackPresenter(
  shelves: readonly ShelfRow[],
  pallets: readonly PalletRow[],
): (r: RackRow) => Rack {
  const shelvesByRack = groupBy(shelves, (s) => s.rackId);
  const palletsByShelf = groupBy(pallets, (p) => p.shelfId);
  return (r) => ({
    id: r.id,
    warehouseId: r.warehouseId,
    name: r.name,
    orientation: r.orientation,
    width: r.width,
    length: r.length,
    position: { x: r.x, y: r.y },
    capacity: r.capacity,
    num_shelves: r.numShelves,
    shelves: (shelvesByRack.get(r.id) ?? []).map((s) => ({
      id: s.id,
      rackId: s.rackId,
      index: s.shelfIndex,
      capacity: s.capacity,
      pallets: (palletsByShelf.get(s.id) ?? []).map(presentPallet),
    })),
  });
}

export function presentRacks(
  racks: readonly RackRow[],
  shelves: readonly ShelfRow[],
  pallets: readonly PalletRow[],
): Rack[] {
  return racks.map(rackPresenter(shelves, pallets));
}
