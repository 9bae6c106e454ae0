import type { Rack } from '../../../../contracts/racks';
import { rackFillLevel, type RackFillLevel } from '../../../../domain/shelf-space';

export const fillClass: Record<RackFillLevel, string> = {
  full: 'bg-field-full',
  warning: 'bg-field-warning',
  success: 'bg-field-success',
};

export function rackLevel(rack: Rack): RackFillLevel {
  return rackFillLevel(
    rack.shelves.map((s) => ({
      capacity: s.capacity,
      pallets: s.pallets.map((p) => ({ id: p.id, spaces: p.shelfSpots })),
    })),
  );
}
