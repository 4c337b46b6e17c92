// On-site hardware (spec 02 §2.5, §2.12, §3 'Hardware', 'Siren detail', 'Remote relay', 'PA result', 'Stored PA
// message', 'PA unit', §5, §7 'Hardware and sirens', 'Public address', 'Work/rest and relays'; issue 16): the units
// and their health, siren settings and tests, disable/enable with the reason, relays, PA messages, stored messages
// and scheduled drills.
import { z } from 'zod';
import {
  DRILL_RECURRENCES,
  HARDWARE_MODELS,
  PA_MAX_PLAY_COUNT,
  PA_MESSAGE_MAX_LENGTH,
  SIREN_TIME_STEP_MINUTES,
  isLocalDate,
  isLocalTime,
  isOnTimeStep,
  isTimeRangeMismatch,
  isToggleReasonValid,
} from '@allclear/domain';
import { readBack, withoutReadBack, ZReadBackInt, ZReadBackText } from './common.ts';
import { ZAlertTime } from './sites.ts';

const id = z.number().int().positive();
const iso = z.iso.datetime();

export const ZHardwareModel = z.enum(HARDWARE_MODELS);

/** Siren tests (spec 02 §4 'Tests'): Start Delay, Start All Clear, Turn On Light. */
export const SIREN_TEST_TYPES = ['delay', 'all-clear', 'light'] as const;
export const ZSirenTestType = z.enum(SIREN_TEST_TYPES);
export type TSirenTestType = z.infer<typeof ZSirenTestType>;

/** What the caller may do with a unit (the domain's hardware policy). */
export const ZHardwareAbilities = z.object({ view: z.boolean(), manage: z.boolean(), sendPa: z.boolean() });
export type THardwareAbilities = z.infer<typeof ZHardwareAbilities>;

/** A test the siren acknowledged and has not been stopped (Delay, Light) or not finished (All Clear). */
export const ZSirenRunningTest = z.object({
  type: ZSirenTestType,
  /** When the siren acknowledged it. */
  startedAt: iso,
  /** The §9 duration: Delay 10 s + duration × frequency, All Clear 10 s + its own, Light 3 s. */
  durationSeconds: z.number().int(),
  /** All Clear ends by itself after its duration; Delay and Light run until stopped (spec 02 §4). */
  endsByItself: z.boolean(),
});
export type TSirenRunningTest = z.infer<typeof ZSirenRunningTest>;

/** The siren's last command went unanswered within its window (a siren fault). */
export const ZHardwareFault = z.object({ at: iso, text: z.string() });
export type THardwareFault = z.infer<typeof ZHardwareFault>;

export const DRILL_OUTCOMES = ['passed', 'failed', 'skipped'] as const;
export const DRILL_SIREN_OUTCOMES = ['answered', 'no-answer', 'skipped'] as const;

/** The last drill a unit's siren took part in, and how this siren did. */
export const ZHardwareLastDrill = z.object({
  drillId: z.number().int(),
  runId: z.number().int(),
  at: iso,
  testType: ZSirenTestType,
  /** The run's outcome over all its sirens. */
  outcome: z.enum(DRILL_OUTCOMES),
  /** This siren's. */
  sirenOutcome: z.enum(DRILL_SIREN_OUTCOMES),
  summary: z.string(),
});
export type THardwareLastDrill = z.infer<typeof ZHardwareLastDrill>;

/** Why a unit or its siren is disabled: the reason, who and when (the audit). */
export const ZDisabledNote = z.object({ reason: z.string(), by: z.string(), at: iso });

/** A hardware unit (spec 02 §3 'Hardware') with its siren, station, relays and PA units, health and state. */
export const ZHardware = z.object({
  id: z.number().int(),
  name: z.string(),
  modelId: ZHardwareModel,
  voltage: z.number().nullable(),
  connectedAt: iso.nullable(),
  timeZoneId: z.string(),
  enabled: z.boolean(),
  latitude: z.number(),
  longitude: z.number(),
  ipAddress: z.string().nullable(),
  afterSirenPaId: z.number().int().nullable(),
  organizationLocationId: z.number().int().nullable(),
  locationName: z.string().nullable(),
  siren: z
    .object({
      id: z.number().int(),
      enabled: z.boolean(),
      radius: z.number(),
      duration: z.number().int(),
      frequency: z.number().int(),
      allClearDuration: z.number().int(),
      allClearFrequency: z.number().int(),
    })
    .nullable(),
  weatherStation: z.object({ id: z.number().int(), name: z.string(), type: z.string() }).nullable(),
  /** Remote relays on the unit's board: the card offers the relay modal ('StormBridge') when there are any. */
  relayCount: z.number().int(),
  paUnits: z.array(z.object({ id: z.number().int(), name: z.string() })),
  test: ZSirenRunningTest.nullable(),
  fault: ZHardwareFault.nullable(),
  lastDrill: ZHardwareLastDrill.nullable(),
  /** Set while the unit (or its siren) is disabled. */
  disabled: ZDisabledNote.nullable(),
  abilities: ZHardwareAbilities,
});
export type THardware = z.infer<typeof ZHardware>;

/** An alert-time row of a siren (spec 02 §3 'Siren detail' alertTimes). */
export const ZSirenAlertTime = z.object({
  id: z.number().int().nullable(),
  day: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  allDay: z.boolean(),
  enabled: z.boolean(),
});

/** What a siren holds: the settings it is pushed and reports back (issue 16). */
export const ZSirenDeviceSettings = z.object({
  version: z.number().int(),
  duration: z.number().int(),
  frequency: z.number().int(),
  allClearDuration: z.number().int(),
  allClearFrequency: z.number().int(),
  postWarnMessage: z.string().nullable(),
  postAllClearMessage: z.string().nullable(),
  alertTimes: z.array(ZSirenAlertTime.omit({ id: true })),
});
export type TSirenDeviceSettings = z.infer<typeof ZSirenDeviceSettings>;

/** A siren's detail (spec 02 §3 'Siren detail'), with what the siren last reported holding. */
export const ZSirenDetail = z.object({
  id: z.number().int(),
  hardwareId: z.number().int(),
  name: z.string(),
  locationName: z.string().nullable(),
  enabled: z.boolean(),
  radius: z.number(),
  allClearMinutes: z.number().int(),
  duration: z.number().int(),
  frequency: z.number().int(),
  allClearDuration: z.number().int(),
  allClearFrequency: z.number().int(),
  postWarnMessage: z.string().nullable(),
  postAllClearMessage: z.string().nullable(),
  ipAddress: z.string().nullable(),
  timeZoneId: z.string(),
  afterSirenPaId: z.number().int().nullable(),
  alertTimes: z.array(ZSirenAlertTime),
  /** The settings version saved last; the siren holds it when `reported.settings.version` equals it. */
  settingsVersion: z.number().int(),
  reported: z.object({ settings: ZSirenDeviceSettings, at: iso }).nullable(),
});
export type TSirenDetail = z.infer<typeof ZSirenDetail>;

/** Sound duration 5 to 30 seconds in steps of 5; plays 1 to 10 (spec 02 §5 'Siren settings', §9). */
export const SOUND_DURATION_MIN = 5;
export const SOUND_DURATION_MAX = 30;
export const SOUND_DURATION_STEP = 5;
export const PLAY_TIMES_MIN = 1;
export const PLAY_TIMES_MAX = 10;

const soundDuration = z
  .number()
  .int()
  .min(SOUND_DURATION_MIN, `Sound duration must be ${SOUND_DURATION_MIN} to ${SOUND_DURATION_MAX} seconds.`)
  .max(SOUND_DURATION_MAX, `Sound duration must be ${SOUND_DURATION_MIN} to ${SOUND_DURATION_MAX} seconds.`)
  .refine(
    (n) => n % SOUND_DURATION_STEP === 0,
    `Sound duration goes in steps of ${SOUND_DURATION_STEP} seconds.`,
  );
const playTimes = z
  .number()
  .int()
  .min(PLAY_TIMES_MIN, `Play the sound ${PLAY_TIMES_MIN} to ${PLAY_TIMES_MAX} times.`)
  .max(PLAY_TIMES_MAX, `Play the sound ${PLAY_TIMES_MIN} to ${PLAY_TIMES_MAX} times.`);
const postMessage = z
  .string()
  .max(PA_MESSAGE_MAX_LENGTH, `A message must be ${PA_MESSAGE_MAX_LENGTH} characters or fewer.`)
  .nullable()
  .optional()
  .transform((s) => (s === undefined || s === null || s.trim() === '' ? null : s));

export const SIREN_TIME_OFF_STEP = 'Choose a time from the list (every 15 minutes).';
export const SIREN_TIME_MISMATCH = 'The start must be before the end.';

/**
 * The siren detail as served (spec 02 §3 'Siren detail'), carried back by an integrator: its location's name, its
 * state (set by the disable and enable calls), its radius and all-clear (its location's) and its address.
 */
const sirenReadBackFields = {
  locationName: ZReadBackText,
  enabled: readBack(z.boolean()),
  radius: readBack(z.number().min(0).max(1000)),
  allClearMinutes: ZReadBackInt,
  ipAddress: ZReadBackText,
};

/** PATCH Hardware/OWS/Settings (spec 02 §7): the siren's id, sounds, post messages and alert times. */
export const ZSirenSettingsInput = z
  .object({
    id,
    duration: soundDuration,
    frequency: playTimes,
    allClearDuration: soundDuration,
    allClearFrequency: playTimes,
    postWarnMessage: postMessage,
    postAllClearMessage: postMessage,
    alertTimes: z
      .array(ZAlertTime)
      .max(7)
      .refine(
        (rows) => new Set(rows.map((r) => r.day)).size === rows.length,
        'Each day may appear only once.',
      ),
    /** The stored PA message played after the siren (Hardware afterSirenPaId); null for none. */
    afterSirenPaId: z.number().int().positive().nullable().default(null),
    ...sirenReadBackFields,
  })
  .strict()
  .superRefine((input, ctx) => {
    input.alertTimes.forEach((row, i) => {
      if (!isOnTimeStep(row.startTime, SIREN_TIME_STEP_MINUTES))
        ctx.addIssue({ code: 'custom', path: ['alertTimes', i, 'startTime'], message: SIREN_TIME_OFF_STEP });
      if (row.allDay) return;
      if (!isOnTimeStep(row.endTime, SIREN_TIME_STEP_MINUTES))
        ctx.addIssue({ code: 'custom', path: ['alertTimes', i, 'endTime'], message: SIREN_TIME_OFF_STEP });
      // a start equal to its end is not a mismatch: the row becomes all day (spec 02 §4 'Alert-time rows')
      else if (row.startTime !== row.endTime && isTimeRangeMismatch(row.startTime, row.endTime))
        ctx.addIssue({ code: 'custom', path: ['alertTimes', i, 'startTime'], message: SIREN_TIME_MISMATCH });
    });
  })
  .transform(withoutReadBack(sirenReadBackFields));
export type TSirenSettingsInput = z.input<typeof ZSirenSettingsInput>;
export type TSirenSettings = z.output<typeof ZSirenSettingsInput>;

/** The sirens a test or Stop Test goes to (spec 02 §7: 'each takes a list of siren ids'). */
export const ZSirenIdList = z
  .array(id)
  .min(1, 'Select at least one siren.')
  .max(500)
  .refine((ids) => new Set(ids).size === ids.length, 'A siren is listed twice.');

/** One siren's answer to a command: acknowledged within its window, or not (and why). */
export const ZSirenCommandAnswer = z.object({
  sirenId: z.number().int(),
  hardwareId: z.number().int(),
  name: z.string(),
  acknowledged: z.boolean(),
  answeredAt: iso.nullable(),
  error: z.string().nullable(),
});
export type TSirenCommandAnswer = z.infer<typeof ZSirenCommandAnswer>;

/** What a test or Stop Test did: each siren's answer, and the running time of the test (the longest of those that answered). */
export const ZSirenCommandResult = z.object({
  /** null for Stop Test. */
  test: ZSirenTestType.nullable(),
  durationSeconds: z.number().int(),
  succeeded: z.boolean(),
  sirens: z.array(ZSirenCommandAnswer),
});
export type TSirenCommandResult = z.infer<typeof ZSirenCommandResult>;

/** A siren of the customer, for pickers (GET Siren). */
export const ZSirenSummary = z.object({
  id: z.number().int(),
  hardwareId: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  timeZoneId: z.string(),
});
export type TSirenSummary = z.infer<typeof ZSirenSummary>;

export const TOGGLE_REASON_MAX = 500;
export const TOGGLE_REASON_REQUIRED = 'A reason is required.';

/** Disable/enable a unit or its siren (spec 02 §5: body hardwareId and message, a non-blank message). */
export const ZHardwareToggleInput = z
  .object({
    hardwareId: id,
    message: z
      .string()
      .max(TOGGLE_REASON_MAX, `The reason must be ${TOGGLE_REASON_MAX} characters or fewer.`)
      .refine(isToggleReasonValid, TOGGLE_REASON_REQUIRED)
      .transform((s) => s.trim()),
  })
  .strict();
export type THardwareToggleInput = z.input<typeof ZHardwareToggleInput>;

/** One line of a unit's audit: who did what, when, why, and what the device answered. */
export const ZHardwareAuditEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  text: z.string(),
  reason: z.string().nullable(),
  actorName: z.string(),
  at: iso,
  outcome: z.enum(['ok', 'failed']).nullable(),
});
export type THardwareAuditEntry = z.infer<typeof ZHardwareAuditEntry>;

// ── relays

/** A board address in a path: an IPv4/IPv6 address or host name, with an optional port (checked against the units). */
export const ZIpAddressParam = z
  .object({
    ipAddress: z
      .string()
      .min(1)
      .max(260)
      .regex(/^[A-Za-z0-9.:[\]-]+$/, 'Not a device address.'),
  })
  .strict();

/** A remote relay (spec 02 §3 'Remote relay'); toggled is the board's state as read now. */
export const ZRemoteRelay = z.object({
  id: z.number().int(),
  name: z.string(),
  toggled: z.boolean(),
  channel: z.number().int(),
  remoteRelayTrigger: z
    .object({ policyTypeId: z.number().int(), policyType: z.object({ displayName: z.string() }) })
    .nullable(),
});
export type TRemoteRelay = z.infer<typeof ZRemoteRelay>;

/** POST RemoteRelay/SetRelay/{ipAddress}: body id (relay name) and toggled (spec 02 §7). */
export const ZSetRelayInput = z.object({ id: z.string().min(1).max(200), toggled: z.boolean() }).strict();
export type TSetRelayInput = z.infer<typeof ZSetRelayInput>;

// ── public address

/** A PA unit (spec 02 §3 'PA unit'). */
export const ZPaUnit = z.object({
  id: z.number().int(),
  name: z.string(),
  ipAddress: z.string().nullable(),
  defaultPlayCount: z.number().int(),
  hardwareId: z.number().int().nullable(),
});
export type TPaUnit = z.infer<typeof ZPaUnit>;

export const PA_UNITS_REQUIRED = 'Select at least one PA unit.';
export const PA_MESSAGE_REQUIRED = 'A message is required.';
export const PA_MESSAGE_TOO_LONG = `A message must be ${PA_MESSAGE_MAX_LENGTH} characters or fewer.`;

/** POST PA/SendMessage (spec 02 §7): the units (PAList), the text (350 at most) and how many times to play it. */
export const ZPaSendInput = z
  .object({
    pAList: z
      .array(id)
      .min(1, PA_UNITS_REQUIRED)
      .refine((ids) => new Set(ids).size === ids.length, 'A PA unit is listed twice.'),
    message: z
      .string()
      .max(PA_MESSAGE_MAX_LENGTH, PA_MESSAGE_TOO_LONG)
      .refine((s) => s.trim().length > 0, PA_MESSAGE_REQUIRED),
    repeatCount: z
      .number()
      .int()
      .min(1, `Play the message 1 to ${PA_MAX_PLAY_COUNT} times.`)
      .max(PA_MAX_PLAY_COUNT, `Play the message 1 to ${PA_MAX_PLAY_COUNT} times.`),
  })
  .strict();
export type TPaSendInput = z.input<typeof ZPaSendInput>;

/** One unit's result (spec 02 §3 'PA result': status 1 success, 0 fail). */
export const ZPaResult = z.object({ status: z.union([z.literal(0), z.literal(1)]), paName: z.string() });
export type TPaResult = z.infer<typeof ZPaResult>;

/** A stored PA message (spec 02 §3). */
export const ZStoredPaMessage = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  customerId: z.number().int(),
});
export type TStoredPaMessage = z.infer<typeof ZStoredPaMessage>;

export const STORED_MESSAGE_TITLE_MAX = 100;

/** The stored message as served (spec 02 §3 'Stored PA message'), carried back: its customer (the caller's). */
const storedPaReadBackFields = { customerId: ZReadBackInt };

const storedPaFields = {
  title: z
    .string()
    .trim()
    .min(1, 'A title is required.')
    .max(STORED_MESSAGE_TITLE_MAX, `A title must be ${STORED_MESSAGE_TITLE_MAX} characters or fewer.`),
  message: z
    .string()
    .max(PA_MESSAGE_MAX_LENGTH, PA_MESSAGE_TOO_LONG)
    .refine((s) => s.trim().length > 0, PA_MESSAGE_REQUIRED),
};

/** `POST PA/StoredMessage` body; a new message has no id yet (one carried back is ignored). */
export const ZStoredPaMessageInput = z
  .object({ ...storedPaFields, ...storedPaReadBackFields, id: ZReadBackInt })
  .strict()
  .transform(withoutReadBack({ ...storedPaReadBackFields, id: ZReadBackInt }));
export type TStoredPaMessageInput = z.input<typeof ZStoredPaMessageInput>;

export const ZStoredPaMessageUpdate = z
  .object({ ...storedPaFields, ...storedPaReadBackFields, id })
  .strict()
  .transform(withoutReadBack(storedPaReadBackFields));
export type TStoredPaMessageUpdate = z.input<typeof ZStoredPaMessageUpdate>;

// ── scheduled drills (issue 16, beyond the spec)

export const ZDrillRecurrence = z.enum(DRILL_RECURRENCES);

/** POST Drill: the sirens, the test, the first run's local date and time in the sirens' zone, the recurrence. */
export const ZDrillInput = z
  .object({
    sirenIds: ZSirenIdList,
    testType: ZSirenTestType,
    localDate: z.string().refine(isLocalDate, 'Choose a date.'),
    localTime: z.string().refine(isLocalTime, 'Choose a time.'),
    recurrence: ZDrillRecurrence,
  })
  .strict();
export type TDrillInput = z.input<typeof ZDrillInput>;

export const ZDrillSirenResult = z.object({
  sirenId: z.number().int(),
  hardwareId: z.number().int(),
  name: z.string(),
  outcome: z.enum(DRILL_SIREN_OUTCOMES),
  /** Why it was skipped or failed ('skipped: a lightning delay was active at this siren'), null when it answered. */
  note: z.string().nullable(),
  answeredAt: iso.nullable(),
  /** What the siren reported after sounding (seconds it sounded), null without a report. */
  soundReport: z.object({ seconds: z.number(), at: iso }).nullable(),
});

export const ZDrillRun = z.object({
  id: z.number().int(),
  scheduledAt: iso,
  startedAt: iso,
  finishedAt: iso.nullable(),
  outcome: z.enum(DRILL_OUTCOMES).nullable(),
  summary: z.string().nullable(),
  results: z.array(ZDrillSirenResult),
});
export type TDrillRun = z.infer<typeof ZDrillRun>;

export const ZDrill = z.object({
  id: z.number().int(),
  testType: ZSirenTestType,
  localDate: z.string(),
  localTime: z.string(),
  timeZone: z.string(),
  recurrence: ZDrillRecurrence,
  nextRunAt: iso.nullable(),
  sirens: z.array(z.object({ id: z.number().int(), hardwareId: z.number().int(), name: z.string() })),
  createdBy: z.string().nullable(),
  lastRun: ZDrillRun.nullable(),
  abilities: z.object({ delete: z.boolean() }),
});
export type TDrill = z.infer<typeof ZDrill>;

// ── simulator controls (simulator mode, Super Admin): make a virtual device fail, for drills of a fault

export const ZSimSirenInput = z.object({ acknowledges: z.boolean() }).strict();
export const ZSimRelayBoardInput = z.object({ online: z.boolean() }).strict();
export const ZSimDeviceState = z.object({ changed: z.boolean() });

/** The event of GET /stream/Hardware: a unit of the caller's customer reported or changed; refetch it. */
export const HARDWARE_STREAM_EVENT = 'hardware';
export const ZHardwareStreamEvent = z.object({ hardwareId: z.number().int().nullable() });
export type THardwareStreamEvent = z.infer<typeof ZHardwareStreamEvent>;
