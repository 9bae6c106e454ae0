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
      <div
        aria-hidden="true"
        className="relative border-2 border-slate-700 bg-slate-50"
        style={{ width: px(warehouse.width), height: px(warehouse.length) }}
      >
        <div
          className="absolute bg-brand-600/60"
          style={{
            left: px(warehouse.fieldgridLocation.x),
            top: px(warehouse.fieldgridLocation.y),
            width: px(block.w),
            height: px(block.h),
          }}
        />
        {warehouse.racks.map((rack) => {
          const size = rackFootprint(rack);
          return (
            <div
              key={rack.id}
              className="absolute bg-slate-600"
              style={{
                left: px(rack.position.x),
                top: px(rack.position.y),
                width: px(size.w),
                height: px(size.h),
              }}
            />
          );
        })}
      </div>
    </figure>
  );
}
