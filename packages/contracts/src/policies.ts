// Threshold policies (spec 02 §3 'Policy', §4 'Policy', §5 'Policy', §7 'Policies and settings') and their types.
// The rules that need the stored type (threshold range and precision, the type's minimum all-clear, a type fixed
// once saved) and the customer's groups (Sites) are the server's; this schema holds what a body alone decides.
import { z } from 'zod';
import { readBack, withoutReadBack, ZReadBackAbilities, ZReadBackInt, ZReadBackText } from './common.ts';

/** Longest trigger or all-clear message a policy sends (ours: an SMS is split past a few hundred characters). */
export const POLICY_MESSAGE_MAX = 500;
/** Longest re-alert interval, minutes (ours: a day). */
export const POLICY_REALERT_MAX_MINUTES = 1440;
/** Longest all-clear period, minutes (ours: a day). */
export const POLICY_ALL_CLEAR_MAX_MINUTES = 1440;

/** A policy type (spec 01 §3, spec 02 §3): unit, precision (decimal places), direction and minimum all-clear. */
export const ZPolicyType = z.object({
  id: z.number().int(),
  shortName: z.string(),
  name: z.string(),
  displayName: z.string(),
  unit: z.string(),
  precision: z.number().int(),
  isDesc: z.boolean(),
  minAllClear: z.number().int(),
});
export type TPolicyType = z.infer<typeof ZPolicyType>;

/** A message a policy sends when it triggers (allClear false) or clears (allClear true) (spec 02 §3). */
export const ZNotificationActionInput = z
  .object({
    id: z.number().int().optional(),
    triggerId: z.number().int().nullable().default(null),
    allClear: z.boolean(),
    message: z
      .string()
      .trim()
      .min(1, 'Message is required.')
      .max(POLICY_MESSAGE_MAX, `Message must be at most ${POLICY_MESSAGE_MAX} characters.`),
  })
  .strict();
export type TNotificationActionInput = z.output<typeof ZNotificationActionInput>;

/** 'Notify On All Clear' is offered only after 'Notify Users' (spec 02 §4 'Policy'). */
export const ALL_CLEAR_NEEDS_TRIGGER = 'Notify On All Clear needs Notify Users.';

const notificationActionsField = z
  .array(ZNotificationActionInput)
  .max(2)
  .default([])
  .refine(
    (list) => list.filter((a) => !a.allClear).length <= 1 && list.filter((a) => a.allClear).length <= 1,
    'At most one trigger message and one all-clear message.',
  )
  .refine((list) => !list.some((a) => a.allClear) || list.some((a) => !a.allClear), ALL_CLEAR_NEEDS_TRIGGER);

/** The fields a policy is written with. */
const policyFields = {
  policyType: z.number({ error: 'Policy type is required.' }).int().positive('Policy type is required.'),
  threshold: z.number({ error: 'Threshold is required.' }),
  limit: z.number().nullable().default(null),
  allClearMinutes: z
    .number({ error: 'All clear minutes must be a whole number.' })
    .int('All clear minutes must be a whole number.')
    .max(POLICY_ALL_CLEAR_MAX_MINUTES, `All clear minutes must be at most ${POLICY_ALL_CLEAR_MAX_MINUTES}.`),
  reAlertMinutes: z
    .number({ error: 'Re-alert minutes must be a whole number.' })
    .int('Re-alert minutes must be a whole number.')
    .min(1, 'Re-alert minutes must be at least 1.')
    .max(POLICY_REALERT_MAX_MINUTES, `Re-alert minutes must be at most ${POLICY_REALERT_MAX_MINUTES}.`)
    .default(10),
  /** The user groups the policy applies to; none makes it inactive (spec 02 §4). */
  sites: z
    .array(z.number().int().positive())
    .max(1000)
    .default([])
    .refine((ids) => new Set(ids).size === ids.length, 'Each group may appear only once.'),
  /** Applies to every group of the customer, also those made later. */
  allGroups: z.boolean().default(false),
  notificationActions: notificationActionsField,
};
/**
 * The policy as served (spec 02 §3 'Policy'), carried back by an integrator: what its type decides (names,
 * direction, unit, precision, minimum all-clear), its customer and its creator.
 */
const policyReadBackFields = {
  policyTypeShortName: ZReadBackText,
  policyTypeName: ZReadBackText,
  policyDisplayName: ZReadBackText,
  isDesc: readBack(z.boolean()),
  unit: ZReadBackText,
  precision: ZReadBackInt,
  minAllClear: ZReadBackInt,
  customerId: ZReadBackInt,
  creatorId: ZReadBackText,
  showOnDashboard: readBack(z.boolean()),
  abilities: ZReadBackAbilities,
};

/** POST policy: a new policy of the caller's customer; it has no id yet (one carried back is ignored). */
export const ZPolicyInput = z
  .object({ ...policyFields, ...policyReadBackFields, id: ZReadBackInt })
  .strict()
  .transform(withoutReadBack({ ...policyReadBackFields, id: ZReadBackInt }));
export type TPolicyInput = z.output<typeof ZPolicyInput>;

/** PATCH policy: the policy `id` with its new values; the type must stay the saved one (spec 02 §4). */
export const ZPolicyUpdate = z
  .object({ ...policyFields, ...policyReadBackFields, id: z.number().int().positive() })
  .strict()
  .transform(withoutReadBack(policyReadBackFields));
export type TPolicyUpdate = z.output<typeof ZPolicyUpdate>;

/** What the caller may do to a policy (the domain's weather-policy policy), so the screens offer only that. */
export const ZPolicyAbilities = z.object({ edit: z.boolean(), delete: z.boolean() });

/** A policy as served (spec 02 §3 'Policy'; spec 01 §3 policyDisplayName). */
export const ZPolicy = z.object({
  id: z.number().int(),
  policyType: z.number().int(),
  policyTypeShortName: z.string(),
  policyTypeName: z.string(),
  policyDisplayName: z.string(),
  threshold: z.number(),
  isDesc: z.boolean(),
  unit: z.string(),
  precision: z.number().int(),
  limit: z.number().nullable(),
  minAllClear: z.number().int(),
  allClearMinutes: z.number().int(),
  reAlertMinutes: z.number().int(),
  customerId: z.number().int(),
  sites: z.array(z.number().int()),
  allGroups: z.boolean(),
  notificationActions: z.array(
    z.object({
      id: z.number().int(),
      triggerId: z.number().int().nullable(),
      allClear: z.boolean(),
      message: z.string(),
    }),
  ),
  creatorId: z.string().nullable(),
  /** Always on: 'Show on Dashboard' is locked (spec 02 §4). */
  showOnDashboard: z.boolean(),
  abilities: ZPolicyAbilities,
});
export type TPolicy = z.infer<typeof ZPolicy>;
