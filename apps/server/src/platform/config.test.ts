import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs the embedded default with no variables: PGlite, demo seed, port 8080', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      embedded: true,
      seedDemo: true,
      publicUrl: 'http://localhost:8080',
    });
    expect(c.oidcAudience).toBe('http://localhost:8080/api');
  });

  it('never seeds the demo against a configured database unless asked', () => {
    const pg = { DATABASE_URL: 'postgres://db/allclear', NOTIFY_OUTBOX: '1' };
    expect(loadConfig(pg).seedDemo).toBe(false);
    expect(loadConfig({ ...pg, SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({ embedded: true, port: 8080 });
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

  it('derives the public URL from the port and strips a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PORT: '9090' }).publicUrl).toBe('http://localhost:9090');
    expect(loadConfig({ PUBLIC_URL: 'https://allclear.example/' }).publicUrl).toBe(
      'https://allclear.example',
    );
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
    expect(c.notify).toEqual({
      outbox,
      channels: { email, sms, push: 'configured', webhook: 'configured', singlewire: 'configured' },
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
