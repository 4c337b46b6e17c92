// Real radar from IEM, over a real HTTP exchange with a loopback server standing in for IEM's WMS-T:
// the N0Q palette image is decoded to dBZ and drawn with our NWS colours; an outage serves the last
// good frame (or a clear 502), is logged once, and IEM is left alone for a while.
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createWeatherProviders } from '@allclear/weather';
import { ManualClock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { IEM_RETRY_AFTER_MS } from './iem-radar-source.ts';
import { ImageCache } from './image-cache.ts';
import { loadConfig } from '../../platform/config.ts';
import { NWS_REFLECTIVITY_COLORS } from './radar-colors.ts';
import { RadarService } from './radar.service.ts';

/** 16 x 16 N0Q palette PNG; column x has a known index (packages/weather/fixtures/iem/README.md). */
const fixture = readFileSync(
  new URL('../../../../../packages/weather/fixtures/iem/n0q-fixture.png', import.meta.url),
);
/** dBZ of the fixture's columns: no data, -32, 0, 5, 5.5, 10 ... 55, 75. */
const COLUMN_DBZ = [null, -32, 0, 5, 5.5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 75];

type Mode = 'ok' | 'down' | 'hang' | 'not-n0q';
let mode: Mode = 'ok';
const requests: URL[] = [];
let server: Server;
let baseUrl: string;

function answer(req: IncomingMessage, res: ServerResponse) {
  requests.push(new URL(req.url ?? '/', 'http://127.0.0.1'));
  if (mode === 'hang') return; // never answers: the client's timeout must end the wait
  if (mode === 'down') {
    res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
    return;
  }
  const body =
    mode === 'ok'
      ? fixture
      : PNG.sync.write(Object.assign(new PNG({ width: 2, height: 2 }), { data: Buffer.alloc(16, 90) }));
  res.writeHead(200, { 'content-type': 'image/png', 'content-length': body.length }).end(body);
}

beforeAll(async () => {
  server = createServer(answer);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/wms`;
});
afterAll(async () => {
  server.closeAllConnections();
  server.close();
});

const NOW = new Date('2026-06-15T21:02:00Z');
const FRAME = new Date('2026-06-15T20:30:00Z');

function radarService() {
  const clock = new ManualClock(NOW);
  const logs: { level: 'warn' | 'info'; message: string }[] = [];
  const weather = createWeatherProviders({ simulator: { startTime: NOW }, now: () => clock.now() });
  const radar = new RadarService({
    weather,
    clock,
    config: { ...loadConfig({ RADAR_SOURCE: 'iem' }).map, iemBaseUrl: baseUrl, iemTimeoutMs: 300 },
    cache: new ImageCache(8 * 1024 * 1024),
    log: {
      warn: (_data, message) => logs.push({ level: 'warn', message }),
      info: (_data, message) => logs.push({ level: 'info', message }),
    },
  });
  return { radar, clock, logs };
}

/** RGBA of the 256-px tile pixel in the middle of fixture column `column` (16 px per column). */
function pixel(png: PNG, column: number): [number, number, number, number] {
  const i = (128 * 256 + column * 16 + 8) * 4;
  return [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!, png.data[i + 3]!];
}

/** The NWS colour (opaque RGBA) of a dBZ, or transparent below 5 dBZ. */
function nwsColour(dbz: number | null): [number, number, number, number] {
  if (dbz === null || dbz < 5) return [0, 0, 0, 0];
  const step = Math.min(NWS_REFLECTIVITY_COLORS.length - 1, Math.floor(dbz / 5) - 1);
  const [r, g, b] = NWS_REFLECTIVITY_COLORS[step]!;
  return [r, g, b, 255];
}

beforeEach(() => {
  mode = 'ok';
  requests.length = 0;
});

describe('IEM radar decoded into our colours', () => {
  it('asks IEM for the N0Q layer over HTTP and draws each pixel in the NWS colour of its decoded dBZ', async () => {
    const { radar } = radarService();
    const image = await radar.tile('past', 6, 14, 25, FRAME);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.pathname).toBe('/wms');
    expect(requests[0]!.searchParams.get('LAYERS')).toBe('nexrad-n0q-wmst');
    expect(requests[0]!.searchParams.get('TIME')).toBe('2026-06-15T20:30:00Z');
    expect(requests[0]!.searchParams.get('WIDTH')).toBe('256');
    expect(image.contentType).toBe('image/png');
    const png = PNG.sync.read(image.body);
    expect([png.width, png.height]).toEqual([256, 256]);
    COLUMN_DBZ.forEach((dbz, column) =>
      expect(pixel(png, column), `column ${column}`).toEqual(nwsColour(dbz)),
    );
    // 75 dBZ is the table's white, which the fixture palette never uses: the colour is ours.
    expect(pixel(png, 15)).toEqual([0xfd, 0xfd, 0xfd, 255]);
  });

  it('serves a settled frame again from the cache with the same ETag, without asking IEM', async () => {
    const { radar } = radarService();
    const first = await radar.tile('past', 6, 14, 25, FRAME);
    const again = await radar.tile('past', 6, 14, 25, FRAME);
    expect(requests).toHaveLength(1);
    expect(again.etag).toBe(first.etag);
    expect(again.cacheControl).toContain('immutable');
  });
});

describe('an IEM outage', () => {
  it('serves the last good frame of the box, logs the outage once, rests 30 s, and logs the recovery', async () => {
    const { radar, clock, logs } = radarService();
    const good = await radar.tile('past', 6, 14, 25, FRAME);
    mode = 'down';
    const later = new Date(FRAME.getTime() + 5 * 60_000);
    const stale = await radar.tile('past', 6, 14, 25, later);
    expect(stale.body.equals(good.body)).toBe(true);
    expect(stale.cacheControl).toBe('no-store');
    expect(requests).toHaveLength(2);
    // Within the rest period IEM is not asked; the last good frame is served again.
    const resting = await radar.tile('past', 6, 14, 25, later);
    expect(resting.body.equals(good.body)).toBe(true);
    expect(requests).toHaveLength(2);
    clock.advance(IEM_RETRY_AFTER_MS);
    await radar.tile('past', 6, 14, 25, later);
    expect(requests).toHaveLength(3);
    expect(logs.map((l) => l.level)).toEqual(['warn']);
    clock.advance(IEM_RETRY_AFTER_MS);
    mode = 'ok';
    const fresh = await radar.tile('past', 6, 14, 25, later);
    expect(fresh.cacheControl).toContain('immutable');
    expect(logs.map((l) => l.level)).toEqual(['warn', 'info']);
  });

  it('answers a clear 502 for a box it has never drawn, when IEM times out', async () => {
    const { radar, logs } = radarService();
    mode = 'hang';
    const started = performance.now();
    const failure = await radar.tile('past', 6, 15, 25, FRAME).catch((err: unknown) => err);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).status).toBe(502);
    expect((failure as AppError).message).toBe('The radar source is unavailable.');
    expect(logs).toHaveLength(1);
  });

  it('treats an image that is not an N0Q palette PNG as a failure, not as radar', async () => {
    const { radar, logs } = radarService();
    mode = 'not-n0q';
    const failure = await radar.tile('past', 6, 16, 25, FRAME).catch((err: unknown) => err);
    expect((failure as AppError).status).toBe(502);
    expect(logs).toHaveLength(1);
  });

  it('has no future frames from IEM', async () => {
    const { radar } = radarService();
    const failure = await radar
      .tile('past', 6, 14, 25, new Date(NOW.getTime() + 30 * 60_000))
      .catch((e: unknown) => e);
    expect((failure as AppError).status).toBe(404);
    expect(requests).toHaveLength(0);
  });
});
