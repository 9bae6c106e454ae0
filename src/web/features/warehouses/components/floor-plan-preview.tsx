import type { Warehouse } from '../../../../contracts/warehouses';
import { rackFootprint, vaultBlockFootprint } from '../../../../domain/floor-plan';

/** Spec §9: the floor plan preview draws 2 pixels per foot. */
const PREVIEW_PX_PER_FOOT = 2;

export function FloorPlanPreview({ warehouse }: { warehouse: Warehouse }) {
  const px = (feet: number) => feet * PREVIEW_PX_PER_FOOT;
  const block = vaultBlockFootprint(warehouse);
  return (
    <figure className="rounded-2xl bg-white p-4 shadow-sm">
      <figcaption className="mb-2 text-sm font-semibold">
        Floor plan preview ({warehouse.width} x {warehouse.length} ft)
      </figcaption>
      {/* Drawn in feet and shown at 2 px per foot; on a phone narrower than the drawing it
          shrinks to the card's width instead of pushing the page sideways. */}
      <svg
        aria-hidden="true"
        viewBox={`0 0 ${warehouse.width} ${warehouse.length}`}
        className="block h-auto max-w-full"
        style={{ width: px(warehouse.width) }}
      >
        <rect
          width={warehouse.width}
          height={warehouse.length}
          className="fill-slate-50 stroke-slate-700"
          strokeWidth={4}
          vectorEffect="non-scaling-stroke"
        />
        <rect
          x={warehouse.fieldgridLocation.x}
          y={warehouse.fieldgridLocation.y}
          width={block.w}
          height={block.h}
          className="fill-brand-600/60"
        />
        {warehouse.racks.map((rack) => {
          const size = rackFootprint(rack);
          return (
            <rect
              key={rack.id}
              x={rack.position.x}
              y={rack.position.y}
              width={size.w}
              height={size.h}
              className="fill-slate-600"
            />
          );
        })}
      </svg>
    </figure>
  );
}
