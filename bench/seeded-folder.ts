import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { openRuntime } from '../src/server/runtime';
import { seedBenchCompany } from './company';

/**
 * The 20-warehouse bench company in `env`'s database, seeded on the first run and found again
 * on the next through `<DATA_DIR>/<name>-meta.json`, so scripts that compare two builds on
 * one folder seed it once.
 */
export async function seededOnce(
  env: Record<string, string>,
  name: string,
): Promise<{ email: string; wid: number }> {
  const metaFile = path.join(env.DATA_DIR ?? '.', `${name}-meta.json`);
  if (fs.existsSync(metaFile))
    return JSON.parse(fs.readFileSync(metaFile, 'utf8')) as { email: string; wid: number };
  const runtime = await openRuntime(loadConfig({ ...process.env, ...env }), `${name} bench`);
  const company = await seedBenchCompany(runtime.database.db, { warehouses: 20 });
  await runtime.close();
  const meta = { email: company.email, wid: company.firstWarehouseId };
  fs.writeFileSync(metaFile, JSON.stringify(meta));
  return meta;
}
