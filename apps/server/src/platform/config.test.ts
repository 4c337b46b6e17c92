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
    expect(loadConfig({ DATABASE_URL: 'postgres://db/allclear' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/allclear', SEED_DEMO: '1' }).seedDemo).toBe(true);
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
