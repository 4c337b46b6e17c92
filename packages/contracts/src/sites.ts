// User groups ("sites", spec 02 §3 'User group (site)') and their alert times.
import { z } from 'zod';
import { withoutReadBack, ZReadBackAbilities, ZReadBackInt } from './common.ts';

/** 'HH:MM:SS' (or 'HH:MM') local time of day. */
export const ZTimeOfDay = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'Must be a time of day as HH:MM:SS.')
  .transform((s) => (s.length === 5 ? `${s}:00` : s));

export const GROUP_NAME_MAX = 100;

export const ZAlertTime = z
  .object({
    id: z.number().int().optional(),
    day: z
      .number()
      .int()
      .min(0, 'Day must be 0 (Sunday) to 6 (Saturday).')
      .max(6, 'Day must be 0 (Sunday) to 6 (Saturday).'),
    startTime: ZTimeOfDay,
    endTime: ZTimeOfDay,
    allDay: z.boolean(),
    enabled: z.boolean(),
  })
  .strict();
export type TAlertTime = z.output<typeof ZAlertTime>;

const alertTimesField = z
  .array(ZAlertTime)
  .max(7)
  .refine((rows) => new Set(rows.map((r) => r.day)).size === rows.length, 'Each day may appear only once.');

const siteFields = {
  name: z
    .string()
    .trim()
    .min(1, 'Name is required.')
    .max(GROUP_NAME_MAX, `Name must be at most ${GROUP_NAME_MAX} characters.`),
  alertTimes: alertTimesField.default([]),
};
/** The group as served (spec 02 §3 'User group', with its abilities), carried back: its customer, its counts. */
const siteReadBackFields = {
  customerId: ZReadBackInt,
  users: ZReadBackInt,
  notificationUsers: ZReadBackInt,
  policies: ZReadBackInt,
  widgets: ZReadBackInt,
  abilities: ZReadBackAbilities,
};

/** `POST site/add` body; a new group has no id yet (one carried back is ignored). */
export const ZSiteAdd = z
  .object({ ...siteFields, ...siteReadBackFields, id: ZReadBackInt })
  .strict()
  .transform(withoutReadBack({ ...siteReadBackFields, id: ZReadBackInt }));
export type TSiteAdd = z.output<typeof ZSiteAdd>;

export const ZSiteUpdate = z
  .object({ ...siteFields, ...siteReadBackFields, id: z.number().int().positive() })
  .strict()
  .transform(withoutReadBack(siteReadBackFields));
export type TSiteUpdate = z.output<typeof ZSiteUpdate>;

/** What the caller may do to a group (the domain's group policy), so the screens offer only that. */
export const ZSiteAbilities = z.object({ edit: z.boolean(), delete: z.boolean() });
export type TSiteAbilities = z.infer<typeof ZSiteAbilities>;

export const ZSite = z.object({
  id: z.number().int(),
  name: z.string(),
  customerId: z.number().int(),
  users: z.number().int(),
  notificationUsers: z.number().int(),
  policies: z.number().int(),
  /** Widgets that use the group as their policy group; a group in use cannot be deleted (spec 02 §4 'Policy'). */
  widgets: z.number().int(),
  alertTimes: z.array(
    z.object({
      id: z.number().int(),
      day: z.number().int(),
      startTime: z.string(),
      endTime: z.string(),
      allDay: z.boolean(),
      enabled: z.boolean(),
    }),
  ),
  abilities: ZSiteAbilities,
});
export type TSite = z.infer<typeof ZSite>;
