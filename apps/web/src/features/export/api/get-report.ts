// GET reports/{id}: a report job's progress and result, polled every 2 s while it is queued or running; POST
// reports/{id}/retry queues a failed one again.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TReportJob } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';

/** How often a running report is asked about, ms. */
export const REPORT_POLL_MS = 2_000;

export function getReport(id: string, signal?: AbortSignal): Promise<TReportJob> {
  return call('reportGet', { params: { id } }, { signal });
}

export function getReportQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['reports', 'job', id],
    queryFn: ({ signal }) => getReport(id, signal),
    refetchInterval: (q) =>
      q.state.data && (q.state.data.status === 'done' || q.state.data.status === 'failed')
        ? false
        : REPORT_POLL_MS,
  });
}

export function useReport(id: string | null) {
  return useQuery({ ...getReportQueryOptions(id ?? ''), enabled: id !== null });
}

export function useRetryReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('reportRetry', { params: { id } }),
    onSuccess: (job) => client.setQueryData(getReportQueryOptions(job.id).queryKey, job),
  });
}
