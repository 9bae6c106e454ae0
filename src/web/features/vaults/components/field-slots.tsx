import { Forklift, Pencil, Plus } from 'lucide-react';
import { Link } from 'react-router';
import type { Field } from '../../../../contracts/fields';
import type { Vault } from '../../../../contracts/vaults';
import type { Warehouse } from '../../../../contracts/warehouses';
import { lowestFreePosition, topmostPosition } from '../../../../domain/slots';
import { vaultLabel, vaultNumberText } from '../../../../domain/vault-number';
import { truncate } from '../../../../domain/names';
import { formatWeight } from '../../../lib/format';
import { editVaultPath } from '../api/use-vault';
import { fieldSlots } from './vault-field-grid';
import { VaultContentsSummary } from './vault-contents';

interface FieldSlotsProps {
  warehouse: Warehouse;
  field: Field;
  /** Only the lowest free slot can be chosen. */
  onChooseSlot: (position: number) => void;
  /** Outside stage: edit and stage icons on each vault row. */
  onStage?: (vault: Vault) => void;
}

/** The slots of a field from top to bottom. */
export function FieldSlots({ warehouse, field, onChooseSlot, onStage }: FieldSlotsProps) {
  const vaults = Object.values(field.vaults);
  const byPosition = new Map(vaults.map((v) => [v.position ?? 0, v]));
  const slots = fieldSlots(warehouse, field);
  const lowest = field.full ? null : lowestFreePosition([...byPosition.keys()], slots);
  const top = topmostPosition([...byPosition.keys()]);
  const positions = Array.from(
    { length: Math.max(slots, top ?? 0) },
    (_, i) => Math.max(slots, top ?? 0) - i,
  );

  return (
    <ol aria-label={`Slots of field ${field.name}`} className="space-y-2">
      {positions.map((position) => {
        const vault = byPosition.get(position);
        if (!vault) {
          const isChoosable = position === lowest;
          return (
            <li key={position}>
              <button
                type="button"
                disabled={!isChoosable}
                onClick={() => onChooseSlot(position)}
                aria-label={
                  isChoosable ? `Add at position ${position}` : `Position ${position} (empty)`
                }
                className="flex min-h-11 w-full items-center gap-2 rounded-lg border-2 border-dashed border-slate-300 px-3 py-2 text-left text-slate-600 enabled:border-brand-600 enabled:text-brand-700 enabled:hover:bg-brand-50"
              >
                {position}.{' '}
                {isChoosable ? (
                  <>
                    <Plus aria-hidden="true" className="h-4 w-4" /> Empty slot
                  </>
                ) : (
                  'Empty'
                )}
              </button>
            </li>
          );
        }
        const isTopmost = position === top;
        const label = vaultLabel(vault);
        return (
          <li
            key={position}
            aria-label={label}
            className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2"
          >
            <div className="flex items-center gap-2">
              <span className="w-6 text-slate-500">{position}.</span>
              <span className="flex-1" title={vault.customer_name}>
                <span className="font-semibold">{truncate(vault.customer_name, 15)}</span>
                <span className="ml-2 text-slate-700">{vaultNumberText(vault)}</span>
                {vault.weight !== null && (
                  <span className="ml-2 whitespace-nowrap text-slate-600">
                    {formatWeight(vault.weight)}
                  </span>
                )}
              </span>
              {onStage && (
                <>
                  <Link
                    to={editVaultPath(vault)}
                    aria-label={`Edit ${label}`}
                    className="inline-flex h-11 w-11 items-center justify-center rounded-lg hover:bg-slate-200"
                  >
                    <Pencil aria-hidden="true" className="h-5 w-5" />
                  </Link>
                  {!isTopmost && (
                    <Link
                      to={`/retrieve/${vault.id}`}
                      aria-label={`Retrieve ${label.charAt(0).toLowerCase()}${label.slice(1)}`}
                      className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-brand-700 hover:bg-slate-200"
                    >
                      Retrieve
                    </Link>
                  )}
                  <button
                    type="button"
                    aria-label={`Stage ${label}`}
                    disabled={!isTopmost}
                    title={isTopmost ? undefined : 'Only the topmost vault can be staged'}
                    onClick={() => onStage(vault)}
                    className="inline-flex h-11 w-11 items-center justify-center rounded-lg enabled:hover:bg-slate-200 disabled:text-slate-400"
                  >
                    <Forklift aria-hidden="true" className="h-5 w-5" />
                  </button>
                </>
              )}
            </div>
            <VaultContentsSummary vault={vault} />
          </li>
        );
      })}
    </ol>
  );
}
