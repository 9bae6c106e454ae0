import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contract from '../../../../contracts/imports';
import type { ImportJob, ImportOptionsInput } from '../../../../contracts/imports';
import { buildPath, callApi, callApiForm } from '../../../lib/api';

const importKeys = {
  all: ['imports'] as const,
  job: (id: number) => ['imports', id] as const,
};

/** How often a running import is asked for its progress. */
const PROGRESS_POLL_MS = 1000;

export function useImportJob(id: number) {
  return useQuery({
    queryKey: importKeys.job(id),
    queryFn: () => callApi(contract.getImport, { params: { id } }),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? PROGRESS_POLL_MS : false),
  });
}

export function useRecentImports() {
  return useQuery({ queryKey: importKeys.all, queryFn: () => callApi(contract.listImports) });
}

export function useUploadImport() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return callApiForm(contract.uploadImport, form);
    },
  });
}

export function usePreviewImport(id: number) {
  return useMutation({
    mutationFn: (options: ImportOptionsInput) =>
      callApi(contract.previewImport, { params: { id }, body: options }),
  });
}

function useJobMutation(id: number, run: () => Promise<ImportJob>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (job) => queryClient.setQueryData(importKeys.job(id), job),
    onSettled: () => queryClient.invalidateQueries({ queryKey: importKeys.all }),
  });
}

export function useStartImport(id: number, options: () => ImportOptionsInput) {
  return useJobMutation(id, () =>
    callApi(contract.startImport, { params: { id }, body: options() }),
  );
}

export function useCancelImport(id: number) {
  return useJobMutation(id, () => callApi(contract.cancelImport, { params: { id } }));
}

/** A new job over the same file as an ended one; the page then shows its mapping. */
export function useImportAgain(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(contract.importAgain, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: importKeys.all }),
  });
}

/** The refused rows come straight from the server as a CSV download. */
export const refusedRowsUrl = (id: number) => buildPath(contract.downloadRefusedRows.path, { id });
