// GET /api/PA (the PA units) and POST /api/PA/SendMessage (body pAList, message, repeatCount; each unit's status and
// name) (spec 02 §7 'Public address').
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { TPaResult, TPaSendInput, TPaUnit } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';

export function getPaUnits(signal?: AbortSignal): Promise<TPaUnit[]> {
  return call('paUnitList', undefined, { signal });
}

export function getPaUnitsQueryOptions() {
  return queryOptions({ queryKey: ['hardware', 'pa-units'], queryFn: ({ signal }) => getPaUnits(signal) });
}

export function usePaUnits(enabled: boolean) {
  return useQuery({ ...getPaUnitsQueryOptions(), enabled });
}

export function sendPaMessage(body: TPaSendInput): Promise<TPaResult[]> {
  return call('paSendMessage', { body });
}

export function useSendPaMessage() {
  return useMutation({ mutationFn: sendPaMessage });
}
