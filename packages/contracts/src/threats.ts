// Threats, advisories, policy warnings, the threat forecast and proactive forecasts (spec 01 §3 'Threat entry',
// 'NWS advisory', 'Policy warning (active)', 'Threat forecast item', 'Proactive forecast').
import { z } from 'zod';

/** `GET Threats/{id}` item (spec 01 §3 'Threat entry'): 'LR1' lightning, 'NWS', or a policy name. */
export const ZThreatEntry = z.object({ shortName: z.string(), longName: z.array(z.string()) });
export type TThreatEntry = z.infer<typeof ZThreatEntry>;
export const ZThreats = z.array(ZThreatEntry);
export type TThreats = z.infer<typeof ZThreats>;

/** `GET Advisory/{id}` item: an NWS alert in force at the location (spec 01 §3 'NWS advisory'). */
export const ZNwsAdvisory = z.object({
  Identifier: z.string(),
  Event: z.string(),
});
export type TNwsAdvisory = z.infer<typeof ZNwsAdvisory>;
export const ZNwsAdvisories = z.array(ZNwsAdvisory);
export type TNwsAdvisories = z.infer<typeof ZNwsAdvisories>;

/** `GET Advisory/Detail/{id}` item (id = location id): the full advisory; Color is a CSS hex colour of its severity. */
export const ZNwsAdvisoryDetail = z.object({
  Identifier: z.string(),
  Event: z.string(),
  Headline: z.string(),
  Description: z.string(),
  Color: z.string(),
  /** ISO 8601 UTC. */
  Onset: z.iso.datetime(),
  Expires: z.iso.datetime(),
  Severity: z.string(),
});
export type TNwsAdvisoryDetail = z.infer<typeof ZNwsAdvisoryDetail>;
export const ZNwsAdvisoryDetails = z.array(ZNwsAdvisoryDetail);
export type TNwsAdvisoryDetails = z.infer<typeof ZNwsAdvisoryDetails>;

/**
 * An active policy warning (spec 01 §3 'Policy warning (active)'): value and thresholdValue in the policy's unit,
 * precision the decimals to show, times ISO 8601 UTC; allClearTime null while breached.
 */
export const ZPolicyWarning = z.object({
  id: z.number().int(),
  policyId: z.number().int(),
  policyTypeShortName: z.string(),
  policyName: z.string(),
  policyDisplayName: z.string(),
  thresholdValue: z.number(),
  isDesc: z.boolean(),
  unit: z.string(),
  precision: z.number().int(),
  value: z.number(),
  startedTime: z.iso.datetime(),
  /** When a notification of the warning last went out; null while none has (nobody to tell, or not yet sent). */
  lastAlertTime: z.iso.datetime().nullable(),
  lastUpdateTime: z.iso.datetime(),
  message: z.string(),
  allClearMinutes: z.number().int(),
  allClearTime: z.iso.datetime().nullable(),
});
export type TPolicyWarning = z.infer<typeof ZPolicyWarning>;
/** `GET observations/Violations/{id}` and `GET PolicyWarnings/Location/{id}`. */
export const ZPolicyWarnings = z.array(ZPolicyWarning);
export type TPolicyWarnings = z.infer<typeof ZPolicyWarnings>;

/** A breached span of the threat forecast, ISO 8601 UTC, inclusive hours. */
export const ZThreatTime = z.object({ startTime: z.iso.datetime(), endTime: z.iso.datetime() });
export type TThreatTime = z.infer<typeof ZThreatTime>;

/** One policy against today's hourly forecast (spec 01 §3 'Threat forecast item'): level 0 low, 1 warn, 2 error. */
export const ZThreatForecastItem = z.object({
  /** The policy type short name (HEAT, WBGT, ...). */
  threatType: z.string(),
  /** The policy's display name, for the card's label. */
  displayName: z.string(),
  threatLevel: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  threshold: z.number(),
  unit: z.string(),
  isDesc: z.boolean(),
  /** Most severe forecast value of today in the policy's unit, null when the forecast lacks it. */
  peakValue: z.number().nullable(),
  threatTimes: z.array(ZThreatTime),
});
export type TThreatForecastItem = z.infer<typeof ZThreatForecastItem>;
/** `GET ThreatForecast/Location/{id}` ('Today's Policy Risks'). */
export const ZThreatForecast = z.array(ZThreatForecastItem);
export type TThreatForecast = z.infer<typeof ZThreatForecast>;

/** A proactive forecast message; message is sanitised HTML. */
export const ZProactiveForecastMessage = z.object({
  id: z.number().int(),
  headline: z.string(),
  message: z.string(),
  createdAt: z.iso.datetime(),
});
export type TProactiveForecastMessage = z.infer<typeof ZProactiveForecastMessage>;

/** A meteorologist's proactive forecast (spec 01 §3 'Proactive forecast'). */
export const ZProactiveForecast = z.object({
  id: z.number().int(),
  forecastType: z.object({ name: z.string(), color: z.string() }),
  expiresAt: z.iso.datetime(),
  messages: z.array(ZProactiveForecastMessage),
});
export type TProactiveForecast = z.infer<typeof ZProactiveForecast>;
/** `GET ProactiveForecast/Location/{locationId}`: forecasts not yet expired, newest first. */
export const ZProactiveForecasts = z.array(ZProactiveForecast);
export type TProactiveForecasts = z.infer<typeof ZProactiveForecasts>;

/** Headline limit of a proactive forecast, characters. */
export const PROACTIVE_HEADLINE_MAX = 100;

/** `POST ProactiveForecast` (Super Admin): to the given locations, or every location of a customer. */
export const ZCreateProactiveForecast = z
  .object({
    forecastType: z.object({
      name: z.string().trim().min(1).max(50),
      color: z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'Color must be #RRGGBB'),
    }),
    expiresAt: z.iso.datetime(),
    headline: z.string().trim().min(1).max(PROACTIVE_HEADLINE_MAX),
    message: z.string().min(1).max(20000),
    locationIds: z.array(z.number().int().positive()).min(1).optional(),
    customerId: z.number().int().positive().optional(),
  })
  .refine((b) => (b.locationIds === undefined) !== (b.customerId === undefined), {
    message: 'Give locationIds or customerId, not both',
    path: ['locationIds'],
  });
export type TCreateProactiveForecast = z.infer<typeof ZCreateProactiveForecast>;

/** Response of `POST ProactiveForecast`: the created forecasts (one per location). */
export const ZCreatedProactiveForecasts = z.object({ ids: z.array(z.number().int()) });
export type TCreatedProactiveForecasts = z.infer<typeof ZCreatedProactiveForecasts>;
