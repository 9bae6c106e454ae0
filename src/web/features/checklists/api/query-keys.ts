export const checklistKeys = {
  all: ['checklists'] as const,
  list: () => [...checklistKeys.all, 'list'] as const,
  fill: (companySlug: string | undefined, warehouse: string) =>
    [...checklistKeys.all, 'fill', companySlug ?? '', warehouse] as const,
};
