// The location form's values and the body they make (spec 01 §4 'Location form', 'Policy lock', §5 'Location
// zones', 'All-clear timer', 'Location fields'). The values are what the user set, in the body's field names; the
// body is what Save sends: the lightning policies' lock applied, zone 4 off unless the form offers it, the id when
// editing. The form's check is the one schema of every location write (ZLocationInput, the same location/Add and
// location/Update validate with) over that body, through the shared contract resolver (lib/forms).
import { applyPolicyLock, newLocationDefaults, type LightningPolicy } from '@allclear/domain';
import { ZLocationInput, type TLocation, type TLocationInput } from '@allclear/contracts';
import { contractResolver, resolverErrors } from '../../../../lib/forms/contract-resolver.ts';

/** The form's start position when adding: the Dallas area (spec 01 §3). */
export const DEFAULT_POSITION = { latitude: 32.7767, longitude: -96.797 } as const;

/** What the user set: degrees, miles (0: zone off), minutes. */
export interface LocationFormValues {
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
  organizationLocationId: number | null;
}

/** What the body depends on besides the values. */
export interface LocationFormContext {
  /** The organisation's lightning policies (LR1..LR4) that lock zones and the timer. */
  policies: readonly LightningPolicy[];
  /** Whether zone 4 is offered (the entitlement or a saved radius4); when not, the body sends 0. */
  showFourthZone: boolean;
  /** The edited location's id; undefined when adding. */
  locationId: number | undefined;
}

/** The form's values on opening: the location's when editing, the map modal's defaults when adding. */
export function locationFormValues(location: TLocation | null): LocationFormValues {
  if (location)
    return {
      label: location.label,
      locationName: location.locationName,
      latitude: location.latitude,
      longitude: location.longitude,
      radius1: location.radius1,
      radius2: location.radius2,
      radius3: location.radius3,
      radius4: location.radius4 ?? 0,
      allClearMinutes: location.allClearMinutes,
      flags: location.flags,
      forecastLocation: location.forecastLocation,
      organizationLocationId: location.organizationLocationId ?? null,
    };
  const d = newLocationDefaults('map-modal');
  return {
    label: '',
    locationName: '',
    ...DEFAULT_POSITION,
    radius1: d.radius1,
    radius2: d.radius2,
    radius3: d.radius3,
    radius4: d.radius4,
    allClearMinutes: d.allClearMinutes,
    flags: d.flags,
    forecastLocation: false,
    organizationLocationId: null,
  };
}

/** The body Save sends for `values`. */
export function toLocationInput(
  values: LocationFormValues,
  context: LocationFormContext | undefined,
): TLocationInput {
  const lock = applyPolicyLock(context?.policies ?? [], values);
  const body: TLocationInput = {
    label: values.label,
    locationName: values.locationName,
    latitude: values.latitude,
    longitude: values.longitude,
    radius1: lock.radius1,
    radius2: lock.radius2,
    radius3: lock.radius3,
    radius4: context?.showFourthZone ? lock.radius4 : 0,
    allClearMinutes: lock.allClearMinutes,
    flags: values.flags,
    forecastLocation: values.forecastLocation,
    organizationLocationId: values.organizationLocationId,
  };
  return context?.locationId === undefined ? body : { ...body, id: context.locationId };
}

/** The form's check: ZLocationInput over the body the values make. */
export const locationFormResolver = contractResolver(ZLocationInput, toLocationInput);

/**
 * The form's check outside the form (the server's write-agreement test): the fields Save would refuse, in the
 * server's naming (Label, Radius1), each with the text the form shows; empty when Save would send.
 */
export function checkLocationForm(
  values: LocationFormValues,
  context: LocationFormContext,
): Promise<Record<string, string>> {
  return resolverErrors(locationFormResolver, values, context);
}
