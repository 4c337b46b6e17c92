// Location (spec 01 §3 'Location'), its save/delete calls and the location-add lookups (spec 01 §7 'Locations').
import { z } from 'zod';
import {
  ALL_CLEAR_MAX_MINUTES,
  ALL_CLEAR_MIN_MINUTES,
  ALL_CLEAR_STEP_MINUTES,
  isAllClearOption,
  validateZones,
} from '@allclear/domain';

/** A location's zones in force: radii r1..r4 in miles (0 = off) and the all-clear minutes. */
export const ZZonesInForce = z.object({
  radii: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  allClearMinutes: z.number().int(),
  /** True when LR policies lock some value of the location. */
  lockedByPolicy: z.boolean(),
  /** True when a value in force differs from the saved one (ZONES_POLICY_DIFFERS_NOTICE is shown). */
  differsFromSaved: z.boolean(),
});
export type TZonesInForce = z.infer<typeof ZZonesInForce>;

/** The caller's abilities on a location (the domain's locationAbilities). */
export const ZLocationAbilities = z.object({ edit: z.boolean(), delete: z.boolean(), rename: z.boolean() });
export type TLocationAbilities = z.infer<typeof ZLocationAbilities>;

export const ZLocation = z.object({
  id: z.number().int(),
  label: z.string(),
  locationName: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  radius1: z.number(),
  radius2: z.number(),
  radius3: z.number(),
  radius4: z.number().nullable(),
  allClearMinutes: z.number().int(),
  flags: z.number().int(),
  forecastLocation: z.boolean(),
  organizationLocationId: z.number().int().nullable(),
  type: z.number().int(),
  /**
   * The zones and all-clear in force under the organisation's LR1..LR4 policies (spec 01 §4 'Policy
   * lock', the domain's zonesInForce): what the engine watches and every screen draws and prints.
   */
  zonesInForce: ZZonesInForce,
  /**
   * What the caller may do to this location, from the domain's location policy (the rule the server
   * enforces on each change): the web offers Edit Location, Delete and renaming only where these say so.
   */
  abilities: ZLocationAbilities,
});
export type TLocation = z.infer<typeof ZLocation>;

/** Longest location name (label), characters. */
export const LOCATION_LABEL_MAX_LENGTH = 100;
/** Longest address text (locationName), characters. */
export const LOCATION_NAME_MAX_LENGTH = 250;

/**
 * The field texts of a location write (spec 01 §5 'Location fields': name required, shown under
 * Label; address errors under LocationName). Zone texts come from the domain's `validateZones`.
 */
export const LOCATION_FIELD_MESSAGES = {
  nameRequired: 'Name is required.',
  nameTooLong: `Name must be at most ${LOCATION_LABEL_MAX_LENGTH} characters.`,
  addressRequired: 'Address is required.',
  addressTooLong: `Address must be at most ${LOCATION_NAME_MAX_LENGTH} characters.`,
  latitude: 'Latitude must be between -90 and 90.',
  longitude: 'Longitude must be between -180 and 180.',
  allClear: `All-clear time must be ${ALL_CLEAR_MIN_MINUTES} to ${ALL_CLEAR_MAX_MINUTES} minutes in steps of ${ALL_CLEAR_STEP_MINUTES}.`,
} as const;

/** The editable fields of a location as a write carries them (radii miles, minutes, degrees). */
export interface LocationWriteValues {
  label: string;
  locationName: string;
  latitude: number;
  longitude: number;
  /** Absent: the service fills it (Add: 10; Update: the saved value) and checks again. */
  radius1?: number | undefined;
  radius2: number;
  radius3: number;
  radius4?: number | null | undefined;
  allClearMinutes?: number | undefined;
}

/**
 * Every broken field of a location write, keyed by the property name (`radius1`; the server names it
 * `Radius1`): the one rule of every write path (the dashboard and map modal, `location/Add`,
 * `location/Update`, the organisation preload), with the numbers read from the domain (spec 01 §4
 * 'Zone enablement', §5 'Location zones', 'All-clear timer', 'Location fields').
 */
export function locationWriteProblems(v: LocationWriteValues): [keyof LocationWriteValues, string][] {
  const out: [keyof LocationWriteValues, string][] = [];
  if (!v.label.trim()) out.push(['label', LOCATION_FIELD_MESSAGES.nameRequired]);
  else if (v.label.length > LOCATION_LABEL_MAX_LENGTH)
    out.push(['label', LOCATION_FIELD_MESSAGES.nameTooLong]);
  if (!v.locationName.trim()) out.push(['locationName', LOCATION_FIELD_MESSAGES.addressRequired]);
  else if (v.locationName.length > LOCATION_NAME_MAX_LENGTH)
    out.push(['locationName', LOCATION_FIELD_MESSAGES.addressTooLong]);
  if (!(v.latitude >= -90 && v.latitude <= 90)) out.push(['latitude', LOCATION_FIELD_MESSAGES.latitude]);
  if (!(v.longitude >= -180 && v.longitude <= 180))
    out.push(['longitude', LOCATION_FIELD_MESSAGES.longitude]);
  if (v.radius1 !== undefined) {
    const zones = validateZones({ ...v, radius1: v.radius1 });
    for (const [field, message] of Object.entries(zones)) {
      out.push([`r${field.slice(1)}` as keyof LocationWriteValues, message]);
    }
  }
  if (v.allClearMinutes !== undefined && !isAllClearOption(v.allClearMinutes))
    out.push(['allClearMinutes', LOCATION_FIELD_MESSAGES.allClear]);
  return out;
}

/**
 * The location body of `POST location/Add` and `POST location/Update` (spec 01 §7), and the one
 * schema of every location write: the shape, then the product rules of `locationWriteProblems`, every
 * broken field reported at once. The server adds what needs the database (the fourth-zone
 * entitlement, the type-1 lock, the policy lock, the organisation location).
 */
export const ZLocationInput = z
  .object({
    /** Required for Update; ignored by Add. */
    id: z.number().int().positive().optional(),
    label: z.string().default(''),
    locationName: z.string().default(''),
    latitude: z.number(),
    longitude: z.number(),
    radius1: z.number().optional(),
    radius2: z.number().default(0),
    radius3: z.number().default(0),
    radius4: z.number().nullable().default(null),
    allClearMinutes: z.number().optional(),
    /** Omitted on Add: the dashboard default of spec 01 §3 (2). */
    flags: z.number().int().min(0).optional(),
    forecastLocation: z.boolean().default(false),
    organizationLocationId: z.number().int().positive().nullable().default(null),
  })
  .superRefine((v, ctx) => {
    for (const [path, message] of locationWriteProblems(v))
      ctx.addIssue({ code: 'custom', path: [path], message });
  });
export type TLocationInput = z.input<typeof ZLocationInput>;

/** `POST location/Add` response: the server's message, and the saved location (spec 01 §7). */
export const ZLocationAddResult = z.object({ message: z.string(), location: ZLocation.nullable() });
export type TLocationAddResult = z.infer<typeof ZLocationAddResult>;

/** `POST location/Update/ForecastLocation/{id}` body: the flag to set (true when omitted). */
export const ZForecastLocationBody = z.object({ forecastLocation: z.boolean().default(true) }).nullish();

/** One preloaded location of `POST location/Update/OrganizationLocation/{userId}` (spec 02 §3 'User location preload record'). */
export const ZPreloadLocation = z.object({
  organizationLocationId: z.number().int().positive(),
  label: z.string().optional(),
  locationName: z.string().optional(),
  latitude: z.number().optional(),
  longitude: z.number().optional(),
  radius1: z.number().optional(),
  radius2: z.number().optional(),
  radius3: z.number().optional(),
  allClearMinutes: z.number().optional(),
  flags: z.number().int().optional(),
  forecastLocation: z.boolean().optional(),
});
export const ZPreloadLocations = z.array(ZPreloadLocation);
export type TPreloadLocation = z.infer<typeof ZPreloadLocation>;

/** `GET Location/HasCoverage/{latitude}/{longitude}` path (degrees). */
export const ZCoverageParams = z.object({
  latitude: z.coerce.number().min(-90).max(90),
  longitude: z.coerce.number().min(-180).max(180),
});

/** Location-add warning lookup query `?Latitude&Longitude` (degrees; spec 01 §7 'Radar frames and viewport data'). */
export const ZLocationAddWarningQuery = z.object({
  Latitude: z.coerce.number().min(-90).max(90),
  Longitude: z.coerce.number().min(-180).max(180),
});

/** The dialog shown after a location pick, with the button 'I Understand' (spec 01 §2); null when there is nothing to say. */
export const ZLocationAddWarning = z.object({ title: z.string(), message: z.string() }).nullable();
export type TLocationAddWarning = z.infer<typeof ZLocationAddWarning>;

/** An organisation lightning policy as the location form's lock reads it (spec 01 §4 'Policy lock'); miles and minutes. */
export const ZLightningPolicy = z.object({
  policyTypeShortName: z.string(),
  threshold: z.number(),
  allClearMinutes: z.number().int(),
});
export type TLightningPolicy = z.infer<typeof ZLightningPolicy>;
