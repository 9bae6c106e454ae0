import type { SessionUser } from '../../../contracts/auth';
import type { WarehouseStatistics } from '../../../contracts/statistics';
import { warehouseCapacity } from '../../../domain/slots';
import type { Db } from '../../db/client';
import { companyScans } from '../../lib/limiter';
import * as repo from './statistics.repository';

export async function getStatistics(db: Db, user: SessionUser): Promise<WarehouseStatistics[]> {
  const rows = await companyScans(() => repo.listWarehouseCounts(db, user.companyId));
  return rows.map((w) => {
    const capacity = warehouseCapacity(
      { rows: w.rows, cols: w.cols, fieldCapacity: w.field_capacity },
      { couchboxTops: w.couchbox_tops, couchboxBottoms: w.couchbox_bottoms },
    );
    const potentialSpaces = capacity - w.vault_count;
    return {
      warehouseId: w.id,
      warehouseName: w.name,
      slug: w.slug,
      warehouseCapacity: capacity,
      vaultCount: w.vault_count,
      potentialSpaces,
      emptyVaults: w.empty_vaults,
      emptyCouchboxes: w.empty_couchboxes,
      // The dashboard's 'N of M spaces used' figure: every vault that is not an empty unit.
      usedSpaces: w.non_empty_vaults,
      freeSpaces: Math.max(0, potentialSpaces),
    };
  });
}
