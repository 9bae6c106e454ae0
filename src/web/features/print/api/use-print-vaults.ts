import { useQuery } from '@tanstack/react-query';
import * as contract from '../../../../contracts/print';
import { callApi } from '../../../lib/api';

const printKeys = { all: ['print', 'vaults'] as const };

export function usePrintVaults() {
  return useQuery({ queryKey: printKeys.all, queryFn: () => callApi(contract.listAllVaults) });
}

/** The CSV comes straight from the server as a download; the browser streams it to disk. */
export const csvDownloadUrl = contract.exportVaultsCsv.path;
