export const stageKeys = {
  all: ['stage'] as const,
  vaults: () => [...stageKeys.all, 'vaults'] as const,
};
