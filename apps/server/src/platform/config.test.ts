import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs the embedded default with no variables: PGlite, demo seed, port 8080', () => {
    const c = loadConfig({});
    expect(c.server).toMatchObject({ port: 8080, publicUrl: 'http://localhost:8080' });
    expect(c.database).toMatchObject({ url: undefined, embedded: true, seedDemo: true });
    expect(c.identity.oidcAudience).toBe('http://localhost:8080/api');
  });

  it('never seeds the demo against a configured database unless asked', () => {
    const pg = { DATABASE_URL: 'postgres://db/allclear', NOTIFY_OUTBOX: '1' };
    expect(loadConfig(pg).database.seedDemo).toBe(false);
    expect(loadConfig({ ...pg, SEED_DEMO: '1' }).database.seedDemo).toBe(true);
  });

  it('treats an empty variable as unset', () => {
    const c = loadConfig({
      DATABASE_URL: '',
      PORT: '',
      MAP_STYLE_URL: '',
      GEOCODER_TIMEOUT_MS: '',
      SMTP_FROM: '',
    });
    expect(c.database.embedded).toBe(true);
    expect(c.server.port).toBe(8080);
    expect(c.map.mapStyleUrl).toBeUndefined();
    expect(c.geocoding.timeoutMs).toBe(3000);
    expect(c.notify.settings.SMTP_FROM).toBe('AllClear <alerts@allclear.local>');
  });

  it('refuses bad values, naming every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (err) {
      expect((err as Error).message).toMatch(/PORT/);
      expect((err as Error).message).toMatch(/DATABASE_URL/);
    }
  });

  it('turns the read lane off only when asked, and refuses anything but on or off', () => {
    expect(loadConfig({ READ_LANE: 'off' }).server.readLane).toBe(false);
    expect(loadConfig({ READ_LANE: 'on' }).server.readLane).toBe(true);
    expect(() => loadConfig({ READ_LANE: 'no' })).toThrow(/READ_LANE/);
  });

  it('derives the public URL from the port and strips a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PORT: '9090' }).server.publicUrl).toBe('http://localhost:9090');
    expect(loadConfig({ PUBLIC_URL: 'https://allclear.example/' }).server.publicUrl).toBe(
      'https://allclear.example',
    );
    expect(loadConfig({ PUBLIC_URL: 'https://allclear.example/' }).identity.oidcAudience).toBe(
      'https://allclear.example/api',
    );
  });

  it('keeps every default of the README', () => {
    const c = loadConfig({});
    expect(c.server).toEqual({
      port: 8080,
      host: 'localhost',
      publicUrl: 'http://localhost:8080',
      webDevOrigins: ['http://localhost:5173'],
      webDist: undefined,
      logLevel: 'info',
      appEnv: 'development',
      bodyLimitBytes: 1_048_576,
      shutdownGraceMs: 10_000,
      readLane: true,
    });
    expect(c.database).toEqual({ url: undefined, dataDir: './data', embedded: true, seedDemo: true });
    expect(c.identity).toEqual({
      oidcIssuer: undefined,
      oidcAudience: 'http://localhost:8080/api',
      accessTokenTtlSeconds: 600,
    });
    expect(c.simulator).toEqual({ seed: 20261122, speed: 1 });
    expect(c.map).toEqual({
      radarSource: 'simulator',
      mapStyleUrl: undefined,
      mapApiKey: undefined,
      satelliteTilesUrl: undefined,
      imageCacheBytes: 128 * 1024 * 1024,
      iemTimeoutMs: 8000,
    });
    expect(c.weather).toEqual({
      alertsSource: 'simulator',
      forecastSource: 'simulator',
      observationsSource: 'simulator',
      airQualitySource: 'simulator',
      tropicalSource: 'simulator',
      nwsStations: [],
      nwsUserAgent: undefined,
      lightningFeedUrl: undefined,
      lightningFeedTopic: undefined,
      timeoutMs: 10_000,
    });
    expect(c.notify.settings).toEqual({
      SMTP_URL: undefined,
      SMTP_FROM: 'AllClear <alerts@allclear.local>',
      TWILIO_ACCOUNT_SID: undefined,
      TWILIO_AUTH_TOKEN: undefined,
      TWILIO_FROM: undefined,
      TWILIO_API_URL: 'https://api.twilio.com',
      ALLOW_PRIVATE_WEBHOOKS: false,
      WEBHOOK_TIMEOUT_MS: 10_000,
      SINGLEWIRE_API_URL: 'https://api.icmobile.singlewire.com/api/v1',
      VAPID_SUBJECT: 'mailto:alerts@allclear.local',
      NOTIFY_ATTEMPTS: 5,
      NOTIFY_RETRY_DELAY_SECONDS: 2,
      NOTIFY_EXPIRE_SECONDS: 120,
      NOTIFY_POLL_SECONDS: 0.5,
      NOTIFY_MAINTENANCE_SECONDS: 30,
      NOTIFY_SMS_PER_MINUTE: 6,
      NOTIFY_EMAIL_PER_MINUTE: 10,
      SUPPORT_EMAIL: 'meteorologists@allclear.local',
    });
    expect(c.devices).toEqual({ mqttPort: 1884, mqttUrl: undefined });
    expect(c.geocoding).toEqual({ url: undefined, key: undefined, timeoutMs: 3000 });
  });

  // One bad variable of each section: the boot fails naming it (and only it).
  it.each([
    ['server', 'LOG_LEVEL', 'loud'],
    ['server', 'PUBLIC_URL', 'allclear.example'],
    ['database', 'DATABASE_URL', 'mysql://db/allclear'],
    ['identity', 'ACCESS_TOKEN_TTL_SECONDS', '59'],
    ['simulator', 'SIM_SPEED', '0'],
    ['map', 'RADAR_SOURCE', 'nexrad'],
    ['map', 'MAP_IMAGE_CACHE_MB', 'lots'],
    ['weather', 'FORECAST_SOURCE', 'accuweather'],
    ['weather', 'NWS_STATIONS', 'KDAL; KDFW'],
    ['notify', 'NOTIFY_ATTEMPTS', '21'],
    ['notify', 'TWILIO_API_URL', 'not a url'],
    ['devices', 'MQTT_PORT', '70000'],
    ['devices', 'MQTT_URL', 'http://broker'],
    ['geocoding', 'GEOCODER_URL', 'not a url'],
    ['geocoding', 'GEOCODER_TIMEOUT_MS', '-1'],
  ])('refuses a bad value in the %s section, naming %s', (_section, variable, value) => {
    let message = '';
    try {
      loadConfig({ [variable]: value });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    const named = [...message.matchAll(/^ {2}([A-Z_]+): /gm)].map((m) => m[1]);
    expect(named).toEqual([variable]);
  });

  it('refuses bad values of several sections at once, naming each in the order of the sections', () => {
    expect(() =>
      loadConfig({
        GEOCODER_URL: 'x',
        FORECAST_SOURCE: 'accuweather',
        LIGHTNING_FEED_URL: 'http://feed.example.org',
        NWS_STATIONS: 'KDAL; KDFW',
        PORT: 'eighty',
      }),
    ).toThrow(/PORT[\s\S]*FORECAST_SOURCE[\s\S]*NWS_STATIONS[\s\S]*LIGHTNING_FEED_URL[\s\S]*GEOCODER_URL/);
  });
});

describe('notification channels (an alert is never dropped quietly)', () => {
  const PG = { DATABASE_URL: 'postgres://db/allclear' };
  const SMTP = { SMTP_URL: 'smtp://mail.example:587' };
  const TWILIO = { TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 'secret', TWILIO_FROM: '+15550001' };
  const refusalOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error('expected the configuration to be refused');
  };

  it.each([
    ['embedded, nothing set: e-mail and SMS to the outbox', {}, 'outbox', 'outbox', true],
    [
      'embedded with SMTP and Twilio: both configured',
      { ...SMTP, ...TWILIO },
      'configured',
      'configured',
      true,
    ],
    ['embedded, e-mail turned off', { NOTIFY_EMAIL: 'off' }, 'off', 'outbox', true],
    [
      'PostgreSQL with SMTP and Twilio: both configured',
      { ...PG, ...SMTP, ...TWILIO },
      'configured',
      'configured',
      false,
    ],
    ['PostgreSQL, both turned off', { ...PG, NOTIFY_EMAIL: 'off', NOTIFY_SMS: 'off' }, 'off', 'off', false],
    ['PostgreSQL, SMTP and SMS off', { ...PG, ...SMTP, NOTIFY_SMS: 'off' }, 'configured', 'off', false],
    [
      'PostgreSQL with NOTIFY_OUTBOX=1: both to the outbox',
      { ...PG, NOTIFY_OUTBOX: '1' },
      'outbox',
      'outbox',
      true,
    ],
    [
      'PostgreSQL with SMTP and NOTIFY_OUTBOX=1',
      { ...PG, ...SMTP, NOTIFY_OUTBOX: '1' },
      'configured',
      'outbox',
      true,
    ],
    ['off wins over the outbox', { ...PG, NOTIFY_OUTBOX: '1', NOTIFY_EMAIL: 'off' }, 'off', 'outbox', true],
  ] as const)('%s', (_name, env, email, sms, outbox) => {
    const c = loadConfig(env);
    expect(c.notify.outbox).toBe(outbox);
    expect(c.notify.channels).toEqual({
      email,
      sms,
      push: 'configured',
      webhook: 'configured',
      singlewire: 'configured',
    });
  });

  it('turns push, webhooks and Singlewire off only when asked', () => {
    const c = loadConfig({
      ...PG,
      ...SMTP,
      ...TWILIO,
      NOTIFY_PUSH: 'off',
      NOTIFY_WEBHOOK: 'off',
      NOTIFY_SINGLEWIRE: 'off',
    });
    expect(c.notify.channels).toEqual({
      email: 'configured',
      sms: 'configured',
      push: 'off',
      webhook: 'off',
      singlewire: 'off',
    });
  });

  it('refuses PostgreSQL without SMTP_URL, naming it and the two ways out', () => {
    const message = refusalOf({ ...PG, ...TWILIO });
    expect(message).toContain('SMTP_URL is not set: set it, set NOTIFY_EMAIL=off, or NOTIFY_OUTBOX=1');
    expect(message).not.toMatch(/TWILIO/);
  });

  it('refuses PostgreSQL without Twilio, naming its three variables', () => {
    const message = refusalOf({ ...PG, ...SMTP });
    expect(message).toContain(
      'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are not set: set them, set NOTIFY_SMS=off, or NOTIFY_OUTBOX=1',
    );
    expect(message).not.toMatch(/SMTP_URL/);
  });

  it('refuses PostgreSQL with nothing configured, naming every channel left unconfigured', () => {
    const message = refusalOf(PG);
    expect(message).toMatch(/SMTP_URL is not set/);
    expect(message).toMatch(/TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are not set/);
  });

  it('refuses NOTIFY_OUTBOX=0 in the embedded default when a channel is unconfigured', () => {
    expect(refusalOf({ NOTIFY_OUTBOX: '0', ...TWILIO })).toContain('SMTP_URL is not set');
  });

  it('refuses part of Twilio in any mode, naming what is missing, unless SMS is off', () => {
    expect(refusalOf({ TWILIO_ACCOUNT_SID: 'AC1' })).toContain(
      'TWILIO_AUTH_TOKEN and TWILIO_FROM are not set: SMS through Twilio needs all of',
    );
    expect(
      refusalOf({ ...PG, ...SMTP, NOTIFY_OUTBOX: '1', TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 'x' }),
    ).toContain('TWILIO_FROM is not set');
    expect(
      loadConfig({ ...PG, ...SMTP, TWILIO_ACCOUNT_SID: 'AC1', NOTIFY_SMS: 'off' }).notify.channels.sms,
    ).toBe('off');
  });

  it('refuses a channel switch other than on or off, naming it', () => {
    expect(refusalOf({ NOTIFY_EMAIL: 'disabled' })).toMatch(/NOTIFY_EMAIL/);
    expect(refusalOf({ NOTIFY_OUTBOX: 'maybe' })).toMatch(/NOTIFY_OUTBOX/);
  });
});
