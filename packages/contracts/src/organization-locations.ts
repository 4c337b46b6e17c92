// Organisation locations and their user-group links (spec 01 §3 'Organization location', spec 02 §3, spec 01 §7).
import { z } from 'zod';
import { withoutReadBack, ZReadBackInt } from './common.ts';

export const ZOrganizationLocation = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  label: z.string().nullable(),
  forecastLocation: z.boolean(),
  /** sirenSettings.radius in miles (spec 02 §3). */
  sirenSettings: z.object({ radius: z.number().nullable() }),
});
export type TOrganizationLocation = z.infer<typeof ZOrganizationLocation>;

/** A link between an organisation location and a user group. */
export const ZOrganizationLocationSite = z.object({
  id: z.number().int(),
  organizationLocationId: z.number().int(),
  siteId: z.number().int(),
});
export type TOrganizationLocationSite = z.infer<typeof ZOrganizationLocationSite>;

/** `POST organizationLocation/Sites` body. */
export const ZOrganizationLocationSiteAdd = z
  .object({
    organizationLocationId: z.number().int().positive(),
    siteId: z.number().int().positive(),
    // a new link's id as served (spec 03 §3 'Org location site'), carried back: none yet; ignored
    id: ZReadBackInt,
  })
  .strict()
  .transform(withoutReadBack({ id: ZReadBackInt }));
export type TOrganizationLocationSiteAdd = z.infer<typeof ZOrganizationLocationSiteAdd>;

/** A notification user id in a path (`organizationLocation/NotiUser/{id}`). */
export const ZNotificationUserIdParam = z.object({ id: z.coerce.number().int().positive() }).strict();

/** A user id (uuid) in a path named `id` (`organizationLocation/user/{id}`). */
export const ZUserUuidParam = z.object({ id: z.uuid() }).strict();
