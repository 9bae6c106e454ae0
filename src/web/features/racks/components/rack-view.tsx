import { Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Pallet, Rack } from '../../../../contracts/racks';
import type { Warehouse } from '../../../../contracts/warehouses';
import { rackFootprint, vaultBlockFootprint } from '../../../../domain/floor-plan';
import { palletTileWidthPercent } from '../../../../domain/shelf-space';
import { useWarehouseSearch } from '../../../lib/search-context';
import { PalletDialog, type PalletDialogTarget } from './pallet-dialog';
import { fillClass, rackLevel } from './rack-colors';

/**
 * Issue 4 decision: what is typed matches a case-insensitive substring of the customer name;
 * a picked pallet suggestion matches the pallet's name or number instead.
 */
function usePalletMatch(): ((pallet: Pallet) => boolean) | null {
  const { term, selection } = useWarehouseSearch();
  if (selection?.kind === 'pallet') {
    const wanted = selection.value.trim().toLowerCase();
    return (pallet) =>
      pallet.name.toLowerCase() === wanted || pallet.palletNumber.toLowerCase() === wanted;
  }
  const needle = (selection?.kind === 'customer' ? selection.value : term).trim().toLowerCase();
  if (!needle) return null;
  return (pallet) => pallet.customerName.toLowerCase().includes(needle);
}

/** Free slot indices of a shelf, one button each. */
function freeSlots(capacity: number, pallets: readonly Pallet[]): number[] {
  const taken = new Set<number>();
  for (const p of pallets) for (let i = 0; i < p.shelfSpots; i++) taken.add(p.slotIndex + i);
  const used = pallets.reduce((sum, p) => sum + p.shelfSpots, 0);
  const free = Math.max(0, capacity - used);
  const slots: number[] = [];
  for (let i = 0; slots.length < free && i < capacity + used; i++) if (!taken.has(i)) slots.push(i);
  return slots;
}

export function RackView({ warehouse }: { warehouse: Warehouse }) {
  const [selectedId, setSelectedId] = useState<Rack['id'] | null>(null);
  const [dialog, setDialog] = useState<PalletDialogTarget | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const matches = usePalletMatch();
  const selected = warehouse.racks.find((r) => r.id === selectedId) ?? null;
  const isRackMatched = (rack: Rack) =>
    !matches || rack.shelves.some((s) => s.pallets.some(matches));
  const hasFloor = warehouse.width > 0 && warehouse.length > 0;
  const block = vaultBlockFootprint(warehouse);
  const pct = (value: number, of: number) => `${(value / of) * 100}%`;

  return (
    <section
      aria-label="Rack View"
      className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]"
    >
      <div className="rounded-2xl bg-white p-4 shadow-sm">
        {hasFloor ? (
          <div
            aria-label="Floor plan"
            role="group"
            className="relative mx-auto max-h-[70vh] border-4 border-slate-700 bg-slate-50"
            style={{ aspectRatio: `${warehouse.width} / ${warehouse.length}`, maxWidth: '100%' }}
          >
            <div
              className="absolute flex items-center justify-center border-2 border-brand-700 bg-brand-50 text-xs font-bold text-brand-900"
              style={{
                left: pct(warehouse.fieldgridLocation.x, warehouse.width),
                top: pct(warehouse.fieldgridLocation.y, warehouse.length),
                width: pct(block.w, warehouse.width),
                height: pct(block.h, warehouse.length),
              }}
            >
              VAULTS
            </div>
            {warehouse.racks.map((rack) => {
              const size = rackFootprint(rack);
              return (
                <button
                  key={rack.id}
                  type="button"
                  aria-label={`Rack ${rack.name}`}
                  aria-pressed={rack.id === selectedId}
                  data-dimmed={isRackMatched(rack) ? 'false' : 'true'}
                  onClick={() => {
                    setSelectedId(rack.id);
                    // Below the side-by-side width the rack's shelves sit under the plan.
                    if (!window.matchMedia('(min-width: 1024px)').matches)
                      requestAnimationFrame(() =>
                        panelRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' }),
                      );
                  }}
                  className={`absolute flex items-center justify-center overflow-hidden border text-[10px] font-semibold leading-tight ${
                    isRackMatched(rack) ? fillClass[rackLevel(rack)] : 'bg-slate-100 text-slate-600'
                  } ${rack.id === selectedId ? 'border-2 border-brand-900' : 'border-slate-600'}`}
                  style={{
                    left: pct(rack.position.x, warehouse.width),
                    top: pct(rack.position.y, warehouse.length),
                    width: pct(size.w, warehouse.width),
                    height: pct(size.h, warehouse.length),
                    writingMode: rack.orientation === 'vertical' ? 'vertical-rl' : undefined,
                  }}
                >
                  {/* The whole name, cut by CSS: the button's name then holds its text. */}
                  <span className="min-w-0 truncate">{rack.name}</span>
                </button>
              );
            })}
          </div>
        ) : (
          <p className="text-slate-600">
            Set the warehouse width and length to see its floor plan.
          </p>
        )}
      </div>

      <div
        ref={panelRef}
        className="scroll-mt-20 rounded-2xl bg-white p-4 shadow-sm"
        aria-label="Selected rack"
        role="region"
      >
        {warehouse.racks.length === 0 ? (
          <div>
            <h2 className="text-lg font-bold">No racks yet</h2>
            <p className="mt-1 text-slate-700">
              Racks are placed in the layout editor: drag “Add a Rack” onto its floor plan, then
              come back here to fill its shelves.
            </p>
            <Link
              to={`/edit/${warehouse.slug}`}
              className="mt-3 inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900"
            >
              Add racks in the layout editor
            </Link>
          </div>
        ) : !selected ? (
          <p className="text-slate-700">Select a rack to view its info</p>
        ) : (
          <div>
            <h2 className="text-lg font-bold">{selected.name}</h2>
            <p className="text-sm text-slate-700">
              {selected.num_shelves} shelves, {selected.capacity} spots each
            </p>
            <ol className="mt-4 space-y-3">
              {[...selected.shelves].reverse().map((shelf) => (
                <li
                  key={shelf.id}
                  aria-label={`Shelf ${shelf.index + 1}`}
                  className="rounded-lg border border-slate-300 p-2"
                >
                  <p className="mb-1 text-xs font-semibold text-slate-700">
                    Shelf {shelf.index + 1}
                  </p>
                  <div className="flex flex-wrap gap-1">
                    {shelf.pallets.map((pallet) => (
                      <button
                        key={pallet.id}
                        type="button"
                        onClick={() =>
                          setDialog({ shelfId: shelf.id, slotIndex: pallet.slotIndex, pallet })
                        }
                        className={`min-h-12 rounded border px-1 py-1 text-left text-xs ${
                          !matches || matches(pallet)
                            ? 'border-amber-700 bg-amber-200'
                            : 'border-slate-400 bg-slate-100 text-slate-600'
                        }`}
                        style={{ width: `${palletTileWidthPercent(pallet.shelfSpots)}%` }}
                      >
                        {/* Named "Pallet P1 of ACME" and then what it shows, whole and cut by
                            CSS, so the name holds the text (axe label-content-name-mismatch). */}
                        <span className="sr-only">
                          Pallet {pallet.name || pallet.palletNumber} of{' '}
                        </span>
                        <span className="block truncate font-semibold">{pallet.customerName}</span>
                        <span className="block truncate">{pallet.name}</span>
                      </button>
                    ))}
                    {freeSlots(shelf.capacity, shelf.pallets).map((slot) => (
                      <button
                        key={slot}
                        type="button"
                        aria-label={`Add pallet to shelf ${shelf.index + 1}`}
                        onClick={() => setDialog({ shelfId: shelf.id, slotIndex: slot })}
                        className="inline-flex min-h-12 items-center justify-center rounded border border-dashed border-slate-500 text-slate-700"
                        style={{ width: `${palletTileWidthPercent(1)}%` }}
                      >
                        <Plus aria-hidden="true" className="h-5 w-5" />
                      </button>
                    ))}
                  </div>
                </li>
              ))}
            </ol>
          </div>
        )}
      </div>
      {dialog && (
        <PalletDialog slug={warehouse.slug} target={dialog} onClose={() => setDialog(null)} />
      )}
    </section>
  );
}
