import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contract from '../../../../contracts/team';
import type { Role } from '../../../../domain/roles';
import { callApi } from '../../../lib/api';
import { sessionQueryKey } from '../../auth/api/use-session';

const teamKey = ['team'] as const;

export function useTeam() {
  return useQuery({ queryKey: teamKey, queryFn: () => callApi(contract.listTeam) });
}

export function useAddTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; password: string; role: Role }) =>
      callApi(contract.addTeamMember, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKey }),
  });
}

export function useRemoveTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: { id: number; isSelf: boolean }) =>
      callApi(contract.removeTeamMember, { params: { id: member.id } }),
    onSuccess: (_data, member) => {
      if (!member.isSelf) return queryClient.invalidateQueries({ queryKey: teamKey });
      // Leaving ends this session too: nothing of the company stays in memory.
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, null);
      return undefined;
    },
  });
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: { id: number; role: Role }) =>
      callApi(contract.changeTeamMemberRole, {
        params: { id: args.id },
        body: { role: args.role },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKey }),
  });
}

export function useResetTeamPassword() {
  return useMutation({
    mutationFn: (args: { id: number; password: string }) =>
      callApi(contract.resetTeamPassword, {
        params: { id: args.id },
        body: { password: args.password },
      }),
  });
}
