// Contracts of the lightning calls (spec 01 §3 'Lightning delay', §7 'GET location/Delay/{id}'), the
// dashboard's lightning status and threat counts, and the simulator's scenario API (issue 4).
import { z } from 'zod';

/** 'hh:mm:ss' (hours not wrapped). */
const ZHhMmSs = z.string().regex(/^\d{2,}:[0-5]\d:[0-5]\d$/);

/** `GET location/Delay/{id}`: each zone's remaining delay, '00:00:00' when clear (spec 01 §3 'Lightning delay'). */
export const ZLightningDelay = z.object({
  item1: ZHhMmSs,
  item2: ZHhMmSs,
  item3: ZHhMmSs,
  item4: ZHhMmSs,
});
export type TLightningDelay = z.infer<typeof ZLightningDelay>;

/** A strike seen from a location: ISO 8601 UTC time, great-circle miles, initial bearing in degrees from north. */
export const ZStrikeFromLocation = z.object({
  time: z.iso.datetime(),
  distanceMiles: z.number(),
  bearingDeg: z.number(),
});
export type TStrikeFromLocation = z.infer<typeof ZStrikeFromLocation>;

/** One zone of `GET Lightning/Location/{id}`: effective radius (miles, after the policy lock; 0 = off) and countdown. */
export const ZLightningZoneStatus = z.object({
  zone: z.number().int().min(1).max(4),
  radius: z.number(),
  enabled: z.boolean(),
  inDelay: z.boolean(),
  remainingSeconds: z.number().int().min(0),
  /** remainingSeconds as 'hh:mm:ss'. */
  delay: ZHhMmSs,
  lastStrikeTime: z.iso.datetime().nullable(),
  lastStrikeDistanceMiles: z.number().nullable(),
  allClearTime: z.iso.datetime().nullable(),
});
export type TLightningZoneStatus = z.infer<typeof ZLightningZoneStatus>;

/** `GET Lightning/Location/{id}`: a location's lightning status for the dashboard. */
export const ZLightningLocationStatus = z.object({
  locationId: z.number().int(),
  /** True when any zone's countdown is above zero (spec 01 §4 'Lightning in delay'). */
  inDelay: z.boolean(),
  /** Effective all-clear minutes (after the policy lock). */
  allClearMinutes: z.number().int(),
  policyLocked: z.boolean(),
  countCloudToGroundOnly: z.boolean(),
  zones: z.array(ZLightningZoneStatus),
  /** The most recent strike inside any zone. */
  lastStrike: ZStrikeFromLocation.nullable(),
  /** The nearest counted strike within the outermost zone during the last allClearMinutes. */
  nearestStrike: ZStrikeFromLocation.nullable(),
  /** Server time of the answer, ISO 8601 UTC. */
  checkedAt: z.iso.datetime(),
});
export type TLightningLocationStatus = z.infer<typeof ZLightningLocationStatus>;

/** `GET Lightning/ThreatCounts`: of the caller's dashboard locations, how many are in a lightning delay. */
export const ZLightningThreatCounts = z.object({
  locations: z.number().int().min(0),
  inDelay: z.number().int().min(0),
  locationIdsInDelay: z.array(z.number().int()),
});
export type TLightningThreatCounts = z.infer<typeof ZLightningThreatCounts>;

// ───────────── scenario API (simulator mode only, Super Admin only) ─────────────

/** Most strikes one `POST /api/sim/strikes` may inject. */
export const SIM_STRIKES_MAX = 1000;
/** Largest |amperage| accepted, kA. */
export const SIM_AMPERAGE_MAX_KA = 500;

/** One strike to inject; time defaults to now, type to 1 (Ground General). */
export const ZSimStrikeInput = z
  .object({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    time: z.iso.datetime({ offset: true }).optional(),
    type: z.number().int().min(1).max(4).optional(),
    /** Peak current, kA (signed). */
    amperage: z.number().min(-SIM_AMPERAGE_MAX_KA).max(SIM_AMPERAGE_MAX_KA).optional(),
  })
  .strict();
export type TSimStrikeInput = z.infer<typeof ZSimStrikeInput>;

/** `POST /api/sim/strikes` body: one strike or a list of 1..1000. */
export const ZSimStrikesRequest = z.union([
  ZSimStrikeInput,
  z.array(ZSimStrikeInput).min(1).max(SIM_STRIKES_MAX),
]);
export type TSimStrikesRequest = z.infer<typeof ZSimStrikesRequest>;

/** A strike as created. */
export const ZSimStrike = z.object({
  id: z.string(),
  time: z.iso.datetime(),
  latitude: z.number(),
  longitude: z.number(),
  type: z.number().int(),
  amperage: z.number(),
  cloud: z.boolean(),
});
export type TSimStrike = z.infer<typeof ZSimStrike>;

/** `POST /api/sim/storms` body: a storm on a straight track from a start point. */
export const ZSimStormRequest = z
  .object({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    /** Degrees clockwise from north. */
    headingDeg: z.number().min(0).max(360),
    /** Metres per second. */
    speedMs: z.number().min(0).max(60),
    lifetimeMinutes: z.number().min(1).max(720),
    startTime: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();
export type TSimStormRequest = z.infer<typeof ZSimStormRequest>;

/** A storm as created: its track, life span and peak reflectivity. */
export const ZSimStorm = z.object({
  id: z.string(),
  startTime: z.iso.datetime(),
  endTime: z.iso.datetime(),
  latitude: z.number(),
  longitude: z.number(),
  headingDeg: z.number(),
  speedMs: z.number(),
  lifetimeMinutes: z.number(),
  peakDbz: z.number(),
  endLatitude: z.number(),
  endLongitude: z.number(),
});
export type TSimStorm = z.infer<typeof ZSimStorm>;
