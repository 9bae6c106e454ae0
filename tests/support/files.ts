import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/client';
import type { TestApp } from './test-app';

/** The storage keys of one vault's attachments, in that company only. */
export async function attachmentKeysOf(
  app: TestApp,
  companyId: number,
  vaultId: number,
): Promise<string[]> {
  const rows = await queryRows<{ storage_key: string }>(
    app.deps.db,
    sql`SELECT storage_key FROM vault_attachments
        WHERE company_id = ${companyId} AND vault_id = ${vaultId}`,
  );
  return rows.map((r) => r.storage_key);
}

/** Whether the file behind a storage key is on the test server's disk. */
export function isOnDisk(app: TestApp, key: string): boolean {
  return fs.existsSync(path.join(app.filesDir, key));
}

/** Every file on the test server's disk, as storage keys. */
export function filesOnDisk(app: TestApp): string[] {
  if (!fs.existsSync(app.filesDir)) return [];
  return fs
    .readdirSync(app.filesDir, { recursive: true, encoding: 'utf8' })
    .filter((p) => fs.statSync(path.join(app.filesDir, p)).isFile());
}
