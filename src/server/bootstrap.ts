import type { Db } from './db/client';
import { countCompanies } from './features/auth/auth.repository';
import { createCompany, createUser } from './features/auth/companies.service';
import { generatePassword } from './lib/password';

export interface FirstAdmin {
  companyName: string;
  email: string;
  /** Set only when the password was generated here and must be shown once. */
  generatedPassword: string | null;
}

/**
 * On an empty database, creates the first company and its admin so someone can sign in.
 * Returns null when the database already has a company.
 */
export async function ensureFirstAdmin(
  db: Db,
  admin: {
    email: string | undefined;
    password: string | undefined;
    companyName: string | undefined;
  },
): Promise<FirstAdmin | null> {
  if ((await countCompanies(db)) > 0) return null;
  const companyName = admin.companyName ?? 'My Storage Company';
  const email = (admin.email ?? 'admin@example.com').toLowerCase();
  const password = admin.password ?? generatePassword();
  return db.transaction(async (tx) => {
    const company = await createCompany(tx, companyName);
    await createUser(tx, { companyId: company.id, email, password });
    return { companyName, email, generatedPassword: admin.password ? null : password };
  });
}
