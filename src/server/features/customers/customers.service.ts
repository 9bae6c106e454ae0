import type { SessionUser } from '../../../contracts/auth';
import type {
  CustomerDetail,
  CustomerRecord,
  CustomerSummary,
  SitClockAnswer,
  UpdateCustomerBody,
} from '../../../contracts/customers';
import { daysBetween } from '../../../domain/calendar-days';
import { lastStoredDay } from '../../../domain/storage-report';
import { conversionDateOf, isSitEnding, sitClock } from '../../../domain/sit-clock';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import { companyScans } from '../../lib/limiter';
import { presentEvent } from '../vaults/vaults.presenter';
import * as repo from './customers.repository';

/** The customer screen shows this many of the latest vault events. */
const HISTORY_EVENTS = 100;

function clockOf(row: repo.CustomerRow, today: string): SitClockAnswer | null {
  return sitClock(
    {
      accountType: row.account_type,
      storageStart: row.storage_start,
      authorisedDays: row.authorised_days,
      conversionDate: row.conversion_date,
    },
    today,
  );
}

function presentRecord(row: repo.CustomerRow, today: string): CustomerRecord {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    address: row.address,
    notes: row.notes,
    accountType: row.account_type,
    storageStart: row.storage_start,
    authorisedDays: row.authorised_days,
    conversionDate: conversionDateOf({
      storageStart: row.storage_start,
      conversionDate: row.conversion_date,
    }),
    conversionDateSet: row.conversion_date !== null,
    sitClock: clockOf(row, today),
  };
}

/** A day's count in storage: the date-in day is day one. */
const daysSince = (dateIn: string, today: string) => Math.max(0, daysBetween(dateIn, today) + 1);

export async function listCustomers(db: Db, user: SessionUser): Promise<CustomerSummary[]> {
  const [rows, today] = await companyScans(async () => [
    await repo.listCustomers(db, user.companyId),
    await repo.currentDay(db),
  ]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    accountType: row.account_type,
    storageStart: row.storage_start,
    vaultCount: row.vault_count,
    palletCount: row.pallet_count,
    sitClock: clockOf(row, today),
  }));
}

/** SIT accounts the office must act on soon, the nearest first. */
export async function listSitEnding(db: Db, user: SessionUser) {
  const rows = await repo.listCustomers(db, user.companyId, { accountType: 'sit' });
  const today = await repo.currentDay(db);
  return rows
    .map((row) => ({ id: row.id, name: row.name, sitClock: clockOf(row, today) }))
    .filter((c): c is { id: number; name: string; sitClock: SitClockAnswer } =>
      isSitEnding(c.sitClock),
    )
    .sort(
      (a, b) =>
        Math.min(a.sitClock.daysLeft, a.sitClock.daysToConversion) -
          Math.min(b.sitClock.daysLeft, b.sitClock.daysToConversion) ||
        a.name.localeCompare(b.name, 'en'),
    );
}

async function findCustomer(db: Db, companyId: number, customerId: number) {
  const [row] = await repo.listCustomers(db, companyId, { customerId });
  if (!row) throw notFound('Customer');
  return row;
}

export async function getCustomer(
  db: Db,
  user: SessionUser,
  customerId: number,
): Promise<CustomerDetail> {
  const row = await findCustomer(db, user.companyId, customerId);
  const today = await repo.currentDay(db);
  const [vaultRows, palletRows, events] = [
    await repo.listCustomerVaults(db, user.companyId, customerId),
    await repo.listCustomerPallets(db, user.companyId, customerId),
    await repo.listCustomerEvents(db, user.companyId, customerId, HISTORY_EVENTS),
  ];
  return {
    customer: presentRecord(row, today),
    today,
    vaults: vaultRows.map((v) => ({
      id: v.id,
      name: v.name,
      type: v.type,
      order: v.order_name,
      standing:
        v.field !== null && v.warehouse !== null && v.warehouse_slug !== null
          ? {
              at: 'field' as const,
              warehouse: v.warehouse,
              warehouseSlug: v.warehouse_slug,
              field: v.field,
              position: v.position ?? 0,
            }
          : v.released_on !== null
            ? { at: 'released' as const, on: v.released_on }
            : { at: 'stage' as const, lastField: v.last_field },
      dateIn: v.date_in,
      daysInStorage: daysSince(v.date_in, lastStoredDay(v.released_on, today)),
    })),
    pallets: palletRows.map((p) => ({
      id: p.id,
      name: p.name,
      palletNumber: p.pallet_number,
      warehouse: p.warehouse,
      rack: p.rack,
      shelf: p.shelf_index + 1,
      shelfSpots: p.shelf_spots,
      dateIn: p.date_in,
      daysInStorage: daysSince(p.date_in, today),
    })),
    history: events.map(presentEvent),
  };
}

export async function updateCustomer(
  db: Db,
  user: SessionUser,
  customerId: number,
  changes: UpdateCustomerBody,
): Promise<CustomerRecord> {
  return db.transaction(async (tx) => {
    const before = await findCustomer(tx, user.companyId, customerId);
    const start = changes.storageStart ?? before.storage_start;
    const conversion =
      changes.conversionDate === undefined ? before.conversion_date : changes.conversionDate;
    if (conversion !== null && conversion <= start) {
      throw new AppError(
        'VALIDATION_FAILED',
        `The conversion date (${conversion}) must come after the storage start (${start}).`,
      );
    }
    await repo.updateCustomer(tx, user.companyId, customerId, changes);
    const after = await findCustomer(tx, user.companyId, customerId);
    return presentRecord(after, await repo.currentDay(tx));
  });
}

/** The record a letter is written from; a permanent account has nothing to convert. */
export async function customerForNotice(
  db: Db,
  user: SessionUser,
  customerId: number,
): Promise<{ customer: CustomerRecord; today: string; vaultCount: number; palletCount: number }> {
  const row = await findCustomer(db, user.companyId, customerId);
  const today = await repo.currentDay(db);
  const customer = presentRecord(row, today);
  if (customer.accountType !== 'sit') {
    throw new AppError(
      'NOT_SIT_ACCOUNT',
      `${customer.name} is on permanent storage: there is no conversion to give notice of.`,
    );
  }
  return { customer, today, vaultCount: row.vault_count, palletCount: row.pallet_count };
}
