// Graceful shutdown: closing the app finishes the request in flight, and refuses new ones.
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/platform/config.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { createTestDatabase } from '../src/db/test-db.ts';
import { createConfiguredWeather } from '../src/engine/weather.ts';
import { createLocalBus } from '../src/platform/bus.ts';
import type { DatabaseHandle } from '../src/db/client.ts';

let db: DatabaseHandle | undefined;
afterAll(async () => {
  await db?.close();
});

describe('graceful shutdown', () => {
  it('finishes an in-flight request while closing, then stops accepting', async () => {
    db = await createTestDatabase();
    const config = loadConfig({ APP_ENV: 'test', LOG_LEVEL: 'silent' });
    const clock = new ManualClock();
    const weather = await createConfiguredWeather(config, db, clock);
    const app = await buildApp({
      config,
      db,
      clock,
      weather,
      enqueueAlert: async () => {},
      bus: createLocalBus(),
    });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inHandler = new Promise<void>((r) => (entered = r));
    app.get('/slow-test', async () => {
      entered();
      await gate;
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    const inFlight = fetch(`http://127.0.0.1:${port}/slow-test`).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }));
    await inHandler;
    const closing = app.close();
    release();
    expect(await inFlight).toEqual({ status: 200, body: { done: true } });
    await closing;
    // After close, new connections are refused.
    const late = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.status,
      () => 'refused',
    );
    expect(late).toBe('refused');
    await weather.close();
  });
});
