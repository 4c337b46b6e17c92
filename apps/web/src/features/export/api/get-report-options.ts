// GET reports/options: the Export Data modal's weather stations (no OWS) and recipients (spec 03 §2.5).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TReportOptions } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';

export function getReportOptions(signal?: AbortSignal): Promise<TReportOptions> {
  return call('reportOptions', undefined, { signal });
}

export function getReportOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['reports', 'options'],
    queryFn: ({ signal }) => getReportOptions(signal),
  });
}

export function useReportOptions(enabled: boolean) {
  return useQuery({ ...getReportOptionsQueryOptions(), enabled });
}
