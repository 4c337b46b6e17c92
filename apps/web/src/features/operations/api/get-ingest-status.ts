// GET /api/Notification/IngestStatus: whether alerts are held back by a database outage (issue 21), for the
// admin roles' banner; polled every 10 s, also in a background tab (wall screens).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TIngestStatus } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';

/** How often the shell asks, ms. */
export const INGEST_STATUS_POLL_MS = 10_000;

/** Fetches whether alerts are held back. */
export function getIngestStatus(signal?: AbortSignal): Promise<TIngestStatus> {
  return call('ingestStatus', {}, { signal });
}

/** Query options for the held-back status, polled. */
export function getIngestStatusQueryOptions() {
  return queryOptions({
    queryKey: ['ingest-status'],
    queryFn: ({ signal }) => getIngestStatus(signal),
    refetchInterval: INGEST_STATUS_POLL_MS,
    refetchIntervalInBackground: true,
  });
}

/** Whether alerts are held back now. */
export function useIngestStatus() {
  return useQuery(getIngestStatusQueryOptions());
}
