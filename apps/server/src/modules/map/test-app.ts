// Test support: the real app (buildApp on a fresh database), whose map module is at /map, plus
// extra mounts of the module with other configuration (IEM radar, a style provider).
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../platform/config.ts';
import { ManualClock } from '../../platform/clock.ts';
import { createTestDatabase } from '../../db/test-db.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { seedReferenceData } from '../../db/seed/reference.ts';
import { buildCustomer, buildUser } from '../../db/factories.ts';
import { issueTestToken } from '../identity/test-tokens.ts';
import { createConfiguredWeather } from '../../engine/weather.ts';
import { createLocalBus } from '../../platform/bus.ts';
import type { ConfiguredWeather } from '@allclear/weather';
import { mapModule } from './index.ts';
import type { MapConfig } from './map-config.ts';

export interface MapTestApp {
  app: FastifyInstance;
  clock: ManualClock;
  weather: ConfiguredWeather;
  token: string;
  close(): Promise<void>;
}

export interface ExtraMount {
  prefix: string;
  map: MapConfig;
  fetch?: typeof fetch;
}

/** Builds the app with the map module at /map (and any extra mounts) and a signed-in admin's token. */
export async function createMapTestApp(extra: ExtraMount[] = []): Promise<MapTestApp> {
  const db: DatabaseHandle = await createTestDatabase();
  await seedReferenceData(db);
  const config = loadConfig({ APP_ENV: 'test', LOG_LEVEL: 'silent', PORT: '8080' });
  const clock = new ManualClock();
  const weather = await createConfiguredWeather(config, db, clock);
  const bus = createLocalBus((err) => {
    throw err;
  });
  const deps = { config, db, clock, weather, enqueueAlert: async () => {}, bus };
  // buildApp mounts the map module at /map (configured from the environment: the defaults here)
  const app = await buildApp(deps);
  for (const mount of extra) await app.register(mapModule, { ...deps, ...mount });
  await app.ready();
  const customer = await buildCustomer(db.db, { name: 'Map customer' });
  const admin = await buildUser(db.db, {
    customerId: customer.id,
    role: 'Admin',
    password: 'Test-password-1',
  });
  const token = await issueTestToken(db, { userId: admin.id, publicUrl: config.server.publicUrl });
  return {
    app,
    clock,
    weather,
    token,
    async close() {
      await app.close();
      await weather.close();
      await db.close();
    },
  };
}
