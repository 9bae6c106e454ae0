/** Query keys of the warehouse feature; mutations elsewhere invalidate through these. */
export const warehouseKeys = {
  all: ['warehouses'] as const,
  summaries: () => [...warehouseKeys.all, 'summaries'] as const,
  bySlug: (slug: string) => [...warehouseKeys.all, 'slug', slug] as const,
};
