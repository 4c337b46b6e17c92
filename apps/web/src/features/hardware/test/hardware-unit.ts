// A hardware unit as GET Hardware serves it, for the page's and the status colours' tests.
import type { THardware } from '@allclear/contracts';

/** The time the units are seen at: 17:00 UTC, outside the 05–11 UTC scheduled offline window. */
export const HARDWARE_NOW = Date.parse('2026-07-01T17:00:00Z');

/** An enabled OWS with its siren, connected 5 minutes before HARDWARE_NOW, battery healthy, all abilities. */
export function hardwareUnit(id: number, overrides: Partial<THardware> = {}): THardware {
  return {
    id,
    name: `Unit ${String(id).padStart(2, '0')}`,
    modelId: 'OWS',
    voltage: 12.6,
    connectedAt: new Date(HARDWARE_NOW - 5 * 60_000).toISOString(),
    timeZoneId: 'America/Chicago',
    enabled: true,
    latitude: 32.7,
    longitude: -97.1,
    ipAddress: null,
    afterSirenPaId: null,
    organizationLocationId: null,
    locationName: 'AT&T Stadium',
    siren: {
      id: 100 + id,
      enabled: true,
      radius: 8,
      duration: 10,
      frequency: 2,
      allClearDuration: 10,
      allClearFrequency: 1,
    },
    weatherStation: null,
    relayCount: 0,
    paUnits: [],
    test: null,
    fault: null,
    lastDrill: null,
    disabled: null,
    abilities: { view: true, manage: true, sendPa: true },
    ...overrides,
  };
}
