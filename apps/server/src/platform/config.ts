// Configuration from the environment, validated once at start. Every variable is listed in the README.
import { z } from 'zod';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const onOff = z.enum(['on', 'off']).default('on');

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('localhost'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  SEED_DEMO: bool.optional(),
  OIDC_ISSUER: z.url().optional(),
  OIDC_AUDIENCE: z.string().optional(),
  WEB_DEV_ORIGINS: z.string().default('http://localhost:5173'),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  APP_ENV: z.enum(['development', 'staging', 'production', 'test']).default('development'),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().positive().default(10_000),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(600),
  SIM_SEED: z.coerce.number().int().default(20261122),
  SIM_SPEED: z.coerce.number().positive().default(1),
  // Notification channels (read here only to decide each channel's state; the notifier reads their details).
  SMTP_URL: z.string().min(1).optional(),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM: z.string().min(1).optional(),
  NOTIFY_OUTBOX: bool.optional(),
  NOTIFY_EMAIL: onOff,
  NOTIFY_SMS: onOff,
  NOTIFY_PUSH: onOff,
  NOTIFY_WEBHOOK: onOff,
  NOTIFY_SINGLEWIRE: onOff,
});

/** The channels an alert can go out on. */
export const NOTIFY_CHANNELS = ['email', 'sms', 'push', 'webhook', 'singlewire'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

/**
 * How a channel delivers: `configured` (its provider), `outbox` (kept in the local outbox at /dev/outbox),
 * `off` (turned off by NOTIFY_<CHANNEL>=off: deliveries are recorded as skipped, never attempted).
 */
export type ChannelState = 'configured' | 'outbox' | 'off';
export type ChannelStates = Record<NotifyChannel, ChannelState>;

export interface NotifyConfig {
  /** True when unconfigured e-mail and SMS go to the local outbox, served at /dev/outbox (NOTIFY_OUTBOX). */
  outbox: boolean;
  channels: ChannelStates;
}

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  seedDemo: boolean;
  oidcIssuer: string | undefined;
  oidcAudience: string;
  webDevOrigins: string[];
  webDist: string | undefined;
  logLevel: string;
  appEnv: 'development' | 'staging' | 'production' | 'test';
  bodyLimitBytes: number;
  shutdownGraceMs: number;
  accessTokenTtlSeconds: number;
  simSeed: number;
  simSpeed: number;
  /** True when running the embedded default (PGlite, no DATABASE_URL). */
  embedded: boolean;
  /** Each notification channel's state, decided once at start. */
  notify: NotifyConfig;
}

export class ConfigError extends Error {}

/** Parses and validates the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means unset (shells and CI often export VAR= to clear one).
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ConfigSchema.safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const embedded = !e.DATABASE_URL;
  const notify = notifyConfigOf(e, embedded);
  if (notify.refusals.length > 0) throw refusal(notify.refusals);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    // The demo seed runs only in the embedded default, or when asked for explicitly.
    seedDemo: e.SEED_DEMO ?? embedded,
    oidcIssuer: e.OIDC_ISSUER,
    oidcAudience: e.OIDC_AUDIENCE ?? `${publicUrl}/api`,
    webDevOrigins: e.WEB_DEV_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL,
    appEnv: e.APP_ENV,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    simSeed: e.SIM_SEED,
    simSpeed: e.SIM_SPEED,
    embedded,
    notify: { outbox: notify.outbox, channels: notify.channels },
  };
}

const NotifySchema = ConfigSchema.pick({
  SMTP_URL: true,
  TWILIO_ACCOUNT_SID: true,
  TWILIO_AUTH_TOKEN: true,
  TWILIO_FROM: true,
  NOTIFY_OUTBOX: true,
  NOTIFY_EMAIL: true,
  NOTIFY_SMS: true,
  NOTIFY_PUSH: true,
  NOTIFY_WEBHOOK: true,
  NOTIFY_SINGLEWIRE: true,
});

/**
 * The channel states of another environment (the notifier's own variables in tests), by the rules of
 * loadConfig; throws a ConfigError naming every unset variable.
 */
export function loadNotifyConfig(env: Record<string, string | undefined>, embedded: boolean): NotifyConfig {
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = NotifySchema.safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const notify = notifyConfigOf(parsed.data, embedded);
  if (notify.refusals.length > 0) throw refusal(notify.refusals);
  return { outbox: notify.outbox, channels: notify.channels };
}

function refusal(refusals: string[]): ConfigError {
  return new ConfigError(
    `Invalid configuration:\n${refusals.map((r) => `  ${r}`).join('\n')}\n` +
      'Alerts are never dropped quietly: each notification channel is configured, turned off, or sent to the ' +
      'local outbox (/dev/outbox).',
  );
}

const TWILIO_VARIABLES = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const;

/** `A`, `A and B`, `A, B and C`. */
const listed = (names: readonly string[]) =>
  names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/**
 * Each channel's state. An alert must never be dropped quietly: outside the embedded default (and in it
 * with NOTIFY_OUTBOX=0) a channel is configured, turned off, or sent to the outbox with NOTIFY_OUTBOX=1;
 * an unconfigured one is refused, naming its variables. Push (VAPID keys are generated), webhooks and
 * Singlewire (configured per integration) need nothing here.
 */
function notifyConfigOf(
  e: z.infer<typeof NotifySchema>,
  embedded: boolean,
): NotifyConfig & { refusals: string[] } {
  const outbox = e.NOTIFY_OUTBOX ?? embedded;
  const refusals: string[] = [];
  const stateOf = (channel: NotifyChannel, missing: readonly string[]): ChannelState => {
    const variable = `NOTIFY_${channel.toUpperCase()}`;
    if (e[variable as `NOTIFY_${Uppercase<NotifyChannel>}`] === 'off') return 'off';
    if (missing.length === 0) return 'configured';
    if (outbox) return 'outbox';
    const verb = missing.length === 1 ? 'is' : 'are';
    const them = missing.length === 1 ? 'it' : 'them';
    refusals.push(`${listed(missing)} ${verb} not set: set ${them}, set ${variable}=off, or NOTIFY_OUTBOX=1`);
    return 'off';
  };
  const email = stateOf('email', e.SMTP_URL ? [] : ['SMTP_URL']);
  const twilioMissing = TWILIO_VARIABLES.filter((name) => !e[name]);
  const twilioPartial = twilioMissing.length > 0 && twilioMissing.length < TWILIO_VARIABLES.length;
  let sms: ChannelState;
  if (twilioPartial && e.NOTIFY_SMS !== 'off') {
    // some of Twilio's variables but not all is a mistake in any mode, never a quiet fall-back to the outbox
    refusals.push(
      `${listed(twilioMissing)} ${twilioMissing.length === 1 ? 'is' : 'are'} not set: ` +
        `SMS through Twilio needs all of ${listed(TWILIO_VARIABLES)} (or set NOTIFY_SMS=off)`,
    );
    sms = 'off';
  } else {
    sms = stateOf('sms', twilioMissing);
  }
  const channels: ChannelStates = {
    email,
    sms,
    push: stateOf('push', []),
    webhook: stateOf('webhook', []),
    singlewire: stateOf('singlewire', []),
  };
  return { outbox, channels, refusals };
}
