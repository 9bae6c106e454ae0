import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contract from '../../../../contracts/customers';
import { buildPath, callApi } from '../../../lib/api';
import { customerKeys } from './use-customers';

const reportKey = (range: contract.StorageReportQuery) =>
  [...customerKeys.all, 'report', range.from, range.to] as const;

export function useStorageReport(range: contract.StorageReportQuery) {
  return useQuery({
    queryKey: reportKey(range),
    queryFn: () => callApi(contract.getStorageReport, { query: range }),
  });
}

export function useSetCountsStaged() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (countsStaged: boolean) =>
      callApi(contract.updateStorageReportSettings, { body: { countsStaged } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...customerKeys.all, 'report'] }),
  });
}

/** Where the browser downloads the report as a file. */
export function storageReportFileUrl(
  format: (typeof contract.storageReportFormats)[number],
  range: contract.StorageReportQuery,
): string {
  const search = new URLSearchParams(range).toString();
  return `${buildPath(contract.downloadStorageReport.path, { format })}?${search}`;
}

export function conversionNoticeUrl(customerId: number): string {
  return buildPath(contract.conversionNotice.path, { id: customerId });
}
