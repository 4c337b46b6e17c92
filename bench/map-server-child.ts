// The servers under test of the map benchmark. `buildMapServer` mounts our map module in a
// minimal Fastify over a seeded simulator (storms over north Texas). Run as a child process
// (`map` or `static <dir>`), it serves our map module or a static file server over a folder of
// tiles on a loopback port and sends `{ port }` to the parent, so the load generator never shares
// a process (or an event loop) with the server it measures.
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createSimulator, type ConfiguredWeather, type StrikeSource } from '@allclear/weather';
import { mapModule } from '../apps/server/src/modules/map/index.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { installErrorHandling } from '../apps/server/src/platform/errors.ts';
import type { AppDeps } from '../apps/server/src/platform/deps.ts';

/** The fixed clock of every run. */
export const BENCH_NOW = new Date('2026-06-15T21:00:00Z');

const noStrikes: StrikeSource = { subscribe: () => () => {}, strikes: async () => [] };

export async function buildMapServer(strikeSource: StrikeSource = noStrikes) {
  const simulator = createSimulator({
    seed: 2026,
    startTime: new Date(BENCH_NOW.getTime() - 30 * 60_000),
    focusPoints: [{ latitude: 32.78, longitude: -96.8 }],
  });
  for (let i = 0; i < 12; i++) {
    simulator.spawnStorm(
      {
        latitude: 31 + (i % 4) * 0.6,
        longitude: -99 + Math.floor(i / 4) * 0.8,
        headingDeg: 60,
        speedMs: 12,
        lifetimeMinutes: 180,
      },
      new Date(BENCH_NOW.getTime() - 60 * 60_000),
    );
  }
  const weather: ConfiguredWeather = {
    providers: { ...simulator, strikes: strikeSource },
    simulator,
    simulatorMode: true,
    close: async () => {},
  };
  const app = Fastify({ logger: false, routerOptions: { caseSensitive: false } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  // The bench measures the map service, not token verification (tested in the server suite).
  app.decorate('authenticate', async () => {});
  app.decorate('authenticateHook', (_request: unknown, _reply: unknown, done: () => void) => done());
  const deps = { clock: { now: () => BENCH_NOW }, weather } as unknown as AppDeps;
  await app.register(mapModule, {
    prefix: '/map',
    ...deps,
    map: loadConfig({ MAP_IMAGE_CACHE_MB: '256' }).map,
  });
  await app.ready();
  return app;
}

/** node:http + fs: each request reads its file, as a plain static file server does. */
function staticServer(dir: string): http.Server {
  return http.createServer((req, res) => {
    readFile(join(dir, (req.url ?? '/').slice(1))).then(
      (body) =>
        res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'public, max-age=60' }).end(body),
      () => res.writeHead(404).end(),
    );
  });
}

async function serve(mode: string | undefined, dir: string | undefined): Promise<number> {
  if (mode === 'map') {
    const app = await buildMapServer();
    await app.listen({ host: '127.0.0.1', port: 0 });
    return (app.server.address() as AddressInfo).port;
  }
  if (mode === 'static' && dir) {
    const server = staticServer(dir);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  }
  throw new Error(`usage: map-server-child.ts map | static <dir> (got ${mode})`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = await serve(process.argv[2], process.argv[3]);
  process.send?.({ port });
  // the parent ends the run by closing the IPC channel
  process.on('disconnect', () => process.exit(0));
}
