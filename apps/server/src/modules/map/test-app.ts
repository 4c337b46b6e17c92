// Test support: the real app (buildApp on a fresh database), whose map module is at /map, plus
// other apps serving the module at /map with other configuration (IEM radar, a style provider): the
// module registers its routes from the route table, so every mount of it is at /map.
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { buildApp } from '../../app.ts';
import { authPlugin } from '../../platform/auth.ts';
import { installErrorHandling } from '../../platform/errors.ts';
import { loadConfig } from '../../platform/config.ts';
import { ManualClock } from '../../platform/clock.ts';
import { createTestDatabase } from '../../db/test-db.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { seedReferenceData } from '../../db/seed/reference.ts';
import { buildCustomer, buildUser } from '../../db/factories.ts';
import { createIdentityKeyLoader } from '../identity/index.ts';
import { issueTestToken } from '../identity/test-tokens.ts';
import { createConfiguredWeather } from '../../engine/weather.ts';
import { createLocalBus } from '../../platform/bus.ts';
import type { ConfiguredWeather } from '@allclear/weather';
import { mapModule } from './index.ts';
import type { MapConfig } from './map-config.ts';

export interface MapTestApp {
  app: FastifyInstance;
  /** An app per extra mount, by its name, serving the map module at /map with that mount's configuration. */
  mounts: Record<string, FastifyInstance>;
  clock: ManualClock;
  weather: ConfiguredWeather;
  token: string;
  close(): Promise<void>;
}

export interface ExtraMount {
  name: string;
  map: MapConfig;
  fetch?: typeof fetch;
}

/** Builds the app with the map module at /map (and an app per extra mount) and a signed-in admin's token. */
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
  await app.ready();
  const mounts: Record<string, FastifyInstance> = {};
  for (const { name, ...mount } of extra) {
    // what buildApp gives the map module: schemas, the error envelope and the bearer-token check
    const other = Fastify({ routerOptions: { caseSensitive: false, ignoreTrailingSlash: true } });
    other.setValidatorCompiler(validatorCompiler);
    other.setSerializerCompiler(serializerCompiler);
    installErrorHandling(other);
    await other.register(authPlugin, { config, identityKeys: createIdentityKeyLoader(db) });
    await other.register(mapModule, { prefix: '/map', ...deps, ...mount });
    await other.ready();
    mounts[name] = other;
  }
  const customer = await buildCustomer(db.db, { name: 'Map customer' });
  const admin = await buildUser(db.db, {
    customerId: customer.id,
    role: 'Admin',
    password: 'Test-password-1',
  });
  const token = await issueTestToken(db, { userId: admin.id, publicUrl: config.server.publicUrl });
  return {
    app,
    mounts,
    clock,
    weather,
    token,
    async close() {
      await app.close();
      for (const other of Object.values(mounts)) await other.close();
      await weather.close();
      await db.close();
    },
  };
}
