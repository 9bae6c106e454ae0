import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contract from '../../../../contracts/team';
import { callApi } from '../../../lib/api';

const teamKey = ['team'] as const;

export function useTeam() {
  return useQuery({ queryKey: teamKey, queryFn: () => callApi(contract.listTeam) });
}

export function useAddTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) =>
      callApi(contract.addTeamMember, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKey }),
  });
}
