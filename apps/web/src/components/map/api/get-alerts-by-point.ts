// POST /map/Alerts/ByPoint?latitude&longitude: NWS alerts covering a clicked point, asked on a map click while the
// NWS Alerts overlay is on (spec 01 §7).
import { useMutation } from '@tanstack/react-query';
import type { TNwsAlertsResponse } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';

/** Fetches the alerts at a point (degrees). */
export function getAlertsByPoint(latitude: number, longitude: number): Promise<TNwsAlertsResponse> {
  return call('mapAlertsByPoint', { query: { latitude, longitude } });
}

/** The alerts-at-a-point call, mutation-style as the spec names it. */
export function useAlertsByPoint() {
  return useMutation({
    mutationFn: ({ latitude, longitude }: { latitude: number; longitude: number }) =>
      getAlertsByPoint(latitude, longitude),
  });
}
