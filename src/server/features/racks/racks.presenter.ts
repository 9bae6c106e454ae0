import type { Pallet, Rack } from '../../../contracts/racks';
import type { PalletRow, RackRow, ShelfRow } from './racks.repository';

export function presentPallet(p: PalletRow): Pallet {
  return {
    id: p.id,
    name: p.name,
    customerName: p.customerName,
    customerId: p.customerId,
    pallet_number: p.palletNumber,
    notes: p.notes,
    weight: p.weight,
    shelf_spots: p.shelfSpots,
    pallet_spaces: p.shelfSpots,
    shelf_id: p.shelfId,
    slot_index: p.slotIndex,
  };
}

/** Racks with their shelves (by index) and each shelf's pallets (by slot). */
export function presentRacks(racks: readonly RackRow[], shelves: readonly ShelfRow[], pallets: readonly PalletRow[]): Rack[] {
  return racks.map((r) => ({
    id: r.id,
    name: r.name,
    orientation: r.orientation,
    width: r.width,
    length: r.length,
    position: { x: r.x, y: r.y },
    capacity: r.capacity,
    num_shelves: r.numShelves,
    shelves: shelves
      .filter((s) => s.rackId === r.id)
      .map((s) => ({
        id: s.id,
        index: s.shelfIndex,
        capacity: s.capacity,
        pallets: pallets.filter((p) => p.shelfId === s.id).map(presentPallet),
      })),
  }));
}
