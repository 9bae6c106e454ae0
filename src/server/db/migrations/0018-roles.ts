// Roles (src/domain/roles.ts). Everyone could do everything before, so the users there are
// kept able to: they become admins. Whoever is added later without a named role gets the least.
export const name = '0018-roles';

export const sql = `
ALTER TABLE users ADD COLUMN role text NOT NULL DEFAULT 'admin'
  CONSTRAINT users_role_known CHECK (role IN ('crew', 'office', 'admin'));
ALTER TABLE users ALTER COLUMN role SET DEFAULT 'crew';
`;
