// GET /api/Hardware/OWS/{id} (a hardware id): the siren's settings and what it reported holding (spec 02 §7).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSirenDetail } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';

export function getSiren(hardwareId: number, signal?: AbortSignal): Promise<TSirenDetail> {
  return call('sirenGet', { params: { id: hardwareId } }, { signal });
}

export function getSirenQueryOptions(hardwareId: number) {
  return queryOptions({
    queryKey: ['hardware', 'siren', hardwareId],
    queryFn: ({ signal }) => getSiren(hardwareId, signal),
  });
}

export function useSiren(hardwareId: number) {
  return useQuery(getSirenQueryOptions(hardwareId));
}
