// Disable/enable a unit or its OWS with a reason (spec 02 §4, §5, §7 'Support': Disable, Enable, Siren/Disable,
// Siren/Enable; body hardwareId and message).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { THardware } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';
import { getHardwareQueryOptions } from './get-hardware.ts';

export type ToggleTarget = 'hardware' | 'ows';

export interface ToggleRequest {
  target: ToggleTarget;
  enable: boolean;
  hardwareId: number;
  message: string;
}

export function toggleHardware({ target, enable, hardwareId, message }: ToggleRequest): Promise<THardware> {
  const body = { hardwareId, message };
  if (target === 'hardware') return call(enable ? 'hardwareEnable' : 'hardwareDisable', { body });
  return call(enable ? 'sirenEnable' : 'sirenDisable', { body });
}

export function useToggleHardware() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleHardware,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getHardwareQueryOptions().queryKey }),
  });
}
