// Location (spec 01 §3 'Location').
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
