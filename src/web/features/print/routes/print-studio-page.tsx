import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  CSV_FILE_NAME,
  PRINT_COLUMN_KEYS,
  PRINT_COLUMNS,
  type PrintColumn,
  type PrintColumnKey,
  type PrintVault,
} from '../../../../contracts/print';
import { Spinner } from '../../../components/spinner';
import { formatWeight } from '../../../lib/format';
import { csvDownloadUrl, usePrintVaults } from '../api/use-print-vaults';
import { ErrorAlert } from '../../../components/error-alert';
import { LabelSelection } from '../components/label-selection';

const ROW_HEIGHT = 37;

function cellText(vault: PrintVault, key: PrintColumnKey) {
  const value = vault[key];
  if (value === null) return '';
  const column: PrintColumn = PRINT_COLUMNS[key];
  return column.unit === 'pounds' && typeof value === 'number' ? formatWeight(value) : value;
}

function Row({ vault, index }: { vault: PrintVault; index?: number }) {
  return (
    <tr
      data-index={index}
      className="border-b border-slate-100 even:bg-slate-50 print:break-inside-avoid"
    >
      {PRINT_COLUMN_KEYS.map((key) => (
        <td
          key={key}
          className="max-w-64 truncate px-3 py-2 print:max-w-none print:whitespace-normal"
        >
          {cellText(vault, key)}
        </td>
      ))}
    </tr>
  );
}

const header = (
  <thead className="sticky top-0 z-10 bg-slate-100 text-left print:static">
    <tr>
      {PRINT_COLUMN_KEYS.map((key) => (
        <th key={key} scope="col" className="px-3 py-2 font-semibold">
          {PRINT_COLUMNS[key].screenHeader}
        </th>
      ))}
    </tr>
  </thead>
);

/** Below Tailwind's `sm` a row of eight columns does not fit: each vault becomes a card. */
const PHONE_QUERY = '(max-width: 639px)';
const CARD_HEIGHT = 120;

function useIsPhone() {
  const [isPhone, setPhone] = useState(() => window.matchMedia(PHONE_QUERY).matches);
  useEffect(() => {
    const query = window.matchMedia(PHONE_QUERY);
    const onChange = () => setPhone(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return isPhone;
}

/** One vault as a card on a phone: every value wraps, nothing needs a sideways swipe. */
function Card({ vault }: { vault: PrintVault }) {
  // The print list names a staged vault's field "staged" (spec §7).
  const isStaged = vault.field_name === 'staged';
  const place = [
    vault.warehouse_name,
    `field ${vault.field_name}`,
    vault.position !== null && `position ${vault.position}`,
  ].filter(Boolean);
  return (
    <article
      aria-label={vault.name ? `Vault ${vault.name}` : `${vault.type} of ${vault.customer_name}`}
      className="rounded-lg border border-slate-200 bg-white p-3 break-words"
    >
      <p className="font-semibold">
        {vault.name ? `#${vault.name}` : 'No number'}{' '}
        <span className="font-normal text-slate-700">{vault.type}</span>
        {vault.weight !== null && (
          <span className="font-normal text-slate-700">, {formatWeight(vault.weight)}</span>
        )}
      </p>
      <p>{vault.customer_name}</p>
      <p className="text-slate-700">{isStaged ? 'In stage' : place.join(', ')}</p>
      {vault.note && <p className="mt-1 text-slate-700">{vault.note}</p>}
    </article>
  );
}

/** The cards in view only, as the table renders its rows, so 50,000 vaults scroll on a phone. */
function VaultCards({ vaults }: { vaults: PrintVault[] }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: vaults.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => CARD_HEIGHT,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  return (
    <div
      ref={scrollRef}
      tabIndex={0}
      role="region"
      aria-label="Print list"
      className="h-[70vh] overflow-y-auto rounded-xl bg-slate-100 p-2"
    >
      <ul className="relative" aria-label="Vaults" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const vault = vaults[item.index];
          return vault ? (
            <li
              key={vault.id}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="absolute inset-x-0 top-0 pb-2"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <Card vault={vault} />
            </li>
          ) : null;
        })}
      </ul>
    </div>
  );
}

/** Renders only the rows in view, so 50,000 vaults scroll smoothly. */
function VirtualTable({ vaults }: { vaults: PrintVault[] }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The virtualizer is read afresh on every render and handed to nothing memoised.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: vaults.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 20,
  });
  const items = virtualizer.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <div
      ref={scrollRef}
      // Focusable, so the list scrolls by keyboard when it is wider or taller than the screen.
      tabIndex={0}
      role="region"
      aria-label="Print list"
      className="h-[70vh] overflow-auto rounded-xl border border-slate-200 bg-white"
    >
      <table className="w-full text-sm" aria-rowcount={vaults.length + 1}>
        {header}
        <tbody>
          {top > 0 && (
            <tr aria-hidden="true">
              <td colSpan={PRINT_COLUMN_KEYS.length} style={{ height: top }} />
            </tr>
          )}
          {items.map((item) => {
            const vault = vaults[item.index];
            return vault ? <Row key={vault.id} vault={vault} index={item.index} /> : null;
          })}
          {bottom > 0 && (
            <tr aria-hidden="true">
              <td colSpan={PRINT_COLUMN_KEYS.length} style={{ height: bottom }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The list on screen: a table, or cards on a phone. Printing renders every row of the table
 * whatever the screen, so the paper is the same from a phone.
 */
function VaultTable({ vaults }: { vaults: PrintVault[] }) {
  const [isPrinting, setIsPrinting] = useState(false);
  const isPhone = useIsPhone();

  useEffect(() => {
    const before = () => flushSync(() => setIsPrinting(true));
    const after = () => setIsPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);

  if (isPrinting) {
    return (
      <table className="w-full text-sm">
        {header}
        <tbody>
          {vaults.map((v) => (
            <Row key={v.id} vault={v} />
          ))}
        </tbody>
      </table>
    );
  }
  return isPhone ? <VaultCards vaults={vaults} /> : <VirtualTable vaults={vaults} />;
}

export function PrintStudioPage() {
  const vaults = usePrintVaults();
  // The spec's print list states, shown as they are.
  const status = vaults.isPending ? 'loading' : vaults.isError ? 'failed' : 'succeeded';
  return (
    <div className="mx-auto max-w-7xl p-4 sm:p-6 print:max-w-none print:p-0" data-status={status}>
      <div className="no-print mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Print Studio</h1>
        <div className="flex gap-2">
          <button
            type="button"
            onClick={() => window.print()}
            className="rounded-lg border border-slate-300 px-4 py-3 font-semibold hover:bg-slate-100"
          >
            Print
          </button>
          <a
            href={csvDownloadUrl}
            download={CSV_FILE_NAME}
            className="rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-900"
          >
            Download CSV
          </a>
        </div>
      </div>
      {vaults.isPending && <Spinner label="Loading vaults" />}
      <ErrorAlert error={vaults.error} />
      {vaults.data?.length === 0 && (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          No vaults found
        </p>
      )}
      {vaults.data && vaults.data.length > 0 && (
        <>
          <LabelSelection vaults={vaults.data} />
          <p className="no-print mb-2 text-sm text-slate-600">
            {vaults.data.length.toLocaleString()} vaults
          </p>
          <VaultTable vaults={vaults.data} />
        </>
      )}
    </div>
  );
}
