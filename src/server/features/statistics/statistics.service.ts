import type { SessionUser } from '../../../contracts/auth';
import type { WarehouseStatistics } from '../../../contracts/statistics';
import { warehouseCapacity } from '../../../domain/occupancy';
import type { Db } from '../../db/client';
import { companyScans } from '../../lib/limiter';
import * as repo from './statistics.repository';

export async function getStatistics(db: Db, user: SessionUser): Promise<WarehouseStatistics[]> {
  const rows = await companyScans(() => repo.listWarehouseCounts(db, user.companyId));
  return rows.map((w) => {
    const capacity = warehouseCapacity(w.rows, w.cols, w.field_capacity);
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
      usedSpaces: w.vault_count - w.empty_vaults,
      freeSpaces: Math.max(0, potentialSpaces),
    };
  });
}
