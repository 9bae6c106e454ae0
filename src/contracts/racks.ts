import { z } from 'zod';
import { normaliseName } from '../domain/names';
import { defineEndpoint } from './endpoint';
import {
  idInput,
  idParamsSchema,
  idSchema,
  numberInput,
  okSchema,
  wholeNumberInput,
} from './common';
import {
  DEFAULT_RACK_NAME,
  NAME_MAX_LENGTH,
  NOTE_MAX_LENGTH,
  PALLET_NUMBER_MAX_LENGTH,
  PALLET_SPACES_MIN,
  RACK_NAME_MAX_LENGTH,
  RACK_SHELVES_MAX,
  RACK_SHELVES_MIN,
  SHELF_CAPACITY_MAX,
  SHELF_CAPACITY_MIN,
} from './limits';

const orientationSchema = z.enum(['horizontal', 'vertical'], {
  error: 'Orientation must be horizontal or vertical.',
});

export const positionSchema = z.object({
  x: z.number({ error: 'x must be a number' }).finite(),
  y: z.number({ error: 'y must be a number' }).finite(),
});

/**
 * Pallets are read in camelCase by both clients (decision 0010); requests keep the spec's
 * snake_case names. `palletSpaces` repeats `shelfSpots` so an edit form can pre-fill it.
 * `slotIndex` is the 0-based slot of the pallet's first space: a client draws no pallet without it.
 */
const palletSchema = z.object({
  id: idSchema,
  name: z.string(),
  customerName: z.string(),
  customerId: idSchema,
  palletNumber: z.string(),
  notes: z.string(),
  weight: z.number(),
  shelfSpots: z.number().int(),
  palletSpaces: z.number().int(),
  shelfId: idSchema,
  slotIndex: z.number().int(),
});
export type Pallet = z.infer<typeof palletSchema>;

const shelfSchema = z.object({
  id: idSchema,
  rackId: idSchema,
  index: z.number().int(),
  capacity: z.number().int(),
  pallets: z.array(palletSchema),
});

export const rackSchema = z.object({
  id: idSchema,
  warehouseId: idSchema,
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

// ---- Requests and endpoints (issue 4) ----------------------------------------------------

/** A position as a client sends it: both coordinates required, in feet. */
export const positionInputSchema = z.object(
  {
    x: numberInput('Position x'),
    y: numberInput('Position y'),
  },
  { error: 'Position is required.' },
);

const feet = (label: string) =>
  numberInput(label).pipe(z.number().positive(`${label} must be greater than 0.`));

const rackName = z
  .string({ error: 'Name must be text.' })
  .trim()
  .max(RACK_NAME_MAX_LENGTH, `Name must be at most ${RACK_NAME_MAX_LENGTH} characters.`)
  .transform((v) => v || DEFAULT_RACK_NAME);

export const addRackBodySchema = z.object({
  name: rackName.optional().default(DEFAULT_RACK_NAME),
  orientation: orientationSchema.optional().default('horizontal'),
  position: positionInputSchema,
  width: feet('Width'),
  length: feet('Length'),
  num_shelves: wholeNumberInput('Number of shelves').pipe(
    z
      .number()
      .min(RACK_SHELVES_MIN, `Number of shelves must be at least ${RACK_SHELVES_MIN}.`)
      .max(RACK_SHELVES_MAX, `Number of shelves must be at most ${RACK_SHELVES_MAX}.`),
  ),
  // Issue 4 decision: the builder's capacity defaults to 1 spot per shelf.
  capacity: wholeNumberInput('Capacity')
    .pipe(
      z
        .number()
        .min(SHELF_CAPACITY_MIN, `Capacity must be at least ${SHELF_CAPACITY_MIN}.`)
        .max(SHELF_CAPACITY_MAX, `Capacity must be at most ${SHELF_CAPACITY_MAX}.`),
    )
    .optional()
    .default(SHELF_CAPACITY_MIN),
});
export type AddRackBody = z.infer<typeof addRackBodySchema>;

/**
 * A rack update is a move first (decision 0200, amended 2026-11-22): what is left out keeps its
 * current value, so no request shrinks or turns a rack by omission. `position` carries x and y
 * only; the width and length some clients put inside it (0 or 1 when they have none) are
 * ignored. A resize sends top-level `width` / `length`.
 */
const updateRackBodySchema = z.object({
  name: rackName.optional(),
  orientation: orientationSchema.optional(),
  position: z
    .object(
      { x: numberInput('Position x').optional(), y: numberInput('Position y').optional() },
      { error: 'Position must be an object with x and y.' },
    )
    .optional(),
  width: feet('Width').optional(),
  length: feet('Length').optional(),
});
export type UpdateRackBody = z.infer<typeof updateRackBodySchema>;

const rackParamsSchema = z.object({ warehouseId: idInput(), rackId: idInput() });

const plainText = (label: string, max: number) =>
  z
    .union([z.string(), z.number()], { error: `${label} must be text.` })
    .nullish()
    .transform((v) => (v === null || v === undefined ? '' : String(v).trim()))
    .pipe(z.string().max(max, `${label} must be at most ${max} characters.`));

const upperText = (label: string, max: number) =>
  plainText(label, max).transform((v) => v.toUpperCase());

const customerName = z
  .string({ error: 'Customer name is required.' })
  .trim()
  .min(1, 'Customer name is required.')
  .max(NAME_MAX_LENGTH, `Customer name must be at most ${NAME_MAX_LENGTH} characters.`)
  .transform(normaliseName);

const palletSpaces = (label: string) =>
  wholeNumberInput(label).pipe(
    z.number().min(PALLET_SPACES_MIN, `${label} must be at least ${PALLET_SPACES_MIN}.`),
  );

const weight = numberInput('Weight').pipe(z.number().min(0, 'Weight cannot be negative.'));

export const addPalletBodySchema = z.object({
  // Checked by the service, so that a missing or unknown shelf gets the spec's one sentence.
  shelf_id: z.unknown().optional(),
  name: upperText('Pallet name', NAME_MAX_LENGTH),
  customer_name: customerName,
  pallet_number: plainText('Pallet number', PALLET_NUMBER_MAX_LENGTH),
  notes: plainText('Notes', NOTE_MAX_LENGTH),
  weight: weight.optional().default(0),
  shelf_spots: palletSpaces('Pallet spaces').optional(),
  /** Accepted as another name for shelf_spots, the word the edit call uses. */
  pallet_spaces: palletSpaces('Pallet spaces').optional(),
  slot_index: wholeNumberInput('Slot index')
    .pipe(z.number().min(0, 'Slot index cannot be negative.'))
    .optional(),
});
export type AddPalletBody = z.infer<typeof addPalletBodySchema>;

/** Edit changes what it is sent and keeps the rest; the pallet stays on its shelf. */
const editPalletBodySchema = z.object({
  id: z.unknown().optional(),
  name: upperText('Pallet name', NAME_MAX_LENGTH).optional(),
  customer_name: customerName.optional(),
  pallet_number: plainText('Pallet number', PALLET_NUMBER_MAX_LENGTH).optional(),
  notes: plainText('Notes', NOTE_MAX_LENGTH).optional(),
  weight: weight.optional(),
  pallet_spaces: palletSpaces('Pallet spaces').optional(),
  shelf_spots: palletSpaces('Pallet spaces').optional(),
});
export type EditPalletBody = z.infer<typeof editPalletBodySchema>;

export const listWarehouseRacks = defineEndpoint({
  method: 'GET',
  path: '/api/racks/warehouse/:id',
  summary: 'The racks of a warehouse, with their shelves and pallets.',
  tag: 'racks',
  access: 'session',
  params: idParamsSchema,
  response: z.array(rackSchema),
});

export const addRack = defineEndpoint({
  method: 'POST',
  path: '/api/racks/warehouse/:id/add',
  summary: 'Creates a rack with its shelves at a free spot inside the warehouse.',
  tag: 'racks',
  access: 'session',
  role: 'office',
  params: idParamsSchema,
  body: addRackBodySchema,
  response: rackSchema,
});

export const updateRack = defineEndpoint({
  method: 'PUT',
  path: '/api/racks/:warehouseId/rack/:rackId',
  summary:
    'Moves a rack (position x, y); top-level width, length and orientation resize or turn it. What is left out stays; it must stay inside the warehouse and clear of others.',
  tag: 'racks',
  access: 'session',
  role: 'office',
  params: rackParamsSchema,
  body: updateRackBodySchema,
  response: rackSchema,
});

export const deleteRack = defineEndpoint({
  method: 'DELETE',
  path: '/api/racks/:warehouseId/rack/:rackId/delete',
  summary: 'Deletes a rack with its shelves and pallets.',
  tag: 'racks',
  access: 'session',
  role: 'office',
  params: rackParamsSchema,
  response: okSchema,
});

export const addPallet = defineEndpoint({
  method: 'POST',
  path: '/api/racks/pallets',
  summary: 'Puts a pallet on a shelf that has room for it.',
  tag: 'racks',
  access: 'session',
  body: addPalletBodySchema,
  response: palletSchema,
});

export const editPallet = defineEndpoint({
  method: 'PUT',
  path: '/api/racks/pallets/:id/edit',
  summary: 'Edits a pallet; its spaces must still fit on its shelf.',
  tag: 'racks',
  access: 'session',
  params: idParamsSchema,
  body: editPalletBodySchema,
  response: palletSchema,
});

export const deletePallet = defineEndpoint({
  method: 'DELETE',
  path: '/api/pallets/:id/delete',
  summary: 'Takes a pallet off its shelf.',
  tag: 'racks',
  access: 'session',
  params: idParamsSchema,
  response: okSchema,
});
