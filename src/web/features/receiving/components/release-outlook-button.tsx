import { useState } from 'react';
import { ModalDialog } from '../../../components/dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { Spinner } from '../../../components/spinner';
import { useReleaseOutlook } from '../api/use-release-outlook';
import { DialogActions } from '../../../components/dialog-actions';

/** "Dec 7, 2026": the Monday a week starts, read as a calendar day wherever the browser is. */
function weekLabel(monday: string): string {
  return new Date(`${monday}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

function OutlookTable({ warehouseId }: { warehouseId: number }) {
  const outlook = useReleaseOutlook(warehouseId);
  if (outlook.isPending) return <Spinner label="Loading the outlook" />;
  if (outlook.isError) return <ErrorAlert error={outlook.error} />;
  const { weeks } = outlook.data;
  if (weeks.length === 0) {
    return <p className="mt-4 text-slate-700">No vault here has an expected release date yet.</p>;
  }
  return (
    <table className="mt-4 w-full text-left">
      <thead>
        <tr className="border-b border-slate-200">
          <th scope="col" className="py-2">
            Week of
          </th>
          <th scope="col" className="py-2 text-right">
            Due out
          </th>
          <th scope="col" className="py-2 text-right">
            Need a dig-out
          </th>
        </tr>
      </thead>
      <tbody>
        {weeks.map((w) => (
          <tr key={w.week_start} className="border-b border-slate-100">
            <th scope="row" className="py-2 font-normal">
              {weekLabel(w.week_start)}
            </th>
            <td className="py-2 text-right tabular-nums">{w.due}</td>
            <td
              className={`py-2 text-right font-semibold tabular-nums ${w.needing_dig_out > 0 ? 'text-red-800' : ''}`}
            >
              {w.needing_dig_out}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The warehouse's release outlook behind a button: per week, the vaults due out and how many
 * of them have a vault due later on top, so the office sees the digging ahead.
 */
export function ReleaseOutlookButton({ warehouseId }: { warehouseId: number }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="min-h-11 rounded-lg border border-slate-400 bg-white px-4 py-2 text-sm font-semibold"
      >
        Dig-outs by week
      </button>
      <ModalDialog
        open={isOpen}
        title="Vaults needing a dig-out, by week"
        description="From the vaults' expected release dates: a vault needs a dig-out when a vault due a later week, or with no date, stands on it."
        onClose={() => setOpen(false)}
      >
        {isOpen && <OutlookTable warehouseId={warehouseId} />}
        <DialogActions cancelLabel="Close" onCancel={() => setOpen(false)} className="pt-4" />
      </ModalDialog>
    </>
  );
}
