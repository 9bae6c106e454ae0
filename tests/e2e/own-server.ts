import path from 'node:path';
import { sql } from 'drizzle-orm';
import { E2E_ADMIN } from '../../playwright.config';
import { normaliseLot } from '../../src/domain/inventory-tags';
import { vaultTags } from '../../src/server/db/schema/vaults';
import { createCompany, createUser } from '../../src/server/features/auth/companies.service';
import { startTestApp, type TestApp } from '../support/test-app';

// A spec that must write rows no API writes yet runs a server of its own, in-process (the built
// client over an embedded database), as the pull-list spec does: the shared e2e server's
// database is open in another process. Its company's admin is E2E_ADMIN, so `signIn`,
// `signInWithRole` and the seed helpers work unchanged in a context whose baseURL is this one.

export interface OwnServer {
  app: TestApp;
  baseUrl: string;
  companyId: number;
  close(): Promise<void>;
}

export async function startOwnServer(): Promise<OwnServer> {
  const app = await startTestApp(null, { webRoot: path.resolve('dist/web') });
  const company = await createCompany(app.deps.db, 'E2E Storage');
  await createUser(app.deps.db, {
    companyId: company.id,
    email: E2E_ADMIN.email,
    password: E2E_ADMIN.password,
  });
  return { app, baseUrl: app.baseUrl, companyId: company.id, close: () => app.close() };
}

/**
 * Gives a vault a range of inventory tags, as a row of vault_tags: the vault forms and the
 * vault answer take tags in the contents work, not yet on this branch.
 */
export async function seedTags(
  server: OwnServer,
  vaultId: number,
  tags: { lot: string; first: number; last: number },
): Promise<void> {
  await server.app.deps.db.insert(vaultTags).values({
    companyId: server.companyId,
    vaultId,
    lot: normaliseLot(tags.lot),
    firstTag: tags.first,
    lastTag: tags.last,
  });
}

/** Moves a vault's date in back, so the storage report has days to count. */
export async function seedDateIn(server: OwnServer, vaultId: number, day: string): Promise<void> {
  await server.app.deps.db.execute(sql`
    UPDATE vaults SET date_in = ${day}::date
    WHERE company_id = ${server.companyId} AND id = ${vaultId}`);
}
