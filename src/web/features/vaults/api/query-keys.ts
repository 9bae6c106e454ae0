/** Query keys of the vault feature. */
export const vaultKeys = {
  all: ['vaults'] as const,
  byKey: (key: string) => [...vaultKeys.all, 'key', key] as const,
  history: (id: number) => [...vaultKeys.all, 'history', id] as const,
};
