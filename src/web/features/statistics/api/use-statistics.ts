import { useQuery } from '@tanstack/react-query';
import * as contract from '../../../../contracts/statistics';
import { callApi } from '../../../lib/api';

const statisticsKeys = { all: ['statistics'] as const };

export function useStatistics() {
  return useQuery({ queryKey: statisticsKeys.all, queryFn: () => callApi(contract.getStatistics) });
}
