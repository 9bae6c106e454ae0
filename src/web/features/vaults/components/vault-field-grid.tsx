import type { Field } from '../../../../contracts/fields';
import type { Warehouse } from '../../../../contracts/warehouses';
import { columnIndex, compareFieldNames, parseFieldName } from '../../../../domain/field-names';
import { fieldFill, slotCount, type FieldFill } from '../../../../domain/slots';

const fillClass: Record<FieldFill, string> = {
  full: 'bg-field-full',
  warning: 'bg-field-warning',
  success: 'bg-field-success',
  empty: 'bg-field-empty',
};

export function fieldSlots(warehouse: Warehouse, field: Field): number {
  return slotCount(warehouse.fieldCapacity, field.type);
}

interface VaultFieldGridProps {
  warehouse: Warehouse;
  selectedFieldId: number | null;
  onSelect: (field: Field) => void;
  /** Ids of fields matching the search; null when no search is active. */
  matches?: ReadonlySet<number> | null;
}

/**
 * The field grid: columns by letters, rows by number, coloured by fill. A couchbox top half
 * spans its hidden bottom half.
 */
export function VaultFieldGrid({
  warehouse,
  selectedFieldId,
  onSelect,
  matches = null,
}: VaultFieldGridProps) {
  const fields = Object.values(warehouse.fields).sort((a, b) => compareFieldNames(a.name, b.name));
  if (fields.length === 0)
    return <p className="p-4 text-slate-600">This warehouse does not have any fields</p>;
  return (
    <div
      role="grid"
      aria-label="Field grid"
      className="grid gap-1 overflow-x-auto"
      style={{ gridTemplateColumns: `repeat(${warehouse.cols}, minmax(3.5rem, 1fr))` }}
    >
      {fields.map((field) => {
        if (field.type === 'couchbox-B') return null;
        const parsed = parseFieldName(field.name);
        const column = parsed ? columnIndex(parsed.letters) + 1 : undefined;
        const row = parsed?.row;
        const count = Object.keys(field.vaults).length;
        const slots = fieldSlots(warehouse, field);
        const fill = fieldFill(count, slots, field.full);
        const isSelected = field.id === selectedFieldId;
        const isDimmed = matches !== null && !matches.has(field.id);
        return (
          <button
            key={field.id}
            type="button"
            role="gridcell"
            aria-label={`Field ${field.name}`}
            aria-selected={isSelected}
            data-fill={fill}
            data-dimmed={isDimmed ? 'true' : 'false'}
            onClick={() => onSelect(field)}
            style={{
              gridColumn: column,
              gridRow:
                row === undefined
                  ? undefined
                  : field.type === 'couchbox-T'
                    ? `${row} / span 2`
                    : row,
            }}
            className={`flex min-h-14 flex-col items-center justify-center rounded-md border-2 px-1 py-2 text-sm font-semibold text-slate-900 ${
              fillClass[fill]
            } ${isSelected ? 'border-brand-700 ring-2 ring-brand-600' : 'border-transparent'} ${
              isDimmed ? 'opacity-50 grayscale' : ''
            }`}
          >
            <span>{field.name}</span>
            <span className="text-xs font-normal">
              {count}/{slots}
              {field.type === 'couchbox-T' ? ' CB' : ''}
            </span>
          </button>
        );
      })}
    </div>
  );
}
