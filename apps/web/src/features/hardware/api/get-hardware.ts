// GET /api/Hardware: the customer's units (spec 02 §7 'Hardware and sirens'), refreshed every 5 minutes (§9) and at
// once when a unit reports (the hardware stream, use-hardware-stream.ts).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THardware } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';

/** The hardware list refresh (spec 02 §9 'Refresh: hardware list 5 min'). */
export const HARDWARE_REFRESH_MS = 5 * 60_000;

export function getHardware(signal?: AbortSignal): Promise<THardware[]> {
  return call('hardwareList', undefined, { signal });
}

export function getHardwareQueryOptions() {
  return queryOptions({
    queryKey: ['hardware'],
    queryFn: ({ signal }) => getHardware(signal),
    refetchInterval: HARDWARE_REFRESH_MS,
  });
}

export function useHardware() {
  return useQuery(getHardwareQueryOptions());
}
