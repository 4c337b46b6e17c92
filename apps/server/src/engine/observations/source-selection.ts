// Which source gives a location its conditions: its own station (a station on hardware at the location's
// organisation location), else the customer's nearest station within reach, else the nearest METAR, else the
// forecast model (issue 5 'Policies and forecasts').
import { greatCircleMiles } from '@allclear/domain';

/** A customer station farther than this from a location does not describe it, miles. */
export const STATION_REACH_MILES = 10;
/** A METAR station farther than this does not describe a location, miles. */
export const METAR_REACH_MILES = 50;
/** An observation older than this is not current, minutes. */
export const OBSERVATION_FRESH_MINUTES = 30;

export interface CandidateStation {
  id: number;
  customerId: number;
  organizationLocationId: number | null;
  latitude: number;
  longitude: number;
  /** Time of its latest observation, null if none. */
  observedAt: Date | null;
}

export interface LocationPlace {
  customerId: number;
  organizationLocationId: number | null;
  latitude: number;
  longitude: number;
}

/** The station describing a location with a fresh observation at `now`, or null (then METAR, then the model). */
export function pickStation<S extends CandidateStation>(
  location: LocationPlace,
  stations: readonly S[],
  now: Date,
): S | null {
  const fresh = (s: S) =>
    s.observedAt !== null && now.getTime() - s.observedAt.getTime() <= OBSERVATION_FRESH_MINUTES * 60_000;
  const own = stations.filter((s) => s.customerId === location.customerId && fresh(s));
  if (location.organizationLocationId !== null) {
    const linked = own.find((s) => s.organizationLocationId === location.organizationLocationId);
    if (linked) return linked;
  }
  let best: S | null = null;
  let bestMiles = Infinity;
  for (const s of own) {
    const miles = greatCircleMiles(location, s);
    if (miles <= STATION_REACH_MILES && miles < bestMiles) {
      best = s;
      bestMiles = miles;
    }
  }
  return best;
}
