/** How the fill page was reached: the token of a printed link, or the spec's warehouse name. */
export type FillAddress = { token: string } | { warehouse: string };

export const checklistKeys = {
  all: ['checklists'] as const,
  list: () => [...checklistKeys.all, 'list'] as const,
  settings: () => [...checklistKeys.all, 'settings'] as const,
  fill: (address: FillAddress) =>
    [
      ...checklistKeys.all,
      'fill',
      'token' in address ? 'token' : 'name',
      'token' in address ? address.token : address.warehouse,
    ] as const,
};
