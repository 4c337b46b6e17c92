// Location (spec 01 §3 'Location'), its save/delete calls and the location-add lookups (spec 01 §7 'Locations').
import { z } from 'zod';

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
});
export type TLocation = z.infer<typeof ZLocation>;

/**
 * The location body of `POST location/Add` and `POST location/Update` (spec 01 §7). Only the shape is
 * checked here; the product rules (name required, zones, all-clear options, coordinate ranges) are
 * checked by the server's location service so every broken field is reported at once.
 */
export const ZLocationInput = z.object({
  /** Required for Update; ignored by Add. */
  id: z.number().int().positive().optional(),
  label: z.string().default(''),
  locationName: z.string().default(''),
  latitude: z.number(),
  longitude: z.number(),
  radius1: z.number().optional(),
  radius2: z.number().default(0),
  radius3: z.number().default(0),
  radius4: z.number().nullable().default(0),
  allClearMinutes: z.number().optional(),
  /** Omitted on Add: the dashboard default of spec 01 §3 (2). */
  flags: z.number().int().min(0).optional(),
  forecastLocation: z.boolean().default(false),
  organizationLocationId: z.number().int().positive().nullable().optional(),
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
