import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragMoveEvent,
  type Announcements,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import { useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import type { Rack } from '../../../../contracts/racks';
import type { Warehouse } from '../../../../contracts/warehouses';
import {
  findPlacementProblem,
  floorSize,
  overlapSentence,
  rackFootprint,
  snapPosition,
  vaultBlockFootprint,
  type Point,
  type Rect,
  type Size,
} from '../../../../domain/floor-plan';
import { firstFreeSpot } from '../../../../domain/free-spot';
import { ErrorAlert } from '../../../components/error-alert';
import { errorMessage } from '../../../lib/api';
import { useAddRack } from '../../racks/api/use-add-rack';
import { useUpdateRack } from '../../racks/api/use-update-rack';
import { fillClass, rackLevel } from '../../racks/components/rack-colors';
import { useMoveFieldGrid } from '../api/use-move-field-grid';
import {
  BUILDER_ID,
  BUILDER_PX_PER_FOOT,
  RackBuilder,
  builderRack,
  type BuilderForm,
} from './rack-builder';
import { RackInfoDialog } from './rack-info-dialog';

/** Spec §9: drag handling runs at most every 100 ms. */
const DRAG_THROTTLE_MS = 100;
const VAULTS_ID = 'vaults-block';
const FLOOR_ID = 'floor-plan';

const round = (n: number) => Math.round(n * 100) / 100;
/** The floor's border (`border-4`), on each side. */
const FLOOR_BORDER_PX = 4;

/**
 * Pixels per foot for a floor in a box `boxWidth` wide: the spec's 10, or less where the floor
 * would not fit, so a phone sees the whole floor as Rack View shows it (issue 30).
 */
function floorScale(boxWidth: number | null, floorWidthFeet: number): number {
  if (boxWidth === null || floorWidthFeet <= 0) return BUILDER_PX_PER_FOOT;
  const room = boxWidth - 2 * FLOOR_BORDER_PX;
  return Math.min(BUILDER_PX_PER_FOOT, room / floorWidthFeet);
}

/** The width of an element, kept up to date as the window or the layout changes. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

function Draggable({
  id,
  label,
  rect,
  pxPerFoot,
  className,
  onClick,
  children,
}: {
  id: UniqueIdentifier;
  label: string;
  rect: Rect;
  pxPerFoot: number;
  className: string;
  onClick?: () => void;
  children: ReactNode;
}) {
  const px = (feet: number) => feet * pxPerFoot;
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id });
  const style: CSSProperties = {
    left: px(rect.x),
    top: px(rect.y),
    width: px(rect.w),
    height: px(rect.h),
    transform: CSS.Translate.toString(transform),
    zIndex: isDragging ? 20 : undefined,
    touchAction: 'none',
  };
  return (
    <button
      ref={setNodeRef}
      type="button"
      {...attributes}
      {...listeners}
      aria-label={label}
      onClick={onClick}
      style={style}
      className={`absolute flex items-center justify-center overflow-hidden text-xs font-semibold ${className}`}
    >
      {children}
    </button>
  );
}

function Floor({
  size,
  pxPerFoot,
  children,
  floorRef,
}: {
  size: Size;
  pxPerFoot: number;
  children: ReactNode;
  floorRef: (el: HTMLDivElement | null) => void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: FLOOR_ID });
  const px = (feet: number) => feet * pxPerFoot;
  return (
    <div className="max-h-[75vh] w-fit max-w-full overflow-auto rounded-lg border-4 border-slate-700">
      <div
        ref={(el) => {
          setNodeRef(el);
          floorRef(el);
        }}
        role="group"
        aria-label="Warehouse floor plan"
        className={`relative ${isOver ? 'bg-brand-50' : 'bg-slate-50'}`}
        style={{
          width: px(size.w),
          height: px(size.h),
          backgroundImage:
            'linear-gradient(#e2e8f0 1px, transparent 1px), linear-gradient(90deg, #e2e8f0 1px, transparent 1px)',
          backgroundSize: `${px(5)}px ${px(5)}px`,
        }}
      >
        {children}
      </div>
    </div>
  );
}

/** The floor plan where the VAULTS block and racks are dragged, and the 'Add a Rack' builder. */
export function LayoutEditor({ warehouse }: { warehouse: Warehouse }) {
  const addRack = useAddRack(warehouse.slug, warehouse.id);
  const updateRack = useUpdateRack(warehouse.slug, warehouse.id);
  const moveFieldGrid = useMoveFieldGrid(warehouse.slug, warehouse.id);
  const floorEl = useRef<HTMLDivElement | null>(null);
  const lastMove = useRef(0);
  const [ghost, setGhost] = useState<Rect | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [infoRackId, setInfoRackId] = useState<number | null>(null);
  const [builder, setBuilder] = useState<BuilderForm>({
    name: 'Unnamed Rack',
    length: '4',
    width: '12',
    num_shelves: '1',
    capacity: '1',
    orientation: 'horizontal',
  });

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 5 } }),
    // Enter stays a click (opens the rack's info); Space picks up and drops.
    useSensor(KeyboardSensor, {
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );

  const floor = floorSize(warehouse);
  const [floorBoxRef, floorBoxWidth] = useWidth();
  const pxPerFoot = floorScale(floorBoxWidth, floor.w);
  const px = (feet: number) => feet * pxPerFoot;
  const block: Rect = { ...warehouse.fieldgridLocation, ...vaultBlockFootprint(warehouse) };
  const rackRect = (rack: Rack): Rect => ({ ...rack.position, ...rackFootprint(rack) });
  const othersThan = (id: UniqueIdentifier) =>
    warehouse.racks.filter((r) => r.id !== id).map(rackRect);
  const infoRack = warehouse.racks.find((r) => r.id === infoRackId) ?? null;
  // Where the last drop landed, for the sentence a screen reader hears after it.
  const landed = useRef<Point | null>(null);
  // Why the last drop put nothing down, for the same sentence.
  const refusal = useRef<string | null>(null);

  /** What a screen reader calls a dragged thing: its name, never its id. */
  const nameOf = (id: UniqueIdentifier) => {
    if (id === BUILDER_ID) return `New rack ${builder.name}`;
    if (id === VAULTS_ID) return 'VAULTS block';
    const rack = warehouse.racks.find((r) => r.id === id);
    return rack ? `Rack ${rack.name}` : 'Item';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${nameOf(active.id)}. Use the arrow keys to move it, Space to drop, Escape to cancel.`,
    onDragOver: ({ active, over }) =>
      over?.id === FLOOR_ID ? `${nameOf(active.id)} is over the floor plan.` : undefined,
    onDragEnd: ({ active }) => {
      const spot = landed.current;
      if (!spot) return refusal.current ?? `${nameOf(active.id)} was not moved.`;
      const verb = active.id === BUILDER_ID ? 'added at' : 'moved to';
      return `${nameOf(active.id)} ${verb} x ${spot.x}, y ${spot.y}.`;
    },
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };

  /** Why `rect` cannot take the dragged item: the server's sentence, or null when it can. */
  const takenSentence = (id: UniqueIdentifier, rect: Rect): string | null => {
    const obstacles = [
      ...(id === VAULTS_ID ? [] : [{ label: 'the VAULTS block', rect: block }]),
      ...warehouse.racks
        .filter((r) => r.id !== id)
        .map((r) => ({ label: `rack "${r.name}"`, rect: rackRect(r) })),
    ];
    const problem = findPlacementProblem(rect, floor, obstacles);
    if (problem?.kind !== 'overlap') return null;
    const rack = warehouse.racks.find((r) => r.id === id);
    const subject = id === VAULTS_ID ? 'The VAULTS block' : `Rack "${rack?.name ?? ''}"`;
    return overlapSentence(subject, rect, problem.with);
  };

  /** A rack from the builder at the first free spot: Enter on it, or a keyboard drop. */
  const addAtFirstFreeSpot = () => {
    setMessage(null);
    landed.current = null;
    const built = builderRack(builder);
    if (!built) {
      setMessage('Fill in the rack size, shelves and shelf capacity first.');
      return;
    }
    const spot = firstFreeSpot(rackFootprint(built), floor, [
      block,
      ...warehouse.racks.map(rackRect),
    ]);
    if (!spot) {
      setMessage('There is no free spot on the floor for a rack of this size.');
      return;
    }
    landed.current = spot;
    addRack.mutate(
      { ...built, position: spot },
      { onError: (e: unknown) => setMessage(errorMessage(e)) },
    );
  };

  /** Where the dragged item would land: snapped to walls and rack corners, clamped inside. */
  const landing = (
    event: DragMoveEvent | DragEndEvent,
  ): { id: UniqueIdentifier; rect: Rect } | null => {
    const id = event.active.id;
    const delta = { x: event.delta.x / pxPerFoot, y: event.delta.y / pxPerFoot };
    let raw: Point;
    let size: Size;
    if (id === BUILDER_ID) {
      const built = builderRack(builder);
      const translated = event.active.rect.current.translated;
      const floorBox = floorEl.current?.getBoundingClientRect();
      if (!built || !translated || !floorBox) return null;
      raw = {
        x: (translated.left - floorBox.left) / pxPerFoot,
        y: (translated.top - floorBox.top) / pxPerFoot,
      };
      size = rackFootprint(built);
    } else if (id === VAULTS_ID) {
      raw = { x: block.x + delta.x, y: block.y + delta.y };
      size = block;
    } else {
      const rack = warehouse.racks.find((r) => r.id === id);
      if (!rack) return null;
      raw = { x: rack.position.x + delta.x, y: rack.position.y + delta.y };
      size = rackFootprint(rack);
    }
    const snapped = snapPosition(raw, size, floor, othersThan(id));
    return { id, rect: { x: round(snapped.x), y: round(snapped.y), w: size.w, h: size.h } };
  };

  const onDragMove = (event: DragMoveEvent) => {
    const now = Date.now();
    if (now - lastMove.current < DRAG_THROTTLE_MS) return;
    lastMove.current = now;
    const isOverFloor = event.active.id !== BUILDER_ID || event.over?.id === FLOOR_ID;
    setGhost(isOverFloor ? (landing(event)?.rect ?? null) : null);
  };

  const onDragEnd = (event: DragEndEvent) => {
    setGhost(null);
    setMessage(null);
    landed.current = null;
    refusal.current = null;
    const onError = (e: unknown) => setMessage(errorMessage(e));
    const id = event.active.id;
    if (id === BUILDER_ID) {
      // A keyboard cannot aim across the page: the rack goes to the first free spot.
      if (event.activatorEvent instanceof KeyboardEvent) {
        addAtFirstFreeSpot();
        return;
      }
      if (event.over?.id !== FLOOR_ID) return;
      const built = builderRack(builder);
      if (!built) {
        console.error('Rack drop ignored: capacity is missing');
        return;
      }
      const spot = landing(event);
      if (!spot) return;
      landed.current = { x: spot.rect.x, y: spot.rect.y };
      addRack.mutate({ ...built, position: { x: spot.rect.x, y: spot.rect.y } }, { onError });
      return;
    }
    if (event.delta.x === 0 && event.delta.y === 0) return;
    const spot = landing(event);
    if (!spot) return;
    // On another rack or the VAULTS block it stays where it was, and the page says why
    // above the floor, where a phone shows it, without waiting for the server's refusal.
    const taken = takenSentence(id, spot.rect);
    if (taken) {
      refusal.current = taken;
      setMessage(taken);
      return;
    }
    const position = { x: spot.rect.x, y: spot.rect.y };
    landed.current = position;
    if (id === VAULTS_ID) {
      moveFieldGrid.mutate(position, { onError });
      return;
    }
    const rack = warehouse.racks.find((r) => r.id === id);
    if (!rack) return;
    // A move sends the position only; the server keeps the rack's size and orientation.
    updateRack.mutate({ rackId: rack.id, body: { position } }, { onError });
  };

  return (
    <section aria-label="Warehouse layout" className="space-y-4 rounded-2xl bg-white p-4 shadow-sm">
      <h2 className="text-lg font-bold">Edit Warehouse Layout</h2>
      <p className="text-sm text-slate-700">
        Drag the VAULTS block and the racks with a mouse or finger, or focus one and press Space,
        then the arrow keys, then Space again. Select a rack to see its info. Enter on “Add a Rack”
        places a new rack at the first free spot.
      </p>
      <DndContext
        accessibility={{ announcements }}
        sensors={sensors}
        onDragMove={onDragMove}
        onDragEnd={onDragEnd}
        onDragCancel={() => setGhost(null)}
      >
        <div className="flex flex-col gap-4 xl:flex-row xl:items-start">
          <RackBuilder form={builder} onChange={setBuilder} onAdd={addAtFirstFreeSpot} />
          <div ref={floorBoxRef} className="min-w-0 flex-1">
            <ErrorAlert message={message} className="mb-2" />
            <Floor size={floor} pxPerFoot={pxPerFoot} floorRef={(el) => (floorEl.current = el)}>
              <Draggable
                id={VAULTS_ID}
                label="VAULTS block"
                rect={block}
                pxPerFoot={pxPerFoot}
                className="border-2 border-brand-700 bg-brand-50/90 text-brand-900"
              >
                VAULTS
              </Draggable>
              {warehouse.racks.map((rack) => (
                <Draggable
                  key={rack.id}
                  id={rack.id}
                  label={`Rack ${rack.name}`}
                  rect={rackRect(rack)}
                  pxPerFoot={pxPerFoot}
                  onClick={() => setInfoRackId(rack.id)}
                  className={`border border-slate-700 ${fillClass[rackLevel(rack)]}`}
                >
                  <span className="min-w-0 truncate px-0.5">{rack.name}</span>
                </Draggable>
              ))}
              {ghost && (
                <div
                  data-testid="drop-preview"
                  aria-hidden="true"
                  className="pointer-events-none absolute border-2 border-dashed border-brand-600"
                  style={{
                    left: px(ghost.x),
                    top: px(ghost.y),
                    width: px(ghost.w),
                    height: px(ghost.h),
                  }}
                />
              )}
            </Floor>
          </div>
        </div>
      </DndContext>
      {infoRack && (
        <RackInfoDialog
          rack={infoRack}
          slug={warehouse.slug}
          warehouseId={warehouse.id}
          onClose={() => setInfoRackId(null)}
        />
      )}
    </section>
  );
}
