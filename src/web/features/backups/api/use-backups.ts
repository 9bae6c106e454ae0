import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contract from '../../../../contracts/backups';
import { callApi } from '../../../lib/api';

const backupsKey = ['backups'] as const;

/** How often a signed-in operator's screen asks again, so an overdue warning shows up. */
const RECHECK_MS = 10 * 60 * 1000;

/** The installation's backups; fails with 404 for anyone but its operators (decision 0440). */
export function useBackupStatus() {
  return useQuery({
    queryKey: backupsKey,
    queryFn: () => callApi(contract.getBackupStatus),
    retry: false,
    refetchInterval: RECHECK_MS,
  });
}

export function useTakeBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(contract.takeBackup, { body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: backupsKey }),
  });
}
