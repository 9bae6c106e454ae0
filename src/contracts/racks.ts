import { z } from 'zod';

export const orientationSchema = z.enum(['horizontal', 'vertical'], {
  error: 'Orientation must be horizontal or vertical.',
});

export const positionSchema = z.object({
  x: z.number({ error: 'x must be a number' }).finite(),
  y: z.number({ error: 'y must be a number' }).finite(),
});
export type Position = z.infer<typeof positionSchema>;

export const palletSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  customerName: z.string(),
  customerId: z.uuid(),
  pallet_number: z.string(),
  notes: z.string(),
  weight: z.number(),
  shelf_spots: z.number().int(),
  pallet_spaces: z.number().int(),
  shelf_id: z.uuid(),
  slot_index: z.number().int(),
});
export type Pallet = z.infer<typeof palletSchema>;

export const shelfSchema = z.object({
  id: z.uuid(),
  index: z.number().int(),
  capacity: z.number().int(),
  pallets: z.array(palletSchema),
});
export type Shelf = z.infer<typeof shelfSchema>;

export const rackSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  orientation: orientationSchema,
  width: z.number(),
  length: z.number(),
  position: positionSchema,
  capacity: z.number().int(),
  num_shelves: z.number().int(),
  shelves: z.array(shelfSchema),
});
export type Rack = z.infer<typeof rackSchema>;
