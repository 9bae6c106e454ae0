import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { CustomerDetail, VaultStanding } from '../../../../contracts/customers';
import { ACCOUNT_TYPE_LABELS } from '../../../../domain/sit-clock';
import { ErrorAlert } from '../../../components/error-alert';
import { Spinner } from '../../../components/spinner';
import { warehousePath } from '../../../lib/paths';
import { CustomerRequests } from '../../requests/components/customer-requests';
import { describeEvent } from '../../vaults/components/vault-history';
import { useCustomer } from '../api/use-customers';
import { conversionNoticeUrl } from '../api/use-storage-report';
import { CustomerForm } from '../components/customer-form';
import { SitClockPanel } from '../components/sit-clock-summary';

function Standing({ standing }: { standing: VaultStanding }) {
  if (standing.at === 'released') return <>Released {standing.on}</>;
  if (standing.at === 'stage') {
    return <>Staged{standing.lastField ? ` (from ${standing.lastField})` : ''}</>;
  }
  return (
    <>
      <Link to={warehousePath(standing.warehouseSlug)} className="text-brand-900 underline">
        {standing.warehouse}
      </Link>
      , field {standing.field}, position {standing.position}
    </>
  );
}

const cell = 'px-3 py-2';

/** What the customer has in storage, one row each: the thing, where it stands, since when. */
function StoredSection({
  id,
  title,
  thing,
  count,
  children,
}: {
  id: string;
  title: string;
  thing: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-2 text-lg font-bold">
        {title} ({count})
      </h2>
      <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50">
            <tr>
              {[thing, 'Where', 'Date in'].map((label) => (
                <th key={label} scope="col" className={cell}>
                  {label}
                </th>
              ))}
              <th scope="col" className={`${cell} text-right`}>
                Days
              </th>
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
    </section>
  );
}

/** The date in and the days in storage, the two last cells of every row. */
function Stored({ dateIn, days }: { dateIn: string; days: number }) {
  return (
    <>
      <td className={`${cell} whitespace-nowrap`}>{dateIn}</td>
      <td className={`${cell} text-right tabular-nums`}>{days}</td>
    </>
  );
}

function Vaults({ vaults }: { vaults: CustomerDetail['vaults'] }) {
  if (vaults.length === 0) {
    return (
      <section aria-labelledby="vaults-heading">
        <h2 id="vaults-heading" className="mb-2 text-lg font-bold">
          Vaults (0)
        </h2>
        <p className="text-slate-600">No vaults.</p>
      </section>
    );
  }
  return (
    <StoredSection id="vaults-heading" title="Vaults" thing="Vault" count={vaults.length}>
      {vaults.map((v) => (
        <tr key={v.id} className="border-t border-slate-100">
          <th scope="row" className={`${cell} font-semibold`}>
            {v.name ?? v.type.toUpperCase()}
            {v.order && <span className="block font-normal text-slate-600">Order {v.order}</span>}
          </th>
          <td className={cell}>
            <Standing standing={v.standing} />
          </td>
          <Stored dateIn={v.dateIn} days={v.daysInStorage} />
        </tr>
      ))}
    </StoredSection>
  );
}

function Pallets({ pallets }: { pallets: CustomerDetail['pallets'] }) {
  if (pallets.length === 0) return null;
  return (
    <StoredSection id="pallets-heading" title="Pallets" thing="Pallet" count={pallets.length}>
      {pallets.map((p) => (
        <tr key={p.id} className="border-t border-slate-100">
          <th scope="row" className={`${cell} font-semibold`}>
            {p.name || p.palletNumber || 'Pallet'}
            {p.palletNumber && p.name && (
              <span className="block font-normal text-slate-600">No. {p.palletNumber}</span>
            )}
          </th>
          <td className={cell}>
            {p.warehouse}, rack {p.rack}, shelf {p.shelf} ({p.shelfSpots}{' '}
            {p.shelfSpots === 1 ? 'spot' : 'spots'})
          </td>
          <Stored dateIn={p.dateIn} days={p.daysInStorage} />
        </tr>
      ))}
    </StoredSection>
  );
}

export function CustomerPage() {
  const id = Number(useParams().customerId);
  const detail = useCustomer(id);
  const data = detail.data;
  return (
    <div className="mx-auto max-w-6xl space-y-6 p-4 sm:p-6">
      <Link
        to="/customers"
        className="inline-block min-h-11 content-center text-brand-900 underline"
      >
        All customers
      </Link>
      {detail.isPending && <Spinner label="Loading customer" />}
      <ErrorAlert error={detail.error} />
      {data && (
        <>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h1 className="text-2xl font-bold">{data.customer.name}</h1>
              <p className="text-slate-700">
                {ACCOUNT_TYPE_LABELS[data.customer.accountType]} since {data.customer.storageStart}
              </p>
            </div>
            {data.customer.accountType === 'sit' && (
              <a
                href={conversionNoticeUrl(data.customer.id)}
                target="_blank"
                rel="noreferrer"
                className="flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 font-semibold"
              >
                Conversion notice (PDF)
              </a>
            )}
          </div>
          {data.customer.sitClock && <SitClockPanel clock={data.customer.sitClock} />}
          <Vaults vaults={data.vaults} />
          <Pallets pallets={data.pallets} />
          <CustomerRequests customerId={data.customer.id} />
          <CustomerForm key={data.customer.id} customer={data.customer} />
          <section aria-labelledby="history-heading">
            <h2 id="history-heading" className="mb-2 text-lg font-bold">
              History
            </h2>
            {data.history.length === 0 ? (
              <p className="text-slate-600">No events yet.</p>
            ) : (
              <ol className="space-y-1 text-sm">
                {data.history.map((e) => (
                  <li key={e.id} className="rounded bg-slate-50 px-3 py-2">
                    <span className="font-semibold">
                      {e.vault_name ?? 'Vault'}: {describeEvent(e)}
                    </span>{' '}
                    · {new Date(e.at).toLocaleString()} · {e.actor_email ?? ''}
                  </li>
                ))}
              </ol>
            )}
          </section>
        </>
      )}
    </div>
  );
}
