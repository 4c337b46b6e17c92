// ClusterStrikes and Strikes answers checked against references computed independently:
// supercluster's own getClusters (clusters, counts, ages, lone strikes) at zooms up to 8, and a
// brute-force filter of every strike above, over viewports that touch strikes and cell edges,
// cross the antimeridian or span the world. Every answer must parse as the contract.
import { describe, expect, it } from 'vitest';
import Supercluster from 'supercluster';
import { ZClusterStrikesResponse, ZStrikesResponse } from '@allclear/contracts';
import { mulberry32, type Strike, type StrikeSource } from '@allclear/weather';
import { AppError } from '../../platform/errors.ts';
import { StrikeMapService } from './strikes.service.ts';

const NOW = new Date('2026-06-15T21:00:10Z');
/** Later in the same minute: the same snapshot, every Age 40 s older. */
const LATER = new Date(NOW.getTime() + 40_000);

function strike(id: string, latitude: number, longitude: number, ageMs: number, i: number): Strike {
  const time = new Date(NOW.getTime() - ageMs);
  return {
    id,
    time,
    latitude,
    longitude,
    type: ((i % 4) + 1) as 1 | 2 | 3 | 4,
    amperageKa: i % 2 ? -12.5 - (i % 40) : 30 + (i % 7),
    cloud: false,
    source: 'test',
    observedAt: time,
  };
}

/**
 * 12,000 strikes in storms over Texas, Kansas, the Pacific on both sides of the antimeridian and
 * near the poles; some exactly on 0.1° cell edges, some with non-ASCII ids (multi-byte UTF-8), and
 * ages from 0 s to 30 min that cross 9→10, 99→100 and 999→1000 s between NOW and LATER.
 */
function outbreak(): Strike[] {
  const rnd = mulberry32(3);
  const centres = [
    [32.8, -96.8],
    [38.5, -98.2],
    [-17.2, 179.8],
    [-17.0, -179.7],
    [84.9, 10],
  ] as const;
  const out: Strike[] = [];
  for (let i = 0; i < 12_000; i++) {
    const [lat, lon] = centres[i % centres.length]!;
    const edge = i % 50 === 0;
    const latitude = edge ? Math.round((lat + (rnd() - 0.5)) * 10) / 10 : lat + (rnd() - 0.5) * 1.2;
    let longitude = edge ? Math.round((lon + (rnd() - 0.5)) * 10) / 10 : lon + (rnd() - 0.5) * 1.2;
    if (longitude > 180) longitude -= 360;
    if (longitude < -180) longitude += 360;
    const age = [9_500, 99_500, 999_500][i % 97] ?? Math.floor(rnd() * 30 * 60_000);
    out.push(strike(i % 13 === 0 ? `é-${i}-ü` : `s${i}`, latitude, longitude, age, i));
  }
  // oldest first, as a StrikeSource answers
  return out.sort((a, b) => a.time.getTime() - b.time.getTime());
}

const strikes = outbreak();
const source: StrikeSource = { subscribe: () => () => {}, strikes: async () => strikes };

/** The reference: supercluster on the same strikes in the source's order. */
const reference = new Supercluster<{ t: number }, { newest: number }>({
  radius: 50,
  maxZoom: 8,
  map: (p) => ({ newest: p.t }),
  reduce: (acc, p) => {
    acc.newest = Math.max(acc.newest, p.newest);
  },
});
reference.load(
  strikes.map((s) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [s.longitude, s.latitude] },
    properties: { t: s.time.getTime(), id: s.id } as { t: number },
  })),
);

const ageAt = (now: Date, timeMs: number) => Math.max(0, Math.floor((now.getTime() - timeMs) / 1000));

/** Brute force, written apart from the service: edges included, longitudes wrapped like supercluster. */
function inside(s: Strike, v: { top: number; bottom: number; left: number; right: number }): boolean {
  if (s.latitude < v.bottom || s.latitude > v.top) return false;
  if (v.right - v.left >= 360) return true;
  const wrap = (x: number) => ((((x + 180) % 360) + 360) % 360) - 180;
  const west = wrap(v.left);
  const east = v.right === 180 ? 180 : wrap(v.right);
  return west <= east
    ? s.longitude >= west && s.longitude <= east
    : s.longitude >= west || s.longitude <= east;
}

const onStrike = strikes[500]!;
const viewports = {
  texas: { top: 33.2, bottom: 32.4, left: -97.3, right: -96.3 },
  'edges on cell boundaries': { top: 33.1, bottom: 32.5, left: -97.1, right: -96.5 },
  'edges through a strike': {
    top: onStrike.latitude,
    bottom: onStrike.latitude - 0.3,
    left: onStrike.longitude,
    right: onStrike.longitude + 0.3,
  },
  'across the antimeridian (170..190)': { top: -16, bottom: -18.5, left: 170, right: 190 },
  'across the antimeridian (-190..-170)': { top: -16, bottom: -18.5, left: -190, right: -170 },
  'the whole world': { top: 90, bottom: -90, left: -540, right: 540 },
  'near the pole': { top: 90, bottom: 84.5, left: 9, right: 10.2 },
  'a single line of latitude': { top: 32.8, bottom: 32.8, left: -98, right: -95 },
  'empty ocean': { top: 1, bottom: 0, left: -30, right: -29 },
};

const query = (v: (typeof viewports)['texas'], zoom: number, nonClusterLevel = 8) => ({
  ...v,
  zoom,
  nonClusterLevel,
});

describe('ClusterStrikes against supercluster (zoom ≤ 8)', () => {
  const service = new StrikeMapService(source);

  for (const zoom of [0, 3, 5, 7, 8]) {
    for (const [name, v] of Object.entries(viewports)) {
      it(`matches getClusters at zoom ${zoom} over ${name}`, async () => {
        const body = ZClusterStrikesResponse.parse(
          JSON.parse(String(await service.clusters(query(v, zoom), NOW))),
        );
        const expected = reference.getClusters([v.left, v.bottom, v.right, v.top], zoom).map((f) => {
          const p = f.properties as {
            cluster?: boolean;
            cluster_id?: number;
            point_count?: number;
            newest?: number;
            t?: number;
            id?: string;
          };
          return p.cluster
            ? {
                cluster: p.cluster_id,
                count: p.point_count,
                age: ageAt(NOW, p.newest!),
                at: f.geometry.coordinates,
              }
            : { strike: p.id, age: ageAt(NOW, p.t!), at: f.geometry.coordinates };
        });
        const actual = body.features.map((f) =>
          f.properties.cluster
            ? {
                cluster: f.properties.cluster_id,
                count: f.properties.Count,
                age: f.properties.Age,
                at: f.geometry.coordinates,
              }
            : { strike: f.properties.Id, age: f.properties.Age, at: f.geometry.coordinates },
        );
        const key = (x: object) => JSON.stringify(x);
        expect(actual.map(key).sort()).toEqual(expected.map(key).sort());
      });
    }
  }

  it('ages clusters and strikes with the clock inside one snapshot', async () => {
    const v = viewports.texas;
    const at = async (now: Date) =>
      ZClusterStrikesResponse.parse(JSON.parse(String(await service.clusters(query(v, 5), now)))).features;
    const before = await at(NOW);
    const after = await at(LATER);
    expect(after.map((f) => f.properties.Age)).toEqual(before.map((f) => f.properties.Age + 40));
  });

  it('serves one answer to every request for the same view within its second, and a new one the next second', async () => {
    const fresh = new StrikeMapService(source);
    const v = viewports.texas;
    const first = await fresh.clusters(query(v, 8), NOW);
    expect(await fresh.clusters(query(v, 8), new Date(NOW.getTime() + 900))).toBe(first);
    // another view, zoom or cluster level is answered for itself
    expect(String(await fresh.clusters(query(viewports['edges on cell boundaries'], 8), NOW))).not.toBe(
      String(first),
    );
    expect(await fresh.clusters(query(v, 7), NOW)).not.toBe(first);
    expect(String(await fresh.clusters(query(v, 8, 7), NOW))).toBe(
      String(await service.clusters(query(v, 8, 7), NOW)),
    );
    // the next second: written again, every Age one second older
    const next = await fresh.clusters(query(v, 8), new Date(NOW.getTime() + 1000));
    expect(next).not.toBe(first);
    const ages = (b: Buffer) =>
      ZClusterStrikesResponse.parse(JSON.parse(String(b))).features.map((f) => f.properties.Age);
    expect(ages(next)).toEqual(ages(first).map((a) => a + 1));
  });
});

describe('ClusterStrikes single strikes (above the cluster zoom) against a brute-force filter', () => {
  const service = new StrikeMapService(source);

  for (const [zoom, nonClusterLevel] of [
    [9, 8],
    [12, 8],
    [7, 6],
  ] as const) {
    for (const [name, v] of Object.entries(viewports)) {
      it(`returns every strike in view at zoom ${zoom} (nonClusterLevel ${nonClusterLevel}) over ${name}`, async () => {
        for (const now of [NOW, LATER]) {
          const raw = await service.clusters(query(v, zoom, nonClusterLevel), now);
          const body = ZClusterStrikesResponse.parse(JSON.parse(String(raw)));
          const expected = strikes
            .filter((s) => inside(s, v))
            .map((s) => ({
              type: 'Feature',
              geometry: { type: 'Point', coordinates: [s.longitude, s.latitude] },
              properties: {
                cluster: false,
                Id: s.id,
                Amp: s.amperageKa,
                type: s.type,
                TimeStamp: s.time.toISOString(),
                Age: ageAt(now, s.time.getTime()),
              },
            }));
          const byId = (a: { properties: object }, b: { properties: object }) =>
            (a.properties as { Id: string }).Id < (b.properties as { Id: string }).Id ? -1 : 1;
          expect([...body.features].sort(byId)).toEqual(expected.sort(byId));
        }
      });
    }
  }

  it('pools a large answer until it is released, and never a small one (the route then adds no listeners)', async () => {
    // a service of its own: the answers of the tests above were never released, and hold its pool's slabs
    const service = new StrikeMapService(source);
    const large = await service.clusters(query(viewports['the whole world'], 12), NOW);
    expect(large.length).toBeGreaterThan(64 * 1024);
    expect(service.pooled(large)).toBe(true);
    service.release(large);
    expect(service.pooled(large)).toBe(false);
    const small = await service.clusters(query(viewports['empty ocean'], 10), NOW);
    expect(service.pooled(small)).toBe(false);
  });

  it('answers a box that holds nothing with an empty collection', async () => {
    const raw = await service.clusters(query(viewports['empty ocean'], 10), NOW);
    expect(JSON.parse(String(raw))).toEqual({ type: 'FeatureCollection', features: [] });
  });

  it('refuses a box whose top is below its bottom', async () => {
    const error = await service
      .clusters(query({ top: 30, bottom: 31, left: -100, right: -99 }, 10), NOW)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
  });
});

describe('Strikes', () => {
  const service = new StrikeMapService(source);

  it('lists the strikes in view oldest first, as the brute-force filter finds them', async () => {
    const v = viewports['across the antimeridian (170..190)'];
    const body = ZStrikesResponse.parse(JSON.parse(String(await service.strikes(v, LATER))));
    const expected = strikes.filter((s) => inside(s, v));
    expect(body.features.map((f) => f.properties.Id)).toEqual(expected.map((s) => s.id));
    expect(body.features.map((f) => f.properties.Age)).toEqual(
      expected.map((s) => ageAt(LATER, s.time.getTime())),
    );
  });

  it('lists every strike of the window without a viewport', async () => {
    const body = ZStrikesResponse.parse(JSON.parse(String(await service.strikes({}, NOW))));
    expect(body.features.map((f) => f.properties.Id)).toEqual(strikes.map((s) => s.id));
  });
});

describe('the next minute', () => {
  const NEXT = new Date(NOW.getTime() + 60_000);
  const v = viewports['the whole world'];
  const answer = async (service: StrikeMapService, now: Date) =>
    JSON.parse(String(await service.clusters(query(v, 10), now))) as unknown;

  it('answers as a fresh service does when the source hands over the same strikes, shifted', async () => {
    let list = strikes;
    const shifting: StrikeSource = { subscribe: () => () => {}, strikes: async () => list };
    const service = new StrikeMapService(shifting);
    await answer(service, NOW);
    const newer = Array.from({ length: 50 }, (_, i) =>
      strike(`new${i}`, 32.5, -96.5 + i * 0.01, 30_000 - i * 100, i),
    );
    // the oldest strikes leave the window, newer ones arrive; a strike is also edited in place of
    // its object (a new object with the same id): its new bytes must be served
    list = [...strikes.slice(100), ...newer];
    const edited = list[200]!;
    list[200] = { ...edited, amperageKa: 99.5 };
    const fresh = new StrikeMapService({ subscribe: () => () => {}, strikes: async () => list });
    expect(await answer(service, NEXT)).toEqual(await answer(fresh, NEXT));
    // every strike but the new and the edited one was copied from the last minute's bytes
    expect((await service.snapshot(NEXT)).layout.reused).toBe(list.length - 51);
    const body = ZClusterStrikesResponse.parse(await answer(service, NEXT));
    const amps = body.features.flatMap((f) =>
      f.properties.cluster ? [] : [[f.properties.Id, f.properties.Amp]],
    );
    expect(amps).toContainEqual([edited.id, 99.5]);
    expect(amps.filter(([id]) => String(id).startsWith('new'))).toHaveLength(50);
    expect(amps).toHaveLength(list.length);
  });
});
