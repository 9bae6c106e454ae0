import type { CreatedWarehouse, ImportGrowth } from '../../../../contracts/imports';

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * How the grids grow (preview) or grew (finished import), with the server's sentences, so the
 * finished screen repeats what the preview promised in the same words (decision 0098).
 */
export function GridGrowthList({
  when,
  growth,
  created = [],
}: {
  when: 'planned' | 'done';
  growth: readonly ImportGrowth[];
  created?: readonly CreatedWarehouse[];
}) {
  if (growth.length === 0 && created.length === 0) return null;
  // Also the list's name: "Grids that grow" before, "Grids created and grown" after.
  const title =
    when === 'planned'
      ? 'Grids that grow'
      : `Grids ${[created.length > 0 ? 'created' : '', growth.length > 0 ? 'grown' : ''].filter(Boolean).join(' and ')}`;
  const fieldsAdded = [...growth, ...created].reduce((sum, g) => sum + g.fields_added, 0);
  const warehouses = growth.length + created.length;
  return (
    <div className="mt-3 text-sm">
      <h3 className="font-semibold">
        {title}: {plural(warehouses, 'warehouse', 'warehouses')},{' '}
        {plural(fieldsAdded, 'field', 'fields')} added
      </h3>
      <ul aria-label={title} className="mt-1 list-disc space-y-1 pl-5">
        {created.map((w) => (
          <li key={`created-${w.warehouse}`}>{w.sentence}</li>
        ))}
        {growth.map((g) => (
          <li key={g.warehouse}>{g.sentence}</li>
        ))}
      </ul>
    </div>
  );
}
