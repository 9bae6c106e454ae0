import type { SessionUser } from '../../contracts/auth';
import { createChecklistBodySchema, updateChecklistBodySchema } from '../../contracts/checklists';
import { addPalletBodySchema, addRackBodySchema } from '../../contracts/racks';
import type { Db } from '../db/client';
import { addChecklistImage } from '../features/checklists/checklist-images.service';
import { createChecklist, updateChecklist } from '../features/checklists/checklists.service';
import { addPallet, addRack } from '../features/racks/racks.service';
import type { FileStorage } from '../storage/storage';

/** A 1 x 1 PNG: the smallest image the checklist upload accepts. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const RACKS = [
  { name: 'North', x: 25, y: 2, pallets: ['GARCIA, M', 'LEE, A', 'PATEL, R'] },
  { name: 'Middle', x: 25, y: 12, pallets: ['NGUYEN, T', 'OKAFOR, J'] },
  { name: 'South', x: 25, y: 22, pallets: ['CHEN, S'] },
];

/**
 * Issue 11 §5: the demo shows the rack and checklist screens filled in too. Goes through the
 * services, as staff would, so the data obeys every rule the screens rely on.
 */
export async function addDemoFloorExtras(
  db: Db,
  storage: FileStorage,
  user: SessionUser,
  rackWarehouseId: number,
): Promise<void> {
  for (const plan of RACKS) {
    const rack = await addRack(
      db,
      user,
      rackWarehouseId,
      addRackBodySchema.parse({
        name: plan.name,
        position: { x: plan.x, y: plan.y },
        width: 12,
        length: 4,
        num_shelves: 3,
        capacity: 4,
      }),
    );
    for (const [i, customer] of plan.pallets.entries()) {
      const shelf = rack.shelves[i % rack.shelves.length];
      if (!shelf) continue;
      await addPallet(
        db,
        user,
        addPalletBodySchema.parse({
          shelf_id: shelf.id,
          customer_name: customer,
          name: `PALLET ${i + 1}`,
          pallet_number: `P-${plan.name.slice(0, 1)}${i + 1}`,
          notes: i === 0 ? 'Shrink-wrapped, do not stack' : '',
          weight: 300 + i * 120,
          shelf_spots: i === 0 ? 2 : 1,
        }),
      );
    }
  }

  const checklist = await createChecklist(
    db,
    storage,
    user,
    createChecklistBodySchema.parse({
      warehouse_id: rackWarehouseId,
      description: 'Opening round, every morning before the first truck',
      tasks: ['Unlock the dock doors', 'Check the fire extinguishers', 'Sweep aisle 3'],
      is_active: true,
    }),
  );
  await updateChecklist(
    db,
    user,
    checklist.id,
    updateChecklistBodySchema.parse({
      filled_out_by: 'Maria Lopez',
      note: 'Aisle 3 is blocked by the Garcia delivery until noon.',
      tasks: [
        { text: 'Unlock the dock doors', completed: true, completed_by: 'Maria Lopez' },
        { text: 'Check the fire extinguishers', completed: true, completed_by: 'Sam Carter' },
        {
          // Answered No: an answer with a reason (checklist rules).
          text: 'Sweep aisle 3',
          completed: true,
          completed_by: 'Maria Lopez',
          reason: 'Pallets from the Garcia delivery stand in the aisle.',
        },
      ],
    }),
    [],
  );
  await addChecklistImage(db, storage, user, { id: checklist.id, grants: [] }, async () => ({
    data: TINY_PNG,
    fileName: 'dock-doors.png',
  }));
}
