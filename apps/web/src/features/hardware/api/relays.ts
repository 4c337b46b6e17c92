// GET /api/RemoteRelay/{ipAddress} (the board's relays as read now) and POST RemoteRelay/SetRelay/{ipAddress} (body id
// = relay name, toggled; a result of data counts as success) (spec 02 §7 'Work/rest and relays').
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TRemoteRelay } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';

export function getRelays(ipAddress: string, signal?: AbortSignal): Promise<TRemoteRelay[]> {
  return call('remoteRelayList', { params: { ipAddress } }, { signal });
}

export function getRelaysQueryOptions(ipAddress: string) {
  return queryOptions({
    queryKey: ['hardware', 'relays', ipAddress],
    queryFn: ({ signal }) => getRelays(ipAddress, signal),
    // a board that does not answer is said so at once (the modal offers to try again)
    retry: false,
  });
}

export function useRelays(ipAddress: string, enabled: boolean) {
  return useQuery({ ...getRelaysQueryOptions(ipAddress), enabled });
}

export function setRelay(ipAddress: string, name: string, toggled: boolean): Promise<TRemoteRelay> {
  return call('remoteRelaySet', { params: { ipAddress }, body: { id: name, toggled } });
}

export function useSetRelay(ipAddress: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, toggled }: { name: string; toggled: boolean }) => setRelay(ipAddress, name, toggled),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getRelaysQueryOptions(ipAddress).queryKey }),
  });
}
