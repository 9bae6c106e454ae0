// Who may do what. Offices and crews do different work (FIELD.md): the crew works the floor,
// the office also keeps customers, reports, layouts and imports, and an admin also keeps the
// team and the company's settings. Each role may do everything the roles before it may.

export const ROLES = ['crew', 'office', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The role a colleague gets when whoever adds them names none: the least one. */
export const DEFAULT_ROLE: Role = 'crew';

export const ROLE_LABELS: Record<Role, string> = {
  crew: 'Crew',
  office: 'Office',
  admin: 'Admin',
};

/** What each role is for, in the words staff use. */
export const ROLE_WORK: Record<Role, string> = {
  crew: 'the floor',
  office: 'also customers, reports, layouts, imports',
  admin: 'also the team and settings',
};

export function roleAllows(role: Role, needed: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(needed);
}

/** The sentence a refused call answers with. */
export function roleRefusal(role: Role, needed: Role): string {
  const allowed = ROLES.filter((r) => roleAllows(r, needed)).map((r) => ROLE_LABELS[r]);
  return `Your role (${ROLE_LABELS[role]}) may not do this: it is for ${allowed.join(' and ')} users.`;
}
