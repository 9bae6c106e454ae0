import type { Db } from '../db/client';
import type { FileStorage } from '../storage/storage';
import { currentDay } from '../db/current-day';
import { findCompanyByName } from '../features/auth/auth.repository';
import { createCompany, createUser } from '../features/auth/companies.service';
import { addDemoCustomers } from './customer-extras';
import { addDemoFloorExtras } from './floor-extras';
import { generateCompanyData } from './generate';
import { addDemoStorageHistory } from './storage-history';
import { addDemoVaultExtras } from './vault-extras';
import { addDemoVaultContents } from './vault-contents';

export const DEMO_COMPANY = 'Bay Area Moving & Storage';
export const DEMO_EMAIL = 'demo@vaultgrid.example';
export const DEMO_PASSWORD = 'vaultgrid-demo';

export type DemoResult = { created: false } | { created: true; vaultCount: number };

/**
 * A realistic example company, so a newcomer sees a populated product: vault grids (one 40
 * columns wide, for the phone layout), racks with pallets, a filled checklist, history.
 * Its dates count back from `day` (YYYY-MM-DD, the database's today unless given): the same
 * day gives the same demo.
 */
export async function loadDemo(
  db: Db,
  storage: FileStorage,
  options: { day?: string } = {},
): Promise<DemoResult> {
  if (await findCompanyByName(db, DEMO_COMPANY)) return { created: false };
  const day = options.day ?? (await currentDay(db));
  return db.transaction(async (tx) => {
    const company = await createCompany(tx, DEMO_COMPANY);
    const user = await createUser(tx, {
      companyId: company.id,
      email: DEMO_EMAIL,
      password: DEMO_PASSWORD,
    });
    const { vaultCount, warehouseIds } = await generateCompanyData(tx, {
      companyId: company.id,
      warehouses: [
        {
          name: 'Naglee Main Warehouse',
          rows: 12,
          cols: 9,
          fieldCapacity: 3,
          length: 120,
          width: 90,
          fill: 0.7,
        },
        {
          name: 'Warehouse 1',
          rows: 6,
          cols: 5,
          fieldCapacity: 3,
          length: 60,
          width: 50,
          fill: 0.8,
        },
        {
          name: 'Warehouse 3',
          rows: 8,
          cols: 4,
          fieldCapacity: 2,
          length: 80,
          width: 40,
          fill: 0.3,
        },
        {
          name: 'Harbor Wide Warehouse',
          rows: 25,
          cols: 40,
          fieldCapacity: 3,
          length: 140,
          width: 220,
          fill: 0.45,
        },
      ],
      stagedVaults: 6,
      emptyShare: 0.08,
      seed: 7,
    });
    await addDemoVaultExtras(tx, company.id);
    // Warehouse 3's floor has room beside its vault block for three racks.
    const rackWarehouseId = warehouseIds[2];
    if (rackWarehouseId !== undefined) {
      await addDemoFloorExtras(
        tx,
        storage,
        {
          id: user.id,
          email: user.email,
          role: user.role,
          companyId: company.id,
          companyName: DEMO_COMPANY,
        },
        rackWarehouseId,
      );
    }
    await addDemoCustomers(tx, company.id, day);
    await addDemoStorageHistory(tx, company.id, { day, actorEmail: DEMO_EMAIL });
    await addDemoVaultContents(tx, company.id);
    return { created: true, vaultCount };
  });
}
