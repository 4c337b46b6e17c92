// Configuration from the environment, read and validated once at start (main.ts) by one schema composed
// of sections; each part of the server receives its section. Every variable is listed in the README.
import { z } from 'zod';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const onOff = z.enum(['on', 'off']).default('on');

/** Embedded MQTT broker port: 1884, because a system broker may already own the standard 1883. */
export const DEFAULT_MQTT_PORT = 1884;
/** Timeout of one request to a configured geocoder, ms. */
export const GEOCODER_TIMEOUT_MS = 3000;

/** HTTP server, web app and process. */
const ServerSection = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('localhost'),
    PUBLIC_URL: z.url().optional(),
    WEB_DEV_ORIGINS: z.string().default('http://localhost:5173'),
    WEB_DIST: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    APP_ENV: z.enum(['development', 'staging', 'production', 'test']).default('development'),
    BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
    SHUTDOWN_GRACE_MS: z.coerce.number().int().positive().default(10_000),
    READ_LANE: onOff,
  })
  .transform((e) => ({
    port: e.PORT,
    host: e.HOST,
    /** The URL users reach, without a trailing slash. */
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    webDevOrigins: e.WEB_DEV_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL,
    appEnv: e.APP_ENV,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    /** Quick reads answered beside Fastify's pipeline (platform/read-lane.ts); 'off' sends every request through it. */
    readLane: e.READ_LANE === 'on',
  }));

const DatabaseSection = z
  .object({
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    SEED_DEMO: bool.optional(),
  })
  .transform((e) => ({
    url: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    /** True when running the embedded default (PGlite, no DATABASE_URL). */
    embedded: !e.DATABASE_URL,
    // The demo seed runs only in the embedded default, or when asked for explicitly.
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
  }));

/** Who issues the access tokens the API accepts (our provider unless OIDC_ISSUER names another). */
const IdentitySection = z
  .object({
    OIDC_ISSUER: z.url().optional(),
    OIDC_AUDIENCE: z.string().optional(),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(600),
  })
  .transform((e) => ({
    oidcIssuer: e.OIDC_ISSUER,
    /** Unset: `${publicUrl}/api`, filled in by ConfigSchema. */
    oidcAudience: e.OIDC_AUDIENCE,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
  }));

const SimulatorSection = z
  .object({
    SIM_SEED: z.coerce.number().int().default(20261122),
    SIM_SPEED: z.coerce.number().positive().default(1),
  })
  .transform((e) => ({ seed: e.SIM_SEED, speed: e.SIM_SPEED }));

/** The map service: radar source, base map styles and the image cache. */
const MapSection = z
  .object({
    RADAR_SOURCE: z.enum(['simulator', 'iem']).default('simulator'),
    MAP_STYLE_URL: z.url().optional(),
    MAP_API_KEY: z.string().optional(),
    SATELLITE_TILES_URL: z.string().min(1).optional(),
    MAP_IMAGE_CACHE_MB: z.coerce.number().positive().default(128),
    IEM_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),
  })
  .transform((e) => ({
    /** Where radar images come from: rendered from the simulator, or proxied from IEM NEXRAD. */
    radarSource: e.RADAR_SOURCE,
    /** A MapLibre style URL that replaces our offline styles (`{key}` replaced by mapApiKey). */
    mapStyleUrl: e.MAP_STYLE_URL,
    mapApiKey: e.MAP_API_KEY,
    /** XYZ imagery template for the satellite style (`{key}` replaced by mapApiKey). */
    satelliteTilesUrl: e.SATELLITE_TILES_URL,
    /** Bound of the image LRU, bytes. */
    imageCacheBytes: e.MAP_IMAGE_CACHE_MB * 1024 * 1024,
    /** Timeout of a proxied radar image request, ms. */
    iemTimeoutMs: e.IEM_TIMEOUT_MS,
  }));

/** Which real weather sources to use; unset, every concern is the simulator. */
const WeatherSection = z
  .object({
    ALERTS_SOURCE: z.enum(['simulator', 'nws']).default('simulator'),
    FORECAST_SOURCE: z.enum(['simulator', 'open-meteo', 'nws']).default('simulator'),
    OBSERVATIONS_SOURCE: z.enum(['simulator', 'nws']).default('simulator'),
    AIR_QUALITY_SOURCE: z.enum(['simulator', 'open-meteo']).default('simulator'),
    TROPICAL_SOURCE: z.enum(['simulator', 'nhc']).default('simulator'),
    NWS_STATIONS: z
      .string()
      .regex(
        /^[A-Za-z0-9]{3,5}(,[A-Za-z0-9]{3,5})*$/,
        'must be station ids separated by commas, e.g. KDAL,KDFW',
      )
      .optional(),
    NWS_USER_AGENT: z.string().min(1).optional(),
    LIGHTNING_FEED_URL: z
      .string()
      .regex(/^(wss?|mqtts?):\/\/.+/i, 'must be a ws://, wss://, mqtt:// or mqtts:// URL')
      .optional(),
    LIGHTNING_FEED_TOPIC: z.string().min(1).optional(),
    WEATHER_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  })
  .transform((e) => ({
    alertsSource: e.ALERTS_SOURCE,
    forecastSource: e.FORECAST_SOURCE,
    observationsSource: e.OBSERVATIONS_SOURCE,
    airQualitySource: e.AIR_QUALITY_SOURCE,
    tropicalSource: e.TROPICAL_SOURCE,
    /** Extra NWS observation stations, upper case. */
    nwsStations: e.NWS_STATIONS?.toUpperCase().split(',') ?? [],
    nwsUserAgent: e.NWS_USER_AGENT,
    lightningFeedUrl: e.LIGHTNING_FEED_URL,
    lightningFeedTopic: e.LIGHTNING_FEED_TOPIC,
    timeoutMs: e.WEATHER_TIMEOUT_MS,
  }));

/** The notifier: each channel's provider, switch and limits. */
const NotifyVariables = z.object({
  SMTP_URL: z.string().min(1).optional(),
  SMTP_FROM: z.string().min(1).default('AllClear <alerts@allclear.local>'),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM: z.string().min(1).optional(),
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  ALLOW_PRIVATE_WEBHOOKS: bool.default(false),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  SINGLEWIRE_API_URL: z.url().default('https://api.icmobile.singlewire.com/api/v1'),
  VAPID_SUBJECT: z.string().min(1).default('mailto:alerts@allclear.local'),
  /** The meteorologists' desk: Ask a Meteorologist's questions are e-mailed here (issue 15), through the e-mail channel. */
  SUPPORT_EMAIL: z.email().default('meteorologists@allclear.local'),
  NOTIFY_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  NOTIFY_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(2),
  NOTIFY_EXPIRE_SECONDS: z.coerce.number().int().min(1).default(120),
  NOTIFY_POLL_SECONDS: z.coerce.number().min(0.5).default(0.5),
  NOTIFY_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).default(30),
  NOTIFY_SMS_PER_MINUTE: z.coerce.number().int().min(1).default(6),
  NOTIFY_EMAIL_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  NOTIFY_OUTBOX: bool.optional(),
  NOTIFY_EMAIL: onOff,
  NOTIFY_SMS: onOff,
  NOTIFY_PUSH: onOff,
  NOTIFY_WEBHOOK: onOff,
  NOTIFY_SINGLEWIRE: onOff,
});
type NotifyVariables = z.infer<typeof NotifyVariables>;

/** The notifier's settings, by their variables' names (the channel switches are decided into `channels`). */
export type NotifierSettings = Omit<
  NotifyVariables,
  'NOTIFY_OUTBOX' | 'NOTIFY_EMAIL' | 'NOTIFY_SMS' | 'NOTIFY_PUSH' | 'NOTIFY_WEBHOOK' | 'NOTIFY_SINGLEWIRE'
>;

const DevicesSection = z
  .object({
    MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_MQTT_PORT),
    MQTT_URL: z
      .string()
      .regex(/^(mqtts?|wss?|tcp):\/\//, 'must be an mqtt://, mqtts://, ws:// or wss:// URL')
      .optional(),
  })
  .transform((e) => ({
    /** Port of the embedded aedes broker (0 = any free port); unused when mqttUrl is set. */
    mqttPort: e.MQTT_PORT,
    /** mqtt:// or mqtts:// URL of an external broker; the embedded broker is not started when set. */
    mqttUrl: e.MQTT_URL,
  }));

const GeocodingSection = z
  .object({
    GEOCODER_URL: z.url().optional(),
    GEOCODER_KEY: z.string().optional(),
    GEOCODER_TIMEOUT_MS: z.coerce.number().int().positive().default(GEOCODER_TIMEOUT_MS),
  })
  .transform((e) => ({
    /** A Nominatim-compatible service; unset, the bundled gazetteer answers. */
    url: e.GEOCODER_URL,
    key: e.GEOCODER_KEY,
    timeoutMs: e.GEOCODER_TIMEOUT_MS,
  }));

/**
 * Inputs journalled in DATA_DIR before the database sees them (issue 21): how many may wait while it is away.
 * 360,000 strikes is six minutes of a storm season's peak (1,000 a second), about 90 MB of disk and memory: a
 * five-minute stop of the database and the seconds its start and the catch-up's first chunks take (bench strikes,
 * outage phase: with 300,000, a 5-minute `pg_ctl stop` at the peak refused 3,403 strikes).
 */
const IngestSection = z
  .object({
    INGEST_MAX_WAITING_STRIKES: z.coerce.number().int().positive().default(360_000),
    INGEST_MAX_WAITING_DEVICE_EVENTS: z.coerce.number().int().positive().default(20_000),
  })
  .transform((e) => ({
    /** Strikes waiting for the database before the journal refuses more (the scenario API then answers 503). */
    maxWaitingStrikes: e.INGEST_MAX_WAITING_STRIKES,
    /** Device events (acks, telemetry, station readings) waiting; readings are thinned before it fills. */
    maxWaitingDeviceEvents: e.INGEST_MAX_WAITING_DEVICE_EVENTS,
  }));

const Sections = z.object({
  server: ServerSection,
  database: DatabaseSection,
  ingest: IngestSection,
  identity: IdentitySection,
  simulator: SimulatorSection,
  map: MapSection,
  weather: WeatherSection,
  notify: NotifyVariables,
  devices: DevicesSection,
  geocoding: GeocodingSection,
});
const SECTION_NAMES = Object.keys(Sections.shape) as (keyof typeof Sections.shape)[];

/** Marks a refusal of the notification channels (its message names its own variables). */
const REFUSAL = 'notify-refusal';

/**
 * The whole configuration: every section reads the variables it declares from the one environment (an
 * empty variable means unset, as shells and CI often export VAR= to clear one); what one section derives
 * from another (the audience from the public URL, the channel states from the database mode) is decided last.
 */
export const ConfigSchema = z
  .preprocess((env) => {
    const set = Object.fromEntries(
      Object.entries(env as Record<string, string | undefined>).filter(
        ([, v]) => v !== undefined && v !== '',
      ),
    );
    return Object.fromEntries(SECTION_NAMES.map((name) => [name, set]));
  }, Sections)
  .transform(({ notify: variables, ...s }, ctx) => {
    const notify = notifyConfigOf(variables, s.database.embedded);
    for (const message of notify.refusals) {
      ctx.issues.push({ code: 'custom', message, input: variables, params: { kind: REFUSAL } });
    }
    const {
      NOTIFY_OUTBOX: _outbox,
      NOTIFY_EMAIL: _email,
      NOTIFY_SMS: _sms,
      NOTIFY_PUSH: _push,
      NOTIFY_WEBHOOK: _webhook,
      NOTIFY_SINGLEWIRE: _singlewire,
      ...settings
    } = variables;
    return {
      ...s,
      identity: { ...s.identity, oidcAudience: s.identity.oidcAudience ?? `${s.server.publicUrl}/api` },
      /** Each channel's state, decided once at start, and the notifier's settings. */
      notify: {
        /** The product's public URL, for the links of messages (an invite's activation, a contact's unsubscribe). */
        publicUrl: s.server.publicUrl,
        outbox: notify.outbox,
        channels: notify.channels,
        settings: settings satisfies NotifierSettings,
      },
    };
  });

export type Config = z.infer<typeof ConfigSchema>;
export type ServerConfig = Config['server'];
export type DatabaseConfig = Config['database'];
export type IngestSettings = Config['ingest'];
export type IdentityConfig = Config['identity'];
export type MapSettings = Config['map'];
export type WeatherSettings = Config['weather'];
export type NotifyConfig = Config['notify'];
export type DeviceSettings = Config['devices'];
export type GeocodingSettings = Config['geocoding'];

/** The channels an alert can go out on. */
export const NOTIFY_CHANNELS = ['email', 'sms', 'push', 'webhook', 'singlewire'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

/**
 * How a channel delivers: `configured` (its provider), `outbox` (kept in the local outbox at /dev/outbox),
 * `off` (turned off by NOTIFY_<CHANNEL>=off: deliveries are recorded as skipped, never attempted).
 */
export type ChannelState = 'configured' | 'outbox' | 'off';
export type ChannelStates = Record<NotifyChannel, ChannelState>;

export class ConfigError extends Error {}

/**
 * Parses and validates the environment (main.ts passes process.env; tests pass their variables); throws a
 * ConfigError naming every bad variable.
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const refusals = parsed.error.issues.filter(
    (i) => i.code === 'custom' && (i.params as { kind?: string } | undefined)?.kind === REFUSAL,
  );
  // a section's issue path is [section, VARIABLE]: the variable is what the operator sets
  const lines = parsed.error.issues
    .filter((i) => !refusals.includes(i))
    .map((i) => `  ${String(i.path.at(-1))}: ${i.message}`);
  if (refusals.length === 0) return fail(lines);
  return fail(
    [...lines, ...refusals.map((i) => `  ${i.message}`)],
    'Alerts are never dropped quietly: each notification channel is configured, turned off, or sent to the ' +
      'local outbox (/dev/outbox).',
  );
}

function fail(lines: string[], trailer?: string): never {
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}${trailer ? `\n${trailer}` : ''}`);
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
  e: NotifyVariables,
  embedded: boolean,
): { outbox: boolean; channels: ChannelStates; refusals: string[] } {
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
