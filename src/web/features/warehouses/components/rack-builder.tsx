import { useDraggable } from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import {
  RACK_NAME_MAX_LENGTH,
  RACK_SHELVES_MIN,
  SHELF_CAPACITY_MIN,
} from '../../../../contracts/limits';
import { rackFootprint, type Orientation } from '../../../../domain/floor-plan';

export const BUILDER_ID = 'rack-builder';
/** Spec §9: the rack builder and its floor plan draw 10 pixels per foot. */
export const BUILDER_PX_PER_FOOT = 10;

export interface BuilderForm {
  name: string;
  length: string;
  width: string;
  num_shelves: string;
  capacity: string;
  orientation: Orientation;
}

/** The rack the builder would create, or null when it cannot (a drop without capacity is ignored). */
export function builderRack(form: BuilderForm) {
  const width = Number(form.width);
  const length = Number(form.length);
  const numShelves = Number(form.num_shelves);
  const capacity = Number(form.capacity);
  if (form.capacity.trim() === '' || !Number.isInteger(capacity) || capacity < SHELF_CAPACITY_MIN)
    return null;
  if (
    !(width > 0) ||
    !(length > 0) ||
    !Number.isInteger(numShelves) ||
    numShelves < RACK_SHELVES_MIN
  )
    return null;
  return {
    name: form.name,
    width,
    length,
    num_shelves: numShelves,
    capacity,
    orientation: form.orientation,
  };
}

function BuilderHandle({ form, onAdd }: { form: BuilderForm; onAdd: () => void }) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: BUILDER_ID,
  });
  const size = rackFootprint({
    width: Number(form.width) || 1,
    length: Number(form.length) || 1,
    orientation: form.orientation,
  });
  return (
    <button
      ref={setNodeRef}
      type="button"
      {...attributes}
      {...listeners}
      aria-label="Add a Rack"
      onClick={(e) => {
        // Enter (or a click without a drag): the pointer sensor only starts after 4 px.
        if (e.detail === 0) onAdd();
      }}
      style={{
        width: Math.min(size.w * BUILDER_PX_PER_FOOT, 320),
        height: Math.min(size.h * BUILDER_PX_PER_FOOT, 320),
        transform: CSS.Translate.toString(transform),
        zIndex: isDragging ? 30 : undefined,
        touchAction: 'none',
        position: 'relative',
      }}
      className="flex min-h-8 min-w-8 items-center justify-center border-2 border-dashed border-slate-700 bg-field-success text-xs font-semibold"
    >
      Add a Rack
    </button>
  );
}

export function RackBuilder({
  form,
  onChange,
  onAdd,
}: {
  form: BuilderForm;
  onChange: (form: BuilderForm) => void;
  /** Adds the rack at the first free spot, for a keyboard that cannot aim a drop. */
  onAdd: () => void;
}) {
  const input = 'mt-1 block min-h-11 w-full rounded-lg border border-slate-400 px-2 py-2';
  const number = (
    key: 'length' | 'width' | 'num_shelves' | 'capacity',
    label: string,
    min: number,
    step: number | 'any',
  ) => (
    <label className="block">
      <span className="text-sm font-medium">{label}</span>
      <input
        type="number"
        inputMode={step === 'any' ? 'decimal' : 'numeric'}
        min={min}
        step={step}
        value={form[key]}
        onChange={(e) => onChange({ ...form, [key]: e.target.value })}
        className={input}
      />
    </label>
  );
  return (
    <div
      aria-label="Rack builder"
      role="group"
      className="space-y-3 rounded-lg border border-slate-300 p-3 xl:w-72"
    >
      <h3 className="font-semibold">Add a Rack</h3>
      <label className="block">
        <span className="text-sm font-medium">Rack Name</span>
        <input
          maxLength={RACK_NAME_MAX_LENGTH}
          value={form.name}
          onChange={(e) => onChange({ ...form, name: e.target.value })}
          className={input}
        />
      </label>
      <div className="grid grid-cols-2 gap-2">
        {number('length', 'Length', 0.5, 'any')}
        {number('width', 'Width', 0.5, 'any')}
        {number('num_shelves', 'Shelves', RACK_SHELVES_MIN, 1)}
        {number('capacity', 'Shelf Capacity', SHELF_CAPACITY_MIN, 1)}
      </div>
      <label className="block">
        <span className="text-sm font-medium">Direction</span>
        <select
          value={form.orientation}
          onChange={(e) =>
            onChange({
              ...form,
              orientation: e.target.value === 'vertical' ? 'vertical' : 'horizontal',
            })
          }
          className={input}
        >
          <option value="horizontal">Horizontal</option>
          <option value="vertical">Vertical</option>
        </select>
      </label>
      <p className="text-xs text-slate-700">
        Drag this onto the floor plan, or press Enter on it to place it at the first free spot:
      </p>
      <BuilderHandle form={form} onAdd={onAdd} />
    </div>
  );
}
