import type { SessionUser } from '../../../contracts/auth';
import type { StorageReport, StorageReportQuery } from '../../../contracts/customers';
import { REPORT_MONTHS_MAX } from '../../../contracts/customers';
import { lastDayOf, monthsFrom } from '../../../domain/calendar-days';
import { storageReport } from '../../../domain/storage-report';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { companyScans } from '../../lib/limiter';
import * as repo from './customers.repository';

export async function getStorageReport(
  db: Db,
  user: SessionUser,
  range: StorageReportQuery,
): Promise<StorageReport> {
  const months = monthsFrom(range.from, range.to).length;
  if (months > REPORT_MONTHS_MAX) {
    throw new AppError(
      'VALIDATION_FAILED',
      `That is ${months} months; the report covers at most ${REPORT_MONTHS_MAX} at a time.`,
    );
  }
  return companyScans(async () => {
    const today = await repo.currentDay(db);
    const countsStaged = await repo.reportCountsStaged(db, user.companyId);
    const stored = await repo.listStored(db, user.companyId, {
      until: lastDayOf(range.to),
      countsStaged,
    });
    const rows = storageReport(
      stored.map((s) => ({
        customerId: s.customer_id,
        customerName: s.customer_name,
        kind: s.kind,
        since: s.since,
        releasedOn: s.released_on,
        units: s.units,
        weight: s.weight,
      })),
      range,
      today,
    );
    return { from: range.from, to: range.to, today, countsStaged, rows };
  });
}

export async function setReportCountsStaged(
  db: Db,
  user: SessionUser,
  countsStaged: boolean,
): Promise<{ ok: true }> {
  await repo.setReportCountsStaged(db, user.companyId, countsStaged);
  return { ok: true };
}
