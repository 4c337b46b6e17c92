// Scheduled siren drills (issue 16): GET /api/Drill, POST /api/Drill, DELETE /api/Drill/{id}; GET /api/Siren for the
// sirens to choose from.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TDrill, TDrillInput, TSirenSummary } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';
import { getHardwareQueryOptions } from './get-hardware.ts';

export function getDrills(signal?: AbortSignal): Promise<TDrill[]> {
  return call('drillList', undefined, { signal });
}

export function getDrillsQueryOptions() {
  return queryOptions({ queryKey: ['hardware', 'drills'], queryFn: ({ signal }) => getDrills(signal) });
}

export function useDrills(enabled: boolean) {
  return useQuery({ ...getDrillsQueryOptions(), enabled });
}

export function getSirens(signal?: AbortSignal): Promise<TSirenSummary[]> {
  return call('sirenList', undefined, { signal });
}

export function useSirens(enabled: boolean) {
  return useQuery({ queryKey: ['hardware', 'sirens'], queryFn: ({ signal }) => getSirens(signal), enabled });
}

export function useAddDrill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TDrillInput) => call('drillAdd', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getDrillsQueryOptions().queryKey }),
  });
}

export function useDeleteDrill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('drillDelete', { params: { id } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: getDrillsQueryOptions().queryKey });
      await queryClient.invalidateQueries({ queryKey: getHardwareQueryOptions().queryKey });
    },
  });
}
