// The signed-in user's own account (issue 15; spec 02 §2.6, §2.7, §2.9, §2.11, §3, §5, §7, §8): My Profile
// (`POST user/profile`), the password change of the identity service (`POST account/change`), My Notification
// Settings (`Settings/Notifications`, `Settings/AlertTimes`, `User/Notifications`), the bell's stream event and
// Ask a Meteorologist (`POST Support`).
import { z } from 'zod';
import {
  NOTIFICATION_TIME_STEP_MINUTES,
  PASSWORD_MESSAGES,
  isOnTimeStep,
  passwordConfirmationProblems,
  passwordProblems,
} from '@allclear/domain';
import { readBack, whenParsed, withoutReadBack } from './common.ts';
import { ZNotification } from './notifications.ts';
import { ZAlertTime } from './sites.ts';
import {
  EMAIL_MAX,
  PHONE_NUMBER_MAX,
  USER_MESSAGES,
  ZFirstName,
  ZLastName,
  ZPhoneNumber,
  ZTimeZone,
} from './users.ts';

// ── My Profile (spec 02 §2.11)

/** `POST user/profile` body: the caller's own name and phone number (the e-mail is their sign-in name). */
export const ZProfileUpdate = z
  .object({ firstName: ZFirstName, lastName: ZLastName, phoneNumber: ZPhoneNumber })
  .strict();
export type TProfileUpdate = z.input<typeof ZProfileUpdate>;

// ── password change (spec 02 §3 'Password change', §5, §8)

/** Longest text a password field takes; the rules allow at most 128 characters (PASSWORD_MAX_LENGTH). */
export const PASSWORD_FIELD_MAX = 1024;

/** Texts of the password change (ours; spec 02 §5 names the fields, §8 'Error changing password'). */
export const PASSWORD_CHANGE_MESSAGES = {
  currentRequired: 'Current password is required.',
  currentWrong: 'The current password is not correct.',
  confirmRequired: 'Confirm the new password.',
  notYou: 'You can change only your own password.',
  tooManyAttempts: 'Too many wrong current passwords. Please wait {minutes} and try again.',
  changed: 'Your password was changed. You were signed out everywhere else.',
} as const;

/**
 * `POST account/change` of the identity service (spec 02 §3 'Password change'): the caller's id, their current
 * password and the new one twice. The new one follows the domain's rules (12 to 128 characters, not a common
 * password) and differs from the current one; errors are keyed CurrentPassword, NewPassword and
 * ConfirmedNewPassword, and IdentityError for what is no field's (spec 02 §5).
 */
export const ZPasswordChange = z
  .object({
    userId: z.uuid(),
    currentPassword: z
      .string({ error: PASSWORD_CHANGE_MESSAGES.currentRequired })
      .min(1, PASSWORD_CHANGE_MESSAGES.currentRequired)
      .max(PASSWORD_FIELD_MAX, PASSWORD_MESSAGES.tooLong),
    newPassword: z
      .string({ error: PASSWORD_MESSAGES.required })
      .max(PASSWORD_FIELD_MAX, PASSWORD_MESSAGES.tooLong),
    confirmedNewPassword: z
      .string({ error: PASSWORD_CHANGE_MESSAGES.confirmRequired })
      .max(PASSWORD_FIELD_MAX, PASSWORD_MESSAGES.tooLong),
  })
  .strict()
  .superRefine((v, ctx) => {
    const problems = passwordProblems(v.newPassword);
    for (const message of problems) ctx.addIssue({ code: 'custom', path: ['newPassword'], message });
    if (problems.length === 0 && v.newPassword === v.currentPassword)
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: PASSWORD_MESSAGES.sameAsCurrent });
  }, whenParsed('newPassword'))
  .superRefine(
    (v, ctx) => {
      if (v.confirmedNewPassword === '')
        ctx.addIssue({
          code: 'custom',
          path: ['confirmedNewPassword'],
          message: PASSWORD_CHANGE_MESSAGES.confirmRequired,
        });
      else
        for (const message of passwordConfirmationProblems(v.newPassword, v.confirmedNewPassword))
          ctx.addIssue({ code: 'custom', path: ['confirmedNewPassword'], message });
    },
    whenParsed('newPassword', 'confirmedNewPassword'),
  );
export type TPasswordChange = z.input<typeof ZPasswordChange>;

// ── My Notification Settings (spec 02 §2.9, §3 'User notification settings', §4 'Alert mode', §9)

/** Notification type (spec 02 §9): 0 push, 1 SMS. */
export const ZNotificationDeliveryType = z.union([z.literal(0), z.literal(1)], {
  error: 'Notification type must be 0 (push) or 1 (SMS).',
});
/** Alert mode (spec 02 §4): 0 Scheduled, 1 Location-based, 2 Scheduled or Location. */
export const ZAlertModeValue = z.union([z.literal(0), z.literal(1), z.literal(2)], {
  error: 'Alert mode must be 0 (Scheduled), 1 (Location-based) or 2 (Scheduled or Location).',
});

/** `GET Settings/Notifications`: the caller's settings, with their alert mode and whether they may choose it. */
export const ZNotificationSettings = z.object({
  declinesNotifications: z.boolean(),
  emailNotifications: z.boolean(),
  smsNotifications: z.boolean(),
  optOutForecast: z.boolean(),
  precipitationNotification: z.boolean(),
  severeWeatherNotification: z.boolean(),
  proactiveForecastNotification: z.boolean(),
  notificationType: ZNotificationDeliveryType,
  geofenceAlertsEnabled: z.boolean(),
  alertTimesEnabled: z.boolean(),
  alertMode: ZAlertModeValue,
  timeZone: z.string(),
  /** What the caller may change: the alert mode needs the geofence permission and an admin role (spec 02 §6). */
  abilities: z.object({ alertMode: z.boolean() }),
});
export type TNotificationSettings = z.infer<typeof ZNotificationSettings>;

/**
 * The settings as served (spec 02 §3 'User notification settings'), carried back by an integrator: whether the user
 * declines notifications (set by `User/Notifications`) and the two flags the alert mode decides.
 */
const notificationSettingsReadBackFields = {
  declinesNotifications: readBack(z.boolean()),
  geofenceAlertsEnabled: readBack(z.boolean()),
  alertTimesEnabled: readBack(z.boolean()),
};

/**
 * `POST Settings/Notifications` body: the alert types, the notification type, the time zone and, for a caller who
 * may choose it, the alert mode (absent: kept). Answered with the server's message (shown after 1 s, spec 02 §8).
 */
export const ZNotificationSettingsUpdate = z
  .object({
    optOutForecast: z.boolean(),
    precipitationNotification: z.boolean(),
    severeWeatherNotification: z.boolean(),
    proactiveForecastNotification: z.boolean(),
    notificationType: ZNotificationDeliveryType,
    alertMode: ZAlertModeValue.optional(),
    timeZone: ZTimeZone,
    ...notificationSettingsReadBackFields,
  })
  .strict()
  .transform(withoutReadBack(notificationSettingsReadBackFields));
export type TNotificationSettingsUpdate = z.input<typeof ZNotificationSettingsUpdate>;

/** `POST User/Notifications` body: the enable-notifications toggle and the channels (absent fields are kept). */
export const ZUserNotificationsUpdate = z
  .object({
    declinesNotifications: z.boolean().optional(),
    emailNotifications: z.boolean().optional(),
    smsNotifications: z.boolean().optional(),
  })
  .strict();
export type TUserNotificationsUpdate = z.input<typeof ZUserNotificationsUpdate>;

/** The server's messages of the settings calls (ours; spec 02 §8 shows whatever the server answers). */
export const NOTIFICATION_SETTINGS_MESSAGES = {
  saved: 'Notification settings saved.',
  scheduleSaved: 'Notification schedule saved.',
  enabled: 'Notifications enabled.',
  disabled: 'Notifications disabled. You will not receive alerts until you enable them again.',
  channelsSaved: 'Notification channels saved.',
  startOffStep: `Choose a start time from the list (every ${NOTIFICATION_TIME_STEP_MINUTES} minutes).`,
  endOffStep: `Choose an end time from the list (every ${NOTIFICATION_TIME_STEP_MINUTES} minutes).`,
  alertModeRefused: 'Alert Mode needs the geofence permission and an admin role.',
} as const;

/** One weekday of the caller's schedule, on the 15-minute options (spec 02 §9). */
const ZScheduleRow = ZAlertTime.superRefine((row, ctx) => {
  if (!isOnTimeStep(row.startTime, NOTIFICATION_TIME_STEP_MINUTES))
    ctx.addIssue({
      code: 'custom',
      path: ['startTime'],
      message: NOTIFICATION_SETTINGS_MESSAGES.startOffStep,
    });
  if (!row.allDay && !isOnTimeStep(row.endTime, NOTIFICATION_TIME_STEP_MINUTES))
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: NOTIFICATION_SETTINGS_MESSAGES.endOffStep });
});

/** `POST Settings/AlertTimes` body: the weekly schedule, one row per weekday at most (replaces the saved one). */
export const ZAlertTimesUpdate = z
  .object({
    alertTimes: z
      .array(ZScheduleRow)
      .max(7)
      .refine(
        (rows) => new Set(rows.map((r) => r.day)).size === rows.length,
        'Each day may appear only once.',
      ),
  })
  .strict();
export type TAlertTimesUpdate = z.input<typeof ZAlertTimesUpdate>;

/** `GET Settings/AlertTimes`: the caller's weekly schedule, seven rows, Sunday (0) first. */
export const ZUserAlertTimes = z.array(
  z.object({
    id: z.number().int().nullable(),
    day: z.number().int(),
    startTime: z.string(),
    endTime: z.string(),
    allDay: z.boolean(),
    enabled: z.boolean(),
  }),
);
export type TUserAlertTimes = z.infer<typeof ZUserAlertTimes>;

// ── the bell's live updates (spec 03 §2.3; issue 15)

/** The SSE event name of a notification sent to the caller (`GET /stream/Notifications`). */
export const NOTIFICATION_STREAM_EVENT = 'notification';
/** A notification sent to the caller, as GET Notification/History lists it. */
export const ZNotificationStreamEvent = ZNotification;
export type TNotificationStreamEvent = z.infer<typeof ZNotificationStreamEvent>;

// ── Ask a Meteorologist (spec 02 §2.7, §3 'Consultation request', §7 'Support', §8)

export const CONSULTATION_CONTACTS = ['email', 'phone', 'text'] as const;
/**
 * Roles a question may be copied to: the spec's 'other admins and limited admins' (spec 02 §2.7), the Super Admin
 * among the admins. The list the form offers and the one the server accepts.
 */
export const CONSULTATION_COPY_ROLES = ['Super Admin', 'Admin', 'Assistant Admin'] as const;
export type ConsultationContact = (typeof CONSULTATION_CONTACTS)[number];
/** Longest question. */
export const CONSULTATION_MESSAGE_MAX = 4000;
/** Most admins one question may be copied to. */
export const CONSULTATION_CC_MAX = 20;

/** Texts of the consultation (spec 02 §8; the field texts are ours: 'required-field rules not shown'). */
export const CONSULTATION_MESSAGES = {
  success: 'Our Meteorologists have received your question and will respond shortly.',
  failurePage: 'There was a problem sending your question. Please contact support for assistance.',
  errorToast: 'Error submitting request: ',
  messageRequired: 'Enter your question.',
  messageTooLong: `Your question must be at most ${CONSULTATION_MESSAGE_MAX} characters.`,
  preferredContact: 'Choose how you would like to be answered.',
  emailRequired: 'Enter the e-mail address to answer.',
  emailInvalid: 'Enter a valid e-mail address.',
  phoneRequired: 'Enter the number to call or text.',
  ccNotAdmin: 'Copies go only to admins of your organisation.',
  ccTooMany: `Copy at most ${CONSULTATION_CC_MAX} admins.`,
} as const;

const ZOptionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, CONSULTATION_MESSAGES.emailInvalid)
  .nullish()
  .transform((s) => s || null)
  .refine((s) => s === null || z.email().safeParse(s).success, CONSULTATION_MESSAGES.emailInvalid);

/**
 * `POST Support` body (spec 02 §3 'Consultation request'): the question, how to answer (email, phone or text), the
 * e-mail for an e-mail answer or the number for a call or text, and admins of the caller's organisation to copy.
 */
export const ZConsultationRequest = z
  .object({
    message: z
      .string({ error: CONSULTATION_MESSAGES.messageRequired })
      .trim()
      .min(1, CONSULTATION_MESSAGES.messageRequired)
      .max(CONSULTATION_MESSAGE_MAX, CONSULTATION_MESSAGES.messageTooLong),
    preferredContact: z.enum(CONSULTATION_CONTACTS, { error: CONSULTATION_MESSAGES.preferredContact }),
    email: ZOptionalEmail,
    phone: z
      .string()
      .trim()
      .max(PHONE_NUMBER_MAX, USER_MESSAGES.phoneTooLong)
      .nullish()
      .transform((s) => s || null)
      .refine((s) => s === null || ZPhoneNumber.safeParse(s).success, USER_MESSAGES.phoneInvalid),
    ccdEmails: z
      .array(z.string().trim().toLowerCase().max(EMAIL_MAX))
      .max(CONSULTATION_CC_MAX, CONSULTATION_MESSAGES.ccTooMany)
      .default([]),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.preferredContact === 'email' && !v.email)
      ctx.addIssue({ code: 'custom', path: ['email'], message: CONSULTATION_MESSAGES.emailRequired });
    if ((v.preferredContact === 'phone' || v.preferredContact === 'text') && !v.phone)
      ctx.addIssue({ code: 'custom', path: ['phone'], message: CONSULTATION_MESSAGES.phoneRequired });
  }, whenParsed());
export type TConsultationRequest = z.input<typeof ZConsultationRequest>;
