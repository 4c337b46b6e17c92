// GET /api/Hardware/Audit/{id}: who did what to a unit, when, why, and what it answered (issue 16).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THardwareAuditEntry } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';

export function getHardwareAudit(id: number, signal?: AbortSignal): Promise<THardwareAuditEntry[]> {
  return call('hardwareAudit', { params: { id } }, { signal });
}

export function getHardwareAuditQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['hardware', 'audit', id],
    queryFn: ({ signal }) => getHardwareAudit(id, signal),
  });
}

export function useHardwareAudit(id: number) {
  return useQuery(getHardwareAuditQueryOptions(id));
}
