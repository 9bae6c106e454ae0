import type { Checklist } from '../../../../contracts/checklists';
import { formatWeekdayDate } from '../../../lib/format';
import { FillLinkQr } from './fill-link-qr';

export function ChecklistCard({
  checklist,
  showNameLink,
  onEdit,
  onDelete,
  onNewLink,
}: {
  checklist: Checklist;
  /** Whether the company lets the spec's name link open its checklists. */
  showNameLink: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onNewLink: () => void;
}) {
  return (
    <article
      aria-label={`${checklist.warehouseName} checklist`}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-start justify-between gap-2">
        <div>
          <p className="text-sm text-slate-500">{formatWeekdayDate(checklist.created_at)}</p>
          <h2 className="text-lg font-semibold">{checklist.warehouseName}</h2>
          <p className="text-sm">{checklist.is_active ? 'Active' : 'Inactive'}</p>
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            onClick={onEdit}
            className="rounded-lg border border-slate-300 px-3 py-2 text-sm"
          >
            Edit
          </button>
          <button
            type="button"
            onClick={onDelete}
            className="rounded-lg border border-red-300 px-3 py-2 text-sm text-red-700"
          >
            Delete
          </button>
        </div>
      </div>
      <p className="text-sm">Filled out by: {checklist.filled_out_by || '—'}</p>
      <ul aria-label="Tasks" className="space-y-1 text-sm">
        {checklist.tasks.map((t) => (
          <li key={t.text}>
            <span className="font-medium">{t.text}</span>{' '}
            {!t.completed && <span className="text-slate-500">Pending</span>}
            {t.completed && t.reason === '' && (
              <span className="text-green-700">Done by {t.completed_by}</span>
            )}
            {t.completed && t.reason !== '' && (
              <span className="text-red-700">
                Not done ({t.completed_by}): {t.reason}
              </span>
            )}
          </li>
        ))}
      </ul>
      {checklist.images.length > 0 && (
        <div className="grid grid-cols-4 gap-2">
          {checklist.images.map((img) => (
            <a key={img.id} href={img.url} target="_blank" rel="noreferrer">
              <img
                src={img.url}
                alt={img.file_name}
                className="aspect-square w-full rounded object-cover"
              />
            </a>
          ))}
        </div>
      )}
      {checklist.description && <p className="text-sm">Description: {checklist.description}</p>}
      {checklist.note && <p className="text-sm">Note: {checklist.note}</p>}
      {checklist.is_active && (
        <section aria-label="Fill link" className="space-y-2 border-t border-slate-100 pt-3">
          <FillLinkQr path={checklist.fill_path} warehouseName={checklist.warehouseName} />
          {showNameLink && (
            <p className="break-all text-xs text-slate-600">
              Also by name: {window.location.origin}
              {checklist.short_fill_path}
            </p>
          )}
          <button
            type="button"
            onClick={onNewLink}
            className="rounded-lg border border-slate-300 px-3 py-2 text-sm"
          >
            New link
          </button>
        </section>
      )}
    </article>
  );
}
