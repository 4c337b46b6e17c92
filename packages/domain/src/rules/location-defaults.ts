// All-clear timer choices and default values of new and preloaded locations (spec 01 §3, §5, §9; spec 02 §3, §9).
import { enableAlertsFlags } from './location-flags.ts';

/** All-clear slider bounds and step, minutes (spec 01 §5 'All-clear timer'). */
export const ALL_CLEAR_MIN_MINUTES = 10;
export const ALL_CLEAR_MAX_MINUTES = 60;
export const ALL_CLEAR_STEP_MINUTES = 10;
/** The modal slider's default, minutes (spec 01 §5). */
export const ALL_CLEAR_SLIDER_DEFAULT_MINUTES = 10;
/** All-clear of a new location, minutes (spec 01 §3, §9). */
export const NEW_LOCATION_ALL_CLEAR_MINUTES = 30;

/** The all-clear slider options 10, 20, ..., 60 minutes (spec 01 §5 'All-clear timer'). */
export function allClearOptions(): number[] {
  const out: number[] = [];
  for (let m = ALL_CLEAR_MIN_MINUTES; m <= ALL_CLEAR_MAX_MINUTES; m += ALL_CLEAR_STEP_MINUTES) out.push(m);
  return out;
}

/** True when minutes is one of the slider's options (spec 01 §5). */
export function isAllClearOption(minutes: number): boolean {
  return allClearOptions().includes(minutes);
}

/** A location record's editable fields (radii in miles, minutes, degrees). */
export interface LocationDraft {
  label: string;
  locationName: string;
  latitude: number;
  longitude: number;
  radius1: number;
  radius2: number;
  radius3: number;
  radius4: number;
  allClearMinutes: number;
  flags: number;
  forecastLocation: boolean;
  organizationLocationId?: number | null;
}

/** Which reading of the spec's flags default: the dashboard's or the map modal's (spec 01 §3). */
export type FlagsReading = 'dashboard' | 'map-modal';

/**
 * Default flags per reading (spec 01 §3 'Flags default: 2 in one reading ... 0 in another'). Both are
 * 0, alerts on: bit 2 lies inside the alert-channel mask 30, so the dashboard reading's 2 would create
 * a location that is silenced from the start (README 'Design notes').
 */
export const NEW_LOCATION_FLAGS: Readonly<Record<FlagsReading, number>> = {
  dashboard: enableAlertsFlags(true),
  'map-modal': enableAlertsFlags(true),
};

/** Defaults of a new location: radius1 10 mi, others 0, all-clear 30 min, not a forecast location, coordinates 0 (spec 01 §3). */
export function newLocationDefaults(reading: FlagsReading): LocationDraft {
  return {
    label: '',
    locationName: '',
    latitude: 0,
    longitude: 0,
    radius1: 10,
    radius2: 0,
    radius3: 0,
    radius4: 0,
    allClearMinutes: NEW_LOCATION_ALL_CLEAR_MINUTES,
    flags: NEW_LOCATION_FLAGS[reading],
    forecastLocation: false,
  };
}

/** An organisation location to preload for a user (degrees). */
export interface OrganizationLocationSource {
  id: number;
  name: string;
  address: string;
  latitude: number;
  longitude: number;
  label?: string | null;
}

/**
 * The preload record of spec 02 §3: radii 10, 20, 30 mi, all-clear 30 min, not a forecast location;
 * label falls back to the name, and the address too (a location write needs one, spec 01 §5). Flags 0, alerts on, where the spec writes 2 (silenced under mask 30).
 */
export function preloadedLocation(org: OrganizationLocationSource): LocationDraft {
  return {
    label: org.label || org.name,
    // an organisation location without an address is named by its name, as in the location modal
    locationName: org.address.trim() || org.name,
    latitude: org.latitude,
    longitude: org.longitude,
    radius1: 10,
    radius2: 20,
    radius3: 30,
    radius4: 0,
    allClearMinutes: 30,
    flags: enableAlertsFlags(true),
    forecastLocation: false,
    organizationLocationId: org.id,
  };
}
