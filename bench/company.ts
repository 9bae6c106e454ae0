import crypto from 'node:crypto';
import type { Db } from '../src/server/db/client';
import { generateCompanyData } from '../src/server/demo/generate';
import { createCompany, createUser } from '../src/server/features/auth/companies.service';

export const BENCH_PASSWORD = 'bench-password';

/**
 * The bench company of issue 12: warehouses of 25 x 40 fields of 3, 95 % full (20 of them give
 * 20,000 fields and about 54,000 vaults), 200 staged vaults, 5 % empty, and one user. The
 * same seed every time, so runs compare.
 */
export async function seedBenchCompany(
  db: Db,
  options: { warehouses: number; name?: string; email?: string },
) {
  const tag = crypto.randomBytes(3).toString('hex');
  const company = await createCompany(db, options.name ?? `Bench Storage ${tag}`);
  const email = options.email ?? `bench-${tag}@example.com`;
  await createUser(db, { companyId: company.id, email, password: BENCH_PASSWORD });
  const seeded = await generateCompanyData(db, {
    companyId: company.id,
    warehouses: Array.from({ length: options.warehouses }, (_, i) => ({
      name: `Bench Warehouse ${i + 1}`,
      rows: 40,
      cols: 25,
      fieldCapacity: 3,
      length: 220,
      width: 140,
      fill: 0.95,
    })),
    stagedVaults: 200,
    emptyShare: 0.05,
    seed: 1,
  });
  const [firstWarehouseId] = seeded.warehouseIds;
  if (firstWarehouseId === undefined) throw new Error('The bench seeded no warehouse.');
  return { companyId: company.id, email, firstWarehouseId, vaultCount: seeded.vaultCount };
}

/** Signs the bench user in; the session cookie as a `cookie` header value. */
export async function signIn(url: string, email: string): Promise<string> {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  return (login.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
}
