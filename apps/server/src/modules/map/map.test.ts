// The map service through the real app (PGlite, or PostgreSQL with TEST_DATABASE_URL): auth,
// strike clusters, storm cells, alerts, products, radar frames and images, styles, base map.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { PbfReader } from 'pbf';
import { VectorTile } from '@mapbox/vector-tile';
import { validateStyleMin, type StyleSpecification } from '@maplibre/maplibre-gl-style-spec';
import {
  ROAD_CONDITION_COLORS,
  ZClusterStrikesResponse,
  ZMapUrlResponse,
  ZNwsAlertsResponse,
  ZRadarFramesResponse,
  ZStormVectorsResponse,
  ZStrikesResponse,
  ZTropicalForecastResponse,
} from '@allclear/contracts';
import { createMapTestApp, type MapTestApp } from './test-app.ts';
import { loadConfig } from '../../platform/config.ts';
import { reflectivityColor } from './radar-colors.ts';
import { MERCATOR_HALF_WORLD_M, xFromLon, yFromLat, latFromY, lonFromX } from './mercator.ts';
import { buildStrikeIndex } from './strikes.service.ts';

let t: MapTestApp;
/** An IEM N0Q palette image whose right-most column is 75 dBZ (packages/weather/fixtures/iem/README.md). */
const iemN0qPng = readFileSync(
  new URL('../../../../../packages/weather/fixtures/iem/n0q-fixture.png', import.meta.url),
);
let iemCalls: string[] = [];
let iemFails = false;

beforeAll(async () => {
  t = await createMapTestApp([
    {
      name: 'iem',
      map: { ...loadConfig({ RADAR_SOURCE: 'iem' }).map, iemBaseUrl: 'http://iem.test/wms' },
      fetch: (async (url: string) => {
        iemCalls.push(String(url));
        if (iemFails) return new Response('down', { status: 503, headers: { 'content-type': 'text/plain' } });
        return new Response(new Uint8Array(iemN0qPng), {
          status: 200,
          headers: { 'content-type': 'image/png' },
        });
      }) as typeof fetch,
    },
    {
      name: 'provider',
      map: loadConfig({
        MAP_STYLE_URL: 'https://tiles.example.com/{style}/style.json?key={key}',
        MAP_API_KEY: 'k 1',
      }).map,
    },
    {
      name: 'imagery',
      map: loadConfig({
        SATELLITE_TILES_URL: 'https://imagery.example.com/{z}/{x}/{y}.jpg?key={key}',
        MAP_API_KEY: 'abc',
      }).map,
    },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const auth = () => ({ authorization: `Bearer ${t.token}` });
const get = (url: string, headers: Record<string, string> = auth()) =>
  t.app.inject({ method: 'GET', url, headers });
/** A GET of the map module mounted with another configuration (`t.mounts`). */
const getAt = (mount: string, url: string, headers: Record<string, string> = auth()) =>
  t.mounts[mount]!.inject({ method: 'GET', url, headers });

/** Pixel of a lat/lon inside tile z/x/y (XYZ), or null when outside it. */
function pixelOf(z: number, latitude: number, longitude: number) {
  const size = (2 * MERCATOR_HALF_WORLD_M) / 2 ** z;
  const fx = (xFromLon(longitude) + MERCATOR_HALF_WORLD_M) / size;
  const fy = (MERCATOR_HALF_WORLD_M - yFromLat(latitude)) / size;
  const x = Math.floor(fx);
  const y = Math.floor(fy);
  return { x, y, px: Math.floor((fx - x) * 256), py: Math.floor((fy - y) * 256) };
}

describe('authentication', () => {
  it('answers 401 to ClusterStrikes without a token', async () => {
    const res = await get('/map/ClusterStrikes?top=34&bottom=32&left=-98&right=-95&zoom=5', {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ responseException: { message: expect.any(String), errors: {} } });
  });

  it('serves radar tiles, base-map tiles and styles without a token', async () => {
    for (const url of ['/map/past/TMS/4/3/6.png', '/map/basemap/0/0/0.pbf', '/map/style/dark.json']) {
      expect((await get(url, {})).statusCode, url).toBe(200);
    }
  });
});

describe('lightning', () => {
  // An isolated patch far from the simulated storms (which form near Dallas).
  const patch = { top: 46, bottom: 44, left: -103, right: -99 };
  const viewport = `top=${patch.top}&bottom=${patch.bottom}&left=${patch.left}&right=${patch.right}`;

  beforeAll(() => {
    const now = t.clock.now();
    const inputs = Array.from({ length: 240 }, (_, i) => ({
      latitude: 44.8 + (i % 20) * 0.02,
      longitude: -101.5 + Math.floor(i / 20) * 0.05,
      time: new Date(now.getTime() - (i % 25) * 60_000 - 120_000),
      type: ((i % 4) + 1) as 1 | 2 | 3 | 4,
      amperage: -10 - (i % 30),
    }));
    t.weather.simulator.injectStrikes(inputs, now);
  });

  it('clusters at zoom 5: the counts add up to the strikes in the box', async () => {
    const strikes = ZStrikesResponse.parse((await get(`/map/Strikes?${viewport}`)).json());
    expect(strikes.features).toHaveLength(240);
    const res = await get(`/map/ClusterStrikes?${viewport}&zoom=5&nonClusterLevel=8`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/geo+json');
    const body = ZClusterStrikesResponse.parse(res.json());
    const total = body.features.reduce((n, f) => n + (f.properties.cluster ? f.properties.Count : 1), 0);
    expect(total).toBe(240);
    expect(body.features.some((f) => f.properties.cluster)).toBe(true);
  });

  it('gives each cluster the zoom at which it splits, as supercluster computes it', async () => {
    const body = ZClusterStrikesResponse.parse((await get(`/map/ClusterStrikes?${viewport}&zoom=4`)).json());
    const now = t.clock.now();
    const window = { from: new Date(now.getTime() - 30 * 60_000), to: new Date(now.getTime() + 1) };
    const { index } = buildStrikeIndex(
      await t.weather.providers.strikes.strikes(window),
      now.getTime() + 60_000,
    );
    const clusters = body.features.flatMap((f) => (f.properties.cluster ? [f.properties] : []));
    expect(clusters.length).toBeGreaterThan(0);
    for (const c of clusters) {
      expect(c.ExpansionZoom).toBeGreaterThan(4);
      expect(c.ExpansionZoom).toBeLessThanOrEqual(index.getClusterExpansionZoom(c.cluster_id));
    }
  });

  it('gives a cluster the age of its newest strike, in seconds', async () => {
    const body = ZClusterStrikesResponse.parse((await get(`/map/ClusterStrikes?${viewport}&zoom=3`)).json());
    const ages = body.features.map((f) => f.properties.Age);
    expect(Math.min(...ages)).toBe(120);
  });

  it('still clusters at zoom exactly 8 and returns single strikes at zoom 9', async () => {
    const at8 = ZClusterStrikesResponse.parse((await get(`/map/ClusterStrikes?${viewport}&zoom=8`)).json());
    expect(at8.features.some((f) => f.properties.cluster)).toBe(true);
    const at9 = ZClusterStrikesResponse.parse((await get(`/map/ClusterStrikes?${viewport}&zoom=9`)).json());
    expect(at9.features).toHaveLength(240);
    const first = at9.features[0]!.properties;
    expect(first.cluster).toBe(false);
    if (!first.cluster) {
      expect(typeof first.Amp).toBe('number');
      expect([1, 2, 3, 4]).toContain(first.type);
      expect(new Date(first.TimeStamp).toISOString()).toBe(first.TimeStamp);
    }
  });

  it('returns single strikes above a lower nonClusterLevel', async () => {
    const body = ZClusterStrikesResponse.parse(
      (await get(`/map/ClusterStrikes?${viewport}&zoom=7&nonClusterLevel=6`)).json(),
    );
    expect(body.features.every((f) => !f.properties.cluster)).toBe(true);
    expect(body.features).toHaveLength(240);
  });

  it('refuses a box whose top is below its bottom, naming Top', async () => {
    const res = await get('/map/ClusterStrikes?top=30&bottom=31&left=-100&right=-99&zoom=5');
    expect(res.statusCode).toBe(400);
    expect(res.json().responseException.errors.Top).toBeDefined();
  });

  it('refuses a request without a zoom, naming Zoom', async () => {
    const res = await get(`/map/ClusterStrikes?${viewport}`);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().responseException.errors)).toContain('Zoom');
  });

  it('keeps every answer intact over HTTP while answers reuse their buffers concurrently', async () => {
    const urls = [3, 5, 7, 9].map((zoom) => `/map/ClusterStrikes?${viewport}&zoom=${zoom}`);
    const expected = await Promise.all(urls.map(async (url) => (await get(url)).body));
    expect(new Set(expected).size).toBeGreaterThan(2);
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    for (let round = 0; round < 3; round++) {
      const picks = Array.from({ length: 16 }, (_, i) => (i * 3 + round) % urls.length);
      const bodies = await Promise.all(
        picks.map(async (k) => (await fetch(`${address}${urls[k]}`, { headers: auth() })).text()),
      );
      expect(bodies).toEqual(picks.map((k) => expected[k]));
    }
  });
});

describe('storm cells, alerts, tropical and products', () => {
  it('serves storm vectors with the spec 01 §3 properties', async () => {
    const now = t.clock.now();
    t.weather.simulator.spawnStorm(
      {
        latitude: 40,
        longitude: -90,
        headingDeg: 90,
        speedMs: 10,
        lifetimeMinutes: 120,
        peakDbz: 62,
        startTime: new Date(now.getTime() - 50 * 60_000),
      },
      now,
    );
    const res = await get('/map/StormVectors/All');
    expect(res.headers['content-type']).toContain('application/geo+json');
    const body = ZStormVectorsResponse.parse(res.json());
    const cell = body.features.find((f) => f.properties.Id === 's1');
    expect(cell).toBeDefined();
    expect(cell!.properties.Movement.Speed).toEqual({ value: 10, units: 'm/s' });
    expect(cell!.properties.MaxReflectivity.units).toBe('dBZ');
    expect(cell!.properties.IssueTime).toBe(now.toISOString());
  });

  it('answers the NWS alerts containing a clicked point, and none far from it', async () => {
    const all = ZNwsAlertsResponse.parse((await get('/map/Alerts')).json());
    const warning = all.features.find(
      (f) => f.geometry && f.properties.Event === 'Severe Thunderstorm Warning',
    );
    expect(warning).toBeDefined();
    const ring = warning!.geometry!.coordinates[0]!;
    const lon = ring.reduce((s, p) => s + p[0], 0) / ring.length;
    const lat = ring.reduce((s, p) => s + p[1], 0) / ring.length;
    const hit = await t.app.inject({
      method: 'POST',
      url: `/map/Alerts/ByPoint?latitude=${lat}&longitude=${lon}`,
      headers: auth(),
    });
    const found = ZNwsAlertsResponse.parse(hit.json());
    expect(found.features.map((f) => f.properties.Identifier)).toContain(warning!.properties.Identifier);
    expect(found.features[0]!.properties.Color).toMatch(/^#[0-9A-F]{6}$/i);
    const jsonNoBody = await t.app.inject({
      method: 'POST',
      url: `/map/Alerts/ByPoint?latitude=${lat}&longitude=${lon}`,
      headers: { ...auth(), 'content-type': 'application/json' },
    });
    expect(jsonNoBody.statusCode).toBe(200);
    const badPoint = await t.app.inject({
      method: 'POST',
      url: '/map/Alerts/ByPoint?latitude=91&longitude=0',
      headers: auth(),
    });
    expect(badPoint.statusCode).toBe(400);
    expect(Object.keys(badPoint.json().responseException.errors)).toContain('Latitude');
    const miss = await t.app.inject({
      method: 'POST',
      url: '/map/Alerts/ByPoint?latitude=60&longitude=10',
      headers: auth(),
    });
    expect(ZNwsAlertsResponse.parse(miss.json()).features).toHaveLength(0);
  });

  it('serves the tropical forecast in its contract', async () => {
    const res = await get('/map/TropicalForecast');
    expect(res.statusCode).toBe(200);
    ZTropicalForecastResponse.parse(res.json());
  });

  it('answers a product URL that serves GeoJSON publicly', async () => {
    const res = await get('/map/url?product=surface-analysis&mask=Standard-Mercator');
    const { data } = ZMapUrlResponse.parse(res.json());
    const geo = await get(data.url, {});
    expect(geo.statusCode).toBe(200);
    expect(geo.json().features.length).toBeGreaterThan(0);
    const roads = await get(
      ZMapUrlResponse.parse((await get('/map/url?product=road-condition')).json()).data.url,
      {},
    );
    expect(roads.json().features[0].properties.Color).toMatch(/^#/);
    expect((await get('/map/url?product=radar')).statusCode).toBe(400);
  });
});

describe('radar frames', () => {
  it('lists at least 24 past frames at 5-minute steps ending at the latest', async () => {
    const { data } = ZRadarFramesResponse.parse((await get('/map/past')).json());
    expect(data.frames.length).toBeGreaterThanOrEqual(25);
    const times = data.frames.map((f) => Date.parse(f.time));
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBe(300_000);
    expect(data.frames.at(-1)!.time).toBe(data.latest);
    expect(data.frames.every((f) => f.kind === 'past')).toBe(true);
  });

  it('lists at least 12 future frames after the latest', async () => {
    const { data } = ZRadarFramesResponse.parse((await get('/map/future')).json());
    expect(data.frames.filter((f) => f.kind === 'future').length).toBeGreaterThanOrEqual(12);
    const withFuture = ZRadarFramesResponse.parse((await get('/map/past?future=true')).json()).data;
    expect(withFuture.frames).toHaveLength(25 + 12);
  });

  it('keeps the last `frame` frames', async () => {
    const { data } = ZRadarFramesResponse.parse((await get('/map/past?frame=13')).json());
    expect(data.frames).toHaveLength(13);
    expect(data.frames.at(-1)!.time).toBe(data.latest);
  });

  it('lists only observed frames when the source is IEM', async () => {
    const { data } = ZRadarFramesResponse.parse((await getAt('iem', '/map/extended')).json());
    expect(data.source).toBe('iem');
    expect(data.frames.every((f) => f.kind === 'past')).toBe(true);
  });
});

describe('radar images', () => {
  it('caps a WMS side of 3001 px to 400 and keeps 3000', async () => {
    const bbox = '-11000000,3800000,-10500000,4200000';
    const capped = await get(`/map/past/WMS?bbox=${bbox}&width=3001&height=10`, {});
    expect(capped.headers['content-type']).toBe('image/png');
    expect(PNG.sync.read(capped.rawPayload).width).toBe(400);
    const kept = await get(`/map/past/WMS?bbox=${bbox}&width=3000&height=10`, {});
    expect(PNG.sync.read(kept.rawPayload).width).toBe(3000);
  });

  it('colours a tile pixel with the NWS colour of its reflectivity', async () => {
    const now = t.clock.now();
    const latest = new Date(Math.floor(now.getTime() / 300_000) * 300_000);
    const cell = (await t.weather.providers.stormCells.vectors(latest)).find((v) => v.id === 's1')!;
    const z = 8;
    const p = pixelOf(z, cell.latitude, cell.longitude);
    const size = (2 * MERCATOR_HALF_WORLD_M) / 2 ** z;
    const lat = latFromY(MERCATOR_HALF_WORLD_M - (p.y + (p.py + 0.5) / 256) * size);
    const lon = lonFromX(-MERCATOR_HALF_WORLD_M + (p.x + (p.px + 0.5) / 256) * size);
    const dbz = await t.weather.providers.radar.reflectivityAt({ latitude: lat, longitude: lon }, latest);
    // the pixel is well inside a 5-dBZ step, so grid sampling cannot move it to the next colour
    expect(Math.abs(dbz / 5 - Math.round(dbz / 5))).toBeGreaterThan(0.05);
    const res = await get(`/map/past/TMS/${z}/${p.x}/${p.y}.png?time=${latest.toISOString()}`, {});
    const png = PNG.sync.read(res.rawPayload);
    expect([png.width, png.height]).toEqual([256, 256]);
    const i = (p.py * 256 + p.px) * 4;
    const expected = reflectivityColor(dbz)!;
    expect([png.data[i], png.data[i + 1], png.data[i + 2], png.data[i + 3]]).toEqual([...expected, 255]);
    // a corner far from any echo is transparent
    const empty = PNG.sync.read((await get('/map/past/TMS/8/10/20.png', {})).rawPayload);
    expect(empty.data[3]).toBe(0);
  });

  it('marks past frames immutable, the latest short-lived, and answers 304 to a matching ETag', async () => {
    const latest = Math.floor(t.clock.now().getTime() / 300_000) * 300_000;
    const past = await get(`/map/past/TMS/5/7/12.png?time=${new Date(latest - 300_000).toISOString()}`, {});
    expect(past.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const current = await get(`/map/past/TMS/5/7/12.png?time=${new Date(latest).toISOString()}`, {});
    expect(current.headers['cache-control']).toBe('public, max-age=60');
    const future = await get(
      `/map/future/TMS/5/7/12.png?time=${new Date(latest + 600_000).toISOString()}`,
      {},
    );
    expect(future.headers['cache-control']).toBe('public, max-age=60');
    const etag = String(past.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await get(`/map/past/TMS/5/7/12.png?time=${new Date(latest - 300_000).toISOString()}`, {
      'if-none-match': etag,
    });
    expect(again.statusCode).toBe(304);
  });

  it('draws the road-condition types in the colours of the road-conditions legend', async () => {
    const p = pixelOf(8, 32.78, -96.8);
    const res = await get(`/map/current-road-conditions/TMS/8/${p.x}/${p.y}.png`, {});
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const png = PNG.sync.read(res.rawPayload);
    const legend = Object.values(ROAD_CONDITION_COLORS).map((hex) =>
      [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(),
    );
    const drawn = new Set<string>();
    for (let i = 0; i < png.data.length; i += 4)
      if (png.data[i + 3] === 255) drawn.add([png.data[i], png.data[i + 1], png.data[i + 2]].join());
    expect(drawn.size).toBeGreaterThan(0);
    for (const colour of drawn) expect(legend).toContain(colour);
  });

  it('answers 404 for a tile outside the pyramid', async () => {
    expect((await get('/map/past/TMS/2/4/0.png', {})).statusCode).toBe(404);
    expect((await get('/map/past/TMS/15/0/0.png', {})).statusCode).toBe(404);
  });

  it('draws decoded IEM images in our colours when RADAR_SOURCE=iem, and answers 502 when IEM fails', async () => {
    iemCalls = [];
    const ok = await getAt('iem', '/map/past/TMS/6/14/25.png', {});
    expect(ok.statusCode).toBe(200);
    const drawn = PNG.sync.read(ok.rawPayload);
    const rightMost = (128 * 256 + 250) * 4;
    expect([...drawn.data.subarray(rightMost, rightMost + 4)]).toEqual([...reflectivityColor(75)!, 255]);
    expect(iemCalls[0]).toContain('http://iem.test/wms?');
    expect(iemCalls[0]).toContain('WIDTH=256');
    iemFails = true;
    const failed = await getAt('iem', '/map/past/TMS/6/15/25.png', {});
    iemFails = false;
    expect(failed.statusCode).toBe(502);
    expect(failed.json().responseException.message).toBe('The radar source is unavailable.');
  });
});

describe('base map', () => {
  const urlsOf = (v: unknown): string[] =>
    typeof v === 'string'
      ? /^(https?:)?\/\//.test(v) || v.startsWith('/')
        ? [v]
        : []
      : Array.isArray(v)
        ? v.flatMap(urlsOf)
        : v && typeof v === 'object'
          ? Object.values(v).flatMap(urlsOf)
          : [];

  it('builds valid dark, light and satellite styles that reference only this server', async () => {
    for (const name of ['dark', 'light', 'satellite']) {
      const res = await get(`/map/style/${name}.json`, { host: 'maps.allclear.test' });
      expect(res.statusCode).toBe(200);
      const style = res.json() as StyleSpecification;
      expect(validateStyleMin(style)).toEqual([]);
      const urls = urlsOf(style);
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) expect(url.startsWith('http://maps.allclear.test/map/')).toBe(true);
    }
  });

  it('labels the simulator imagery as simulated satellite, and uses configured imagery when set', async () => {
    const sim = (await get('/map/style/satellite.json', {})).json();
    expect(sim.metadata['allclear:label']).toBe('Simulated satellite');
    const real = (await getAt('imagery', '/map/style/satellite.json', {})).json();
    expect(real.sources.satellite.tiles).toEqual(['https://imagery.example.com/{z}/{x}/{y}.jpg?key=abc']);
    expect(real.metadata['allclear:simulated']).toBe(false);
  });

  it('redirects to a configured style URL with the key substituted', async () => {
    const res = await getAt('provider', '/map/style/dark.json', {});
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://tiles.example.com/dark/style.json?key=k%201');
  });

  it('serves a vector tile of Texas with countries, states and places', async () => {
    const res = await get('/map/basemap/4/3/6.pbf', {});
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const tile = new VectorTile(new PbfReader(new Uint8Array(res.rawPayload)));
    expect(Object.keys(tile.layers)).toEqual(expect.arrayContaining(['countries', 'states', 'places']));
    const places = tile.layers.places!;
    const names = Array.from({ length: places.length }, (_, i) => places.feature(i).properties.name);
    expect(names).toContain('Dallas');
  });

  it('renders a simulated satellite tile over the spawned storm', async () => {
    const cell = (await t.weather.providers.stormCells.vectors(t.clock.now())).find((v) => v.id === 's1')!;
    const p = pixelOf(6, cell.latitude, cell.longitude);
    const png = PNG.sync.read((await get(`/map/satellite/6/${p.x}/${p.y}.png`, {})).rawPayload);
    const i = (p.py * 256 + p.px) * 4;
    expect(png.data[i + 3]).toBeGreaterThan(100);
  });
});
