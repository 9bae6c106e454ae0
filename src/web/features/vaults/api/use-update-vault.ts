import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as contract from '../../../../contracts/vaults';
import { deleteVault } from '../../../../contracts/vault-deletion';
import { releaseVault } from '../../../../contracts/vault-release';
import { customerKeys } from '../../customers/api/use-customers';
import type { z } from 'zod';
import { callApi, callApiForm } from '../../../lib/api';
import { invalidateVaultQueries, vaultWriteOptions } from './invalidate';
import { placeVaultInCache } from './place-in-cache';
import { forgetVaultOnDelete } from '../../../lib/live-updates';

export function useUpdateVault() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id: number;
      body: z.input<typeof contract.updateVaultBodySchema>;
    }) => callApi(contract.updateVault, { params: { id }, body }),
    onSuccess: () => invalidateVaultQueries(queryClient),
    onError: (error) => console.error('Failed to update vault', error),
  });
}

export function useDeleteVault() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => {
      // Before the call: the delete's own live event may come back before its answer.
      forgetVaultOnDelete(id);
      return callApi(deleteVault, { params: { id } });
    },
    onSuccess: (_answer, id) => invalidateVaultQueries(queryClient, id),
    onError: (error) => console.error('Failed to delete vault', error),
  });
}

export function useUploadAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ vaultId, file }: { vaultId: number; file: File }) => {
      const form = new FormData();
      form.append('vault_id', String(vaultId));
      form.append('attachment', file);
      return callApiForm(contract.uploadAttachment, form);
    },
    onSuccess: () => invalidateVaultQueries(queryClient),
  });
}

export function useMoveVault() {
  const queryClient = useQueryClient();
  return useMutation({
    ...vaultWriteOptions(queryClient),
    mutationFn: (body: { vaultId: number; fieldId: number; position: number }) =>
      callApi(contract.moveVault, { body }),
    onSuccess: (answer) => placeVaultInCache(queryClient, answer.vault),
    onError: (error) => console.error('Failed to move vault', error),
  });
}

export function useReleaseVault() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(releaseVault, { params: { id } }),
    onSuccess: () =>
      Promise.all([
        invalidateVaultQueries(queryClient),
        queryClient.invalidateQueries({ queryKey: customerKeys.all }),
      ]),
    onError: (error) => console.error('Failed to release vault', error),
  });
}
