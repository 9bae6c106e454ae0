import {
  IMPORT_COLUMNS,
  IMPORT_CONTENTS,
  importContentsKeys,
  type ImportContentsKey,
  type ImportCounts,
  type ImportPreview,
} from '../../../../contracts/imports';
import { formatWeight } from '../../../lib/format';
import { refusedRowsUrl } from '../api/use-imports';
import { GridGrowthList } from './grid-growth-list';

const COLUMNS = [
  'Row',
  'Action',
  'Vault #',
  'Customer',
  'Order',
  'Type',
  'Warehouse',
  'Field',
  'Pos',
  ...importContentsKeys.map((key) => IMPORT_COLUMNS[key].label),
  'Tags',
  'Note',
];

/** A contents value as the preview shows it: in its unit, blank for none. */
function shownContents(key: ImportContentsKey, value: string | number | null): string {
  if (value === null) return '';
  const spec = IMPORT_CONTENTS[key];
  const isPounds = 'unit' in spec && spec.unit === 'pounds';
  return isPounds && typeof value === 'number' ? formatWeight(value) : String(value);
}

export function ImportCountList({ counts }: { counts: ImportCounts }) {
  const items: [string, number][] = [
    ['Created', counts.created],
    ['Updated', counts.updated],
    ['Unchanged', counts.unchanged],
    ['Refused', counts.refused],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-lg bg-slate-50 p-3">
          <dt className="text-sm text-slate-600">{label}</dt>
          <dd className="text-xl font-semibold">{value.toLocaleString('en-US')}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The first rows as they will be stored, the counts, and the refusals with their reasons. */
export function PreviewTable({
  jobId,
  preview,
  isCreatingMissing,
}: {
  jobId: number;
  preview: ImportPreview;
  isCreatingMissing: boolean;
}) {
  return (
    <section
      aria-labelledby="preview-heading"
      className="rounded-2xl bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="preview-heading" className="mb-3 text-lg font-semibold">
        Preview
      </h2>
      <ImportCountList counts={preview.counts} />
      {preview.missing_warehouses.length > 0 && (
        <p className="mt-3 text-sm">
          Warehouses the file names that do not exist: {preview.missing_warehouses.join(', ')}
        </p>
      )}
      <GridGrowthList when="planned" growth={preview.growth} />
      {!isCreatingMissing && preview.missing_fields.length > 0 && (
        <p className="mt-3 text-sm">
          Fields the file names that their warehouse does not have:{' '}
          {preview.missing_fields.join(', ')}. Tick &quot;Create missing warehouses and fields&quot;
          to grow those grids to the right or bottom, add the rows or columns on the warehouse page,
          or correct the file.
        </p>
      )}
      {preview.contacts.length > 0 && (
        <>
          <h3 className="mt-4 font-semibold">Contact added to customer records</h3>
          <ul aria-label="Contact added" className="mt-2 space-y-1 text-sm break-words">
            {preview.contacts.map((c) => (
              <li key={c.customer}>
                {c.customer}: {[c.phone, c.email, c.address].filter(Boolean).join(', ')}
              </li>
            ))}
          </ul>
          <p className="mt-1 text-sm text-slate-600">
            A record that already has a phone, email or address keeps its own.
          </p>
        </>
      )}
      <div className="mt-4 overflow-x-auto" tabIndex={0} aria-label="Preview rows, scrollable">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-100">
            <tr>
              {COLUMNS.map((c) => (
                <th key={c} scope="col" className="px-2 py-2 font-semibold whitespace-nowrap">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((r) => (
              <tr key={r.row} className="border-b border-slate-100">
                <td className="px-2 py-2">{r.row}</td>
                <td className={`px-2 py-2 ${r.action === 'refused' ? 'text-red-700' : ''}`}>
                  {r.action}
                </td>
                <td className="px-2 py-2">{r.vault_number}</td>
                <td className="px-2 py-2">{r.customer}</td>
                <td className="px-2 py-2">{r.order}</td>
                <td className="px-2 py-2">{r.type}</td>
                <td className="px-2 py-2">{r.warehouse}</td>
                <td className="px-2 py-2">{r.field}</td>
                <td className="px-2 py-2">{r.position ?? ''}</td>
                {importContentsKeys.map((key) => (
                  <td key={key} className="px-2 py-2 whitespace-nowrap">
                    {shownContents(key, r[key])}
                  </td>
                ))}
                <td className="max-w-48 truncate px-2 py-2">{r.tags}</td>
                <td className="max-w-48 truncate px-2 py-2">{r.error ?? r.note}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {preview.errors.length > 0 && (
        <>
          <h3 className="mt-4 font-semibold">Refused rows</h3>
          <ul aria-label="Refused rows" className="mt-2 space-y-1 text-sm text-red-800">
            {preview.errors.map((e) => (
              <li key={`${e.row}-${e.column}`}>
                Row {e.row}
                {e.column ? `, ${e.column}` : ''}: {e.reason}
              </li>
            ))}
          </ul>
          <a
            href={refusedRowsUrl(jobId)}
            download
            className="mt-3 inline-flex min-h-11 items-center font-semibold text-brand-900 underline"
          >
            Download the refused rows (CSV)
          </a>
        </>
      )}
    </section>
  );
}
