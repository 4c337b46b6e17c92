// Users and notification-only contacts (spec 02 §3 'User', §5 'User modal', §7 'Users and groups'): the
// current-user call's shape, the Users page's rows, and the bodies of every user and notification-user write.
import { z } from 'zod';
import { ROLE_IDS, ROLE_NAMES, TIME_ZONES, USER_FORM_MESSAGES } from '@allclear/domain';
import { readBack, whenParsed, withoutReadBack, ZReadBackAbilities } from './common.ts';

export const ZCurrentUser = z.object({
  id: z.string(),
  userName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  roleId: z.number().int(),
  roleName: z.string(),
  roleDisplayName: z.string(),
  roleHierarchy: z.number().int(),
  siteId: z.number().int().nullable(),
  siteName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  customerId: z.number().int(),
  customerName: z.string(),
  timeZone: z.string(),
  smsNotifications: z.boolean(),
  emailNotifications: z.boolean(),
  geofenceAlertsEnabled: z.boolean(),
  alertTimesEnabled: z.boolean(),
  declinesNotifications: z.boolean(),
  isActive: z.boolean(),
  permissions: z.array(z.string()),
  features: z.array(z.number().int()),
  WIDGET_ADMIN: z.string().nullable(),
});
export type TCurrentUser = z.infer<typeof ZCurrentUser>;

// ── limits and texts shared by the server's schemas and the User modal's resolver (issue 14)

/** Longest first or last name. */
export const PERSON_NAME_MAX = 100;
/** Longest e-mail address (RFC 5321 path limit). */
export const EMAIL_MAX = 254;
/** Longest phone number as typed (with spaces, dashes, parentheses). */
export const PHONE_NUMBER_MAX = 25;
/** A Notification Only contact's role id (spec 02 §3). */
export const NOTIFICATION_ONLY_ROLE_ID = ROLE_IDS['Notification Only'];
/** Role ids of users who sign in. */
export const FULL_USER_ROLE_IDS: readonly number[] = Object.values(ROLE_IDS).filter(
  (id) => id !== NOTIFICATION_ONLY_ROLE_ID,
);
/** Most rows one page of `GET user/customer` or `GET notificationuser` answers. */
export const USER_PAGE_MAX = 1000;

/** Field texts of the User modal and the server (ours; spec 02 §5 names the fields). */
export const USER_MESSAGES = {
  ...USER_FORM_MESSAGES,
  firstNameTooLong: `First Name must be at most ${PERSON_NAME_MAX} characters.`,
  lastNameTooLong: `Last Name must be at most ${PERSON_NAME_MAX} characters.`,
  emailInvalid: 'Email must be a valid e-mail address.',
  emailTooLong: `Email must be at most ${EMAIL_MAX} characters.`,
  phoneInvalid: 'Phone Number must be a phone number of 7 to 15 digits, with an optional leading +.',
  phoneTooLong: `Phone Number must be at most ${PHONE_NUMBER_MAX} characters.`,
  timeZoneUnknown: `Time Zone must be one of ${TIME_ZONES.join(', ')}.`,
  roleUnknown: 'Permission Level is not a known role.',
  roleNotFull:
    'Permission Level must be a role that signs in (a Notification Only contact is a notification user).',
  /** A full user's e-mail is their user name: taken by another user (the web shows it with 'UserName' replaced by 'Email', spec 02 §8). */
  userNameTaken: (email: string) => `UserName '${email}' is already taken.`,
} as const;

export const ZFirstName = z
  .string({ error: USER_MESSAGES.FirstName })
  .trim()
  .min(1, USER_MESSAGES.FirstName)
  .max(PERSON_NAME_MAX, USER_MESSAGES.firstNameTooLong);
export const ZLastName = z.string().trim().max(PERSON_NAME_MAX, USER_MESSAGES.lastNameTooLong).default('');
/** Stored lower-case; empty is sent as null (spec 02 §5). */
export const ZEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, USER_MESSAGES.emailTooLong)
  .pipe(z.email(USER_MESSAGES.emailInvalid))
  .nullable()
  .default(null);
/** Digits with an optional leading '+', spaces, dashes, dots and parentheses; 7 to 15 digits (E.164). */
export const ZPhoneNumber = z
  .string()
  .trim()
  .max(PHONE_NUMBER_MAX, USER_MESSAGES.phoneTooLong)
  .refine((s) => /^\+?[\d\s().-]+$/.test(s) && /^\d{7,15}$/.test(s.replace(/\D/g, '')), {
    message: USER_MESSAGES.phoneInvalid,
  })
  .nullable()
  .default(null);
export const ZTimeZone = z.enum(TIME_ZONES, {
  error: (issue) =>
    issue.input == null || issue.input === '' ? USER_MESSAGES.TimeZone : USER_MESSAGES.timeZoneUnknown,
});
const ZRoleId = z
  .number({ error: USER_MESSAGES.RoleId })
  .int(USER_MESSAGES.roleUnknown)
  .refine((id) => (Object.values(ROLE_IDS) as number[]).includes(id), USER_MESSAGES.roleUnknown);
/** Required (spec 02 §5 'User Group'); null is how the form sends 'none chosen'. */
const ZSiteId = z
  .number({ error: USER_MESSAGES.SiteId })
  .int()
  .positive(USER_MESSAGES.SiteId)
  .nullable()
  .refine((id) => id !== null, USER_MESSAGES.SiteId);

/** The fields of the User modal, for a full user and a notification-only contact alike. */
const userFields = {
  firstName: ZFirstName,
  lastName: ZLastName,
  email: ZEmail,
  phoneNumber: ZPhoneNumber,
  timeZone: ZTimeZone,
  roleId: ZRoleId,
  siteId: ZSiteId,
};
/** Preferences a full user's body may set; absent ones keep their value (a new user: spec 02 §9 defaults). */
const preferenceFields = {
  smsNotifications: z.boolean().optional(),
  emailNotifications: z.boolean().optional(),
  geofenceAlertsEnabled: z.boolean().optional(),
  alertTimesEnabled: z.boolean().optional(),
};

/**
 * Fields of a user as the server answers them (spec 02 §3 'User') that a write may carry back, as an integrator sends
 * the shape it reads: derived from the fields above (the user name is the e-mail, the full name the names, the role's
 * and group's names their ids, the customer the group's) or set by calls of their own (isActive by the invite,
 * orgLocations by `location/Update/OrganizationLocation`). Taken and ignored.
 */
const userReadBackFields = {
  userName: readBack(z.string().max(EMAIL_MAX)),
  fullName: readBack(z.string().max(2 * PERSON_NAME_MAX + 1)),
  roleName: readBack(z.string().max(PERSON_NAME_MAX)),
  roleDisplayName: readBack(z.string().max(PERSON_NAME_MAX)),
  roleHierarchy: readBack(z.number().int().min(0).max(10)),
  siteName: readBack(z.string().max(PERSON_NAME_MAX)),
  customerId: readBack(z.number().int().positive()),
  isActive: readBack(z.boolean()),
  orgLocations: readBack(z.array(z.number().int().positive()).max(USER_PAGE_MAX)),
  abilities: ZReadBackAbilities,
};

type Refinable = { email: string | null; roleId: number };

/** Run a body's own rules even when a field failed, so the form shows every required field at once. */
const EVEN_WITH_FIELD_ERRORS = whenParsed();

/** E-mail is required except for a Notification Only contact (spec 02 §5). */
function requireEmail(v: Refinable, ctx: z.RefinementCtx) {
  if (v.roleId !== NOTIFICATION_ONLY_ROLE_ID && v.email === null)
    ctx.addIssue({ code: 'custom', path: ['email'], message: USER_MESSAGES.Email });
}
/** A body of a user who signs in names a role that signs in. */
function requireFullRole(v: Refinable, ctx: z.RefinementCtx) {
  if (v.roleId === NOTIFICATION_ONLY_ROLE_ID)
    ctx.addIssue({ code: 'custom', path: ['roleId'], message: USER_MESSAGES.roleNotFull });
}

/**
 * The User modal as the form checks it (spec 02 §5 'User modal'): every field of a full user or a notification-only
 * contact; the modal then sends the body of the call its choice needs (POST user, user/update, notificationuser,
 * user/PromoteNotificationOnlyUser or DELETE user/demote), each checked by its own schema below.
 */
export const ZUserForm = z
  .object({ ...userFields })
  .strict()
  .superRefine((v, ctx) => requireEmail(v, ctx), EVEN_WITH_FIELD_ERRORS);
export type TUserForm = z.input<typeof ZUserForm>;

/** `POST user` body: a new full user (spec 02 §4 'A new user has an empty id'). */
export const ZUserAdd = z
  .object({ id: readBack(z.literal('')), ...userFields, ...preferenceFields, ...userReadBackFields })
  .strict()
  .superRefine((v, ctx) => {
    requireEmail(v, ctx);
    requireFullRole(v, ctx);
  }, EVEN_WITH_FIELD_ERRORS)
  .transform(withoutReadBack(userReadBackFields));
export type TUserAdd = z.input<typeof ZUserAdd>;

/** `POST user/update` body: a full user's new values. */
export const ZUserUpdate = z
  .object({ id: z.uuid(), ...userFields, ...preferenceFields, ...userReadBackFields })
  .strict()
  .superRefine((v, ctx) => {
    requireEmail(v, ctx);
    requireFullRole(v, ctx);
  }, EVEN_WITH_FIELD_ERRORS)
  .transform(withoutReadBack(userReadBackFields));
export type TUserUpdate = z.input<typeof ZUserUpdate>;

/** `POST user/PromoteNotificationOnlyUser` body: the contact's id and the full user it becomes (spec 02 §4). */
export const ZUserPromote = z
  .object({ id: z.number().int().positive(), ...userFields, ...preferenceFields, ...userReadBackFields })
  .strict()
  .superRefine((v, ctx) => {
    requireEmail(v, ctx);
    requireFullRole(v, ctx);
  }, EVEN_WITH_FIELD_ERRORS)
  .transform(withoutReadBack(userReadBackFields));
export type TUserPromote = z.input<typeof ZUserPromote>;

/** The fields of a notification-only contact. */
const contactFields = {
  firstName: ZFirstName,
  lastName: ZLastName,
  email: ZEmail,
  phoneNumber: ZPhoneNumber,
  timeZone: ZTimeZone,
  siteId: ZSiteId,
};

/**
 * What a contact's body may carry back of the User shape it reads (spec 02 §3: a Notification Only user has role id
 * -1): its role, and a full user's preferences, which a contact has none of; taken and ignored, as userReadBackFields.
 */
const contactReadBackFields = {
  ...userReadBackFields,
  roleId: readBack(z.literal(NOTIFICATION_ONLY_ROLE_ID, { error: USER_MESSAGES.roleUnknown })),
  smsNotifications: readBack(z.boolean()),
  emailNotifications: readBack(z.boolean()),
  geofenceAlertsEnabled: readBack(z.boolean()),
  alertTimesEnabled: readBack(z.boolean()),
};

/** `DELETE user/demote` body: the full user and the notification-only contact it becomes (spec 02 §4). */
export const ZUserDemote = z.object({ id: z.uuid(), ...contactFields }).strict();
export type TUserDemote = z.input<typeof ZUserDemote>;

/** `POST notificationuser` body. */
export const ZNotificationUserAdd = z
  .object({ id: readBack(z.literal('')), ...contactFields, ...contactReadBackFields })
  .strict()
  .transform(withoutReadBack({ id: z.unknown(), ...contactReadBackFields }));
export type TNotificationUserAdd = z.input<typeof ZNotificationUserAdd>;

/** `POST notificationuser/update` body. */
export const ZNotificationUserUpdate = z
  .object({ id: z.number().int().positive(), ...contactFields, ...contactReadBackFields })
  .strict()
  .transform(withoutReadBack(contactReadBackFields));
export type TNotificationUserUpdate = z.input<typeof ZNotificationUserUpdate>;

/** `POST user/roles` body: the roles whose users to list (spec 02 §7 'List admin users by role'). */
export const ZUserRolesQuery = z
  .array(z.enum(ROLE_NAMES.filter((r) => r !== 'Notification Only') as [string, ...string[]]))
  .min(1, 'Name at least one role.');

/** `GET user/customer` and `GET notificationuser` query: one page of the list (all of it without `limit`). */
export const ZUserPageQuery = z
  .object({
    offset: z.coerce.number().int().min(0).optional(),
    limit: z.coerce.number().int().min(1).max(USER_PAGE_MAX).optional(),
  })
  .strict();
export type TUserPageQuery = z.output<typeof ZUserPageQuery>;

/** What the caller may do to a listed person (the domain's user policy), so the page offers only that. */
export const ZUserAbilities = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  resendInvite: z.boolean(),
  changeGroup: z.boolean(),
});
export type TUserAbilities = z.infer<typeof ZUserAbilities>;

/** A user as listed and saved (spec 02 §3 'User'). `isActive` is false until the invite is accepted. */
export const ZUser = z.object({
  id: z.string(),
  userName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  roleId: z.number().int(),
  roleName: z.string(),
  roleDisplayName: z.string(),
  roleHierarchy: z.number().int(),
  siteId: z.number().int().nullable(),
  siteName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  customerId: z.number().int(),
  timeZone: z.string(),
  smsNotifications: z.boolean(),
  emailNotifications: z.boolean(),
  geofenceAlertsEnabled: z.boolean(),
  alertTimesEnabled: z.boolean(),
  isActive: z.boolean(),
  /** Organisation locations preloaded for the user. */
  orgLocations: z.array(z.number().int()),
  abilities: ZUserAbilities,
});
export type TUser = z.infer<typeof ZUser>;

/** A notification-only contact (role id -1, hierarchy 5, spec 02 §3): never signs in, so always active. */
export const ZNotificationUser = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  roleId: z.literal(NOTIFICATION_ONLY_ROLE_ID),
  roleName: z.literal('Notification Only'),
  roleDisplayName: z.string(),
  roleHierarchy: z.number().int(),
  siteId: z.number().int().nullable(),
  siteName: z.string().nullable(),
  customerId: z.number().int(),
  timeZone: z.string(),
  isActive: z.literal(true),
  /** True once the contact used the unsubscribe link of an e-mail (the Users page's warning icon). */
  emailUnsubscribed: z.boolean(),
  abilities: ZUserAbilities,
});
export type TNotificationUser = z.infer<typeof ZNotificationUser>;

/** `GET notificationuser/{id}/emailsubscriptions`: whether alert e-mails still go to the contact. */
export const ZEmailSubscriptions = z.object({
  notificationUserId: z.number().int(),
  email: z.string().nullable(),
  subscribed: z.boolean(),
  /** ISO 8601; null while subscribed. */
  unsubscribedAt: z.string().nullable(),
});
export type TEmailSubscriptions = z.infer<typeof ZEmailSubscriptions>;

/** `GET account/sendactivateemail` query of the identity service: whose invite to send again. */
export const ZSendActivateEmailQuery = z.object({ id: z.uuid() }).strict();

/** The query of a contact's unsubscribe link: the contact and the signature that proves the link is ours. */
export const ZUnsubscribeQuery = z.object({
  u: z.coerce.number().int().positive(),
  s: z.string().min(1).max(200),
});
