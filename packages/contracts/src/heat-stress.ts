// The heat-stress calls (spec 02 §3 'Work/rest profile', 'Risk profile'; §7 'Work/rest and relays').
import { z } from 'zod';

/** Work/rest profiles are looked up by the organisation location they apply to. */
export const ZOrganizationLocationIdParam = z
  .object({ organizationLocationId: z.coerce.number().int().positive() })
  .strict();

/** A profile's primary metric. */
export const ZHeatStressMetric = z.enum(['WBGT', 'Temperature', 'Heat Index']);
export type THeatStressMetric = z.infer<typeof ZHeatStressMetric>;

/** A work intensity of a profile. */
export const ZWorkRestIntensity = z.object({ id: z.number().int(), name: z.string() });

/** A clothing/PPE modifier: adjustment in °F added to the observed value. */
export const ZWorkRestModifier = z.object({ id: z.number().int(), name: z.string(), adjustment: z.number() });

/** A matrix row: up to max (null = unbounded) the intensity works workPercent of each 60 minutes. */
export const ZWorkRestMatrix = z.object({
  workRestIntensityId: z.number().int(),
  max: z.number().nullable(),
  workPercent: z.number().int(),
});

/** `GET WorkRest/ForLocation/{organizationLocationId}`: the profile, null when the venue has none. */
export const ZWorkRestProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  primaryMetric: ZHeatStressMetric,
  useRiskProfile: z.boolean(),
  riskProfileId: z.number().int().nullable(),
  durationUnit: z.string(),
  customStopText: z.string().nullable(),
  customContinuousText: z.string().nullable(),
  intensities: z.array(ZWorkRestIntensity),
  modifiers: z.array(ZWorkRestModifier),
  matrices: z.array(ZWorkRestMatrix),
});
export type TWorkRestProfile = z.infer<typeof ZWorkRestProfile>;

/** A risk level: applies up to max in the profile's metric unit. */
export const ZRiskLevel = z.object({
  id: z.number().int(),
  name: z.string(),
  max: z.number(),
  color: z.string(),
  colorSecondary: z.string().nullable(),
  description: z.string(),
  riskProfileId: z.number().int(),
});
export type TRiskLevel = z.infer<typeof ZRiskLevel>;

/** `GET RiskProfile/{id}`: the profile's levels sorted by max. */
export const ZRiskProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  riskLevels: z.array(ZRiskLevel),
});
export type TRiskProfile = z.infer<typeof ZRiskProfile>;
