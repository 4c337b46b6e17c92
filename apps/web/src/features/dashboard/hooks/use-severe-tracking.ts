// Feeds the severe-location tracker of one location from its delay, NWS alerts and policy warnings (spec 01 §4).
import { useEffect } from 'react';
import { parseDelay } from '@allclear/domain';
import { useAdvisories } from '../api/get-advisories.ts';
import { useLocationDelay } from '../api/get-lightning.ts';
import { usePolicyWarnings } from '../api/get-policy-warnings.ts';
import { useDashboardStore } from '../stores/dashboard-store.ts';

/** Keeps the tracker's entry for this location in step with its polled data. */
export function useSevereTracking(locationId: number): void {
  const track = useDashboardStore((s) => s.track);
  const delay = useLocationDelay(locationId).data;
  const advisories = useAdvisories(locationId).data;
  const warnings = usePolicyWarnings(locationId).data;

  useEffect(() => {
    if (!delay) return;
    const zoneSeconds = [delay.item1, delay.item2, delay.item3, delay.item4].map((t) => parseDelay(t) ?? 0);
    track({ type: 'lightning-updated', locationId, zoneSeconds });
  }, [delay, locationId, track]);

  useEffect(() => {
    if (advisories) track({ type: 'nws-updated', locationId, events: advisories.map((a) => a.Event) });
  }, [advisories, locationId, track]);

  useEffect(() => {
    if (warnings) track({ type: 'policy-alerts-updated', locationId, alerts: warnings });
  }, [warnings, locationId, track]);
}
