// PATCH /api/Hardware/OWS/Settings: saved and pushed to the siren, answered once the siren acknowledged (spec 02 §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSirenDetail, TSirenSettingsInput } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';
import { getHardwareQueryOptions } from './get-hardware.ts';

export function saveSirenSettings(body: TSirenSettingsInput): Promise<TSirenDetail> {
  return call('sirenSettingsUpdate', { body });
}

export function useSaveSirenSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSirenSettings,
    // a settings push that was not confirmed is saved all the same: refresh either way
    onSettled: () => queryClient.invalidateQueries({ queryKey: getHardwareQueryOptions().queryKey }),
  });
}
