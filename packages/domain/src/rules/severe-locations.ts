// The dashboard's severe-location tracker: threats per location id (spec 01 §4 'Severe-location tracking').

/** A threat on a location: a short name and the long names shown in its tooltip (spec 01 §3 'Threat entry'). */
export interface ThreatEntry {
  shortName: string;
  longName: string[];
}

/** Threats per location id; a location without threats has no entry. */
export type SevereLocations = Readonly<Record<string, readonly ThreatEntry[]>>;

/** Short and long name of the lightning threat (spec 01 §4). */
export const LIGHTNING_THREAT: Readonly<ThreatEntry> = {
  shortName: 'LR1',
  longName: ['Lightning Policy Alert'],
};
/** Short name of the NWS threat; its long names are the alert events. */
export const NWS_THREAT_SHORT_NAME = 'NWS';
/** Policy names that raise '{display name} Policy Warning' threats, in the spec's order (spec 01 §4). */
export const TRACKED_POLICY_NAMES = [
  'WBGT',
  'WIND',
  'GUST',
  'AQI',
  'CHILL',
  'HEAT',
  'PRECIP',
  'AQI-PM2.5',
  'AQI-PM10',
  'AQI-O3',
  'AQI-MAX',
] as const;

/** An active policy warning of a location, as the tracker reads it. */
export interface ActivePolicyAlert {
  policyName: string;
  policyDisplayName: string;
}

export type SevereLocationAction =
  | { type: 'threat-added'; locationId: string | number; threat: ThreatEntry }
  | { type: 'threat-removed'; locationId: string | number; shortName: string }
  /** Zone timers in seconds (item1..item4 parsed). */
  | { type: 'lightning-updated'; locationId: string | number; zoneSeconds: readonly number[] }
  | { type: 'nws-updated'; locationId: string | number; events: readonly string[] }
  | { type: 'policy-alerts-updated'; locationId: string | number; alerts: readonly ActivePolicyAlert[] };

function addThreat(state: SevereLocations, id: string, threat: ThreatEntry): SevereLocations {
  const current = state[id] ?? [];
  const existing = current.find((t) => t.shortName === threat.shortName);
  if (existing) {
    // Only an NWS entry is refreshed: its events change while the threat stays.
    if (threat.shortName !== NWS_THREAT_SHORT_NAME) return state;
    if (sameNames(existing.longName, threat.longName)) return state;
    return {
      ...state,
      [id]: current.map((t) =>
        t === existing ? { shortName: t.shortName, longName: [...threat.longName] } : t,
      ),
    };
  }
  return { ...state, [id]: [...current, { shortName: threat.shortName, longName: [...threat.longName] }] };
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((n, i) => n === b[i]);
}

function removeThreat(state: SevereLocations, id: string, shortName: string): SevereLocations {
  const current = state[id];
  if (!current || !current.some((t) => t.shortName === shortName)) return state;
  const rest = current.filter((t) => t.shortName !== shortName);
  const next = { ...state };
  if (rest.length === 0) delete next[id];
  else next[id] = rest;
  return next;
}

/** Reducer of the tracker, keyed by location id; returns the same state object when nothing changes (spec 01 §4 'Severe-location tracking'). */
export function severeLocationsReducer(
  state: SevereLocations,
  action: SevereLocationAction,
): SevereLocations {
  const id = String(action.locationId);
  switch (action.type) {
    case 'threat-added':
      return addThreat(state, id, action.threat);
    case 'threat-removed':
      return removeThreat(state, id, action.shortName);
    case 'lightning-updated':
      return action.zoneSeconds.some((s) => s > 0)
        ? addThreat(state, id, { ...LIGHTNING_THREAT, longName: [...LIGHTNING_THREAT.longName] })
        : removeThreat(state, id, LIGHTNING_THREAT.shortName);
    case 'nws-updated':
      return action.events.length > 0
        ? addThreat(state, id, { shortName: NWS_THREAT_SHORT_NAME, longName: [...action.events] })
        : removeThreat(state, id, NWS_THREAT_SHORT_NAME);
    case 'policy-alerts-updated': {
      let next = state;
      for (const name of TRACKED_POLICY_NAMES) {
        const alert = action.alerts.find((a) => a.policyName === name);
        next = alert
          ? addThreat(next, id, { shortName: name, longName: [`${alert.policyDisplayName} Policy Warning`] })
          : removeThreat(next, id, name);
      }
      return next;
    }
  }
}

/** Number of locations with at least one threat (the header's 'You have N location(s) in a policy warning', spec 02 §2.2). */
export function countSevereLocations(state: SevereLocations): number {
  return Object.keys(state).length;
}
