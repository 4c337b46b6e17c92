// The places of the offline base map (city and state label points), the label layers of the styles, and the
// indexes let go once no new tile has needed them for a while.
import { describe, expect, it, vi } from 'vitest';
import { PbfReader } from 'pbf';
import { VectorTile } from '@mapbox/vector-tile';
import { BaseMap, cityPopulationFloor } from './basemap.ts';
import { PLACE_LABEL_LAYER, STATE_LABEL_LAYER, buildStyle } from './styles.ts';

interface Place {
  kind: string;
  name: string;
  population: number;
  longitude: number;
  latitude: number;
}

const baseMap = new BaseMap();

/** The XYZ tile holding a point at zoom z. */
function tileAt(z: number, longitude: number, latitude: number): [number, number, number] {
  const n = 2 ** z;
  const rad = (latitude * Math.PI) / 180;
  const x = Math.floor(((longitude + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return [z, x, y];
}

/** The features of the `places` layer of a tile, with their positions in degrees. */
async function placesOf(z: number, x: number, y: number): Promise<Place[]> {
  const tile = new VectorTile(new PbfReader(new Uint8Array((await baseMap.tile(z, x, y)).body)));
  const layer = tile.layers.places;
  if (!layer) return [];
  return Array.from({ length: layer.length }, (_, i) => {
    const f = layer.feature(i);
    const [longitude, latitude] = (f.toGeoJSON(x, y, z).geometry as { coordinates: number[] }).coordinates;
    return {
      kind: String(f.properties.kind),
      name: String(f.properties.name),
      population: Number(f.properties.population ?? 0),
      longitude: longitude ?? NaN,
      latitude: latitude ?? NaN,
    };
  });
}

const DALLAS = { longitude: -96.8, latitude: 32.78 };

describe('base-map places', () => {
  it('a z6 tile over Texas holds Dallas, and no city under 100,000 people', async () => {
    const places = await placesOf(...tileAt(6, DALLAS.longitude, DALLAS.latitude));
    const cities = places.filter((p) => p.kind === 'city');
    const dallas = cities.find((c) => c.name === 'Dallas');
    expect(dallas?.population).toBeGreaterThan(1_000_000);
    expect(dallas?.longitude).toBeCloseTo(-96.8, 0);
    expect(cities.map((c) => c.name)).toContain('Fort Worth');
    expect(Math.min(...cities.map((c) => c.population))).toBeGreaterThanOrEqual(100_000);
  }, 60_000);

  it('a z8 tile holds towns down to 10,000 people, and none smaller', async () => {
    const cities = (await placesOf(...tileAt(8, DALLAS.longitude, DALLAS.latitude))).filter(
      (p) => p.kind === 'city',
    );
    expect(cities.some((c) => c.population >= 10_000 && c.population < 50_000)).toBe(true);
    expect(Math.min(...cities.map((c) => c.population))).toBeGreaterThanOrEqual(10_000);
  });

  it('keeps the population floors of the brief: 1M from z4, 100k from z6, 10k from z8', () => {
    expect([4, 6, 8].map(cityPopulationFloor)).toEqual([1_000_000, 100_000, 10_000]);
    expect(cityPopulationFloor(3.99)).toBeGreaterThan(1_000_000);
    expect(cityPopulationFloor(7.99)).toBeGreaterThan(10_000);
  });

  it('names a state up to z6, at a point inside the state, and not from z7', async () => {
    const states = (await placesOf(...tileAt(4, DALLAS.longitude, DALLAS.latitude))).filter(
      (p) => p.kind === 'state',
    );
    const texas = states.find((s) => s.name === 'Texas');
    expect(texas?.longitude).toBeGreaterThan(-106.6);
    expect(texas?.longitude).toBeLessThan(-93.5);
    expect(texas?.latitude).toBeGreaterThan(25.8);
    expect(texas?.latitude).toBeLessThan(36.5);
    const deeper = await placesOf(...tileAt(7, -99.5, 31.5));
    expect(deeper.filter((p) => p.kind === 'state')).toEqual([]);
  });

  it("puts a state of several polygons on its mainland (Michigan's lower peninsula)", async () => {
    const states = await placesOf(...tileAt(5, -84.5, 43.5));
    const michigan = states.find((s) => s.kind === 'state' && s.name === 'Michigan');
    expect(michigan?.latitude).toBeGreaterThan(41.7);
    expect(michigan?.latitude).toBeLessThan(45.8);
    expect(michigan?.longitude).toBeGreaterThan(-86.5);
    expect(michigan?.longitude).toBeLessThan(-82.4);
  });

  it('leaves out sections of a city (GeoNames PPLX): Raleigh, not West Raleigh', async () => {
    const names = (await placesOf(...tileAt(6, -78.64, 35.78))).map((p) => p.name);
    expect(names).toContain('Raleigh');
    expect(names).not.toContain('West Raleigh');
  });

  it('a tile of open ocean has no places layer', async () => {
    expect(await placesOf(...tileAt(6, -140, 10))).toEqual([]);
  });
});

describe('base-map label layers', () => {
  const layerOf = (style: Record<string, unknown>, id: string) =>
    (style.layers as { id: string; type: string; layout?: Record<string, unknown> }[]).find(
      (l) => l.id === id,
    );

  it('the offline styles name cities and states with symbol layers and set no glyphs URL', () => {
    for (const name of ['dark', 'light', 'satellite'] as const) {
      const style = buildStyle(name, { origin: 'http://maps.allclear.test' });
      // No glyphs URL: MapLibre draws the glyphs locally (see styles.ts).
      expect(style.glyphs).toBeUndefined();
      expect((style.metadata as Record<string, unknown>)['allclear:labels']).toBe(true);
      for (const id of [PLACE_LABEL_LAYER, STATE_LABEL_LAYER]) {
        const layer = layerOf(style, id);
        expect(layer?.type).toBe('symbol');
        expect(layer?.layout?.['text-field']).toEqual(['get', 'name']);
      }
    }
  });

  it('labels stay above the imagery of both satellite styles', () => {
    for (const satelliteTilesUrl of [undefined, 'https://imagery.example.com/{z}/{x}/{y}.jpg']) {
      const style = buildStyle('satellite', { origin: 'http://maps.allclear.test', satelliteTilesUrl });
      const ids = (style.layers as { id: string }[]).map((l) => l.id);
      expect(ids.indexOf(PLACE_LABEL_LAYER)).toBeGreaterThan(ids.indexOf('satellite'));
      expect(ids.indexOf(STATE_LABEL_LAYER)).toBeGreaterThan(ids.indexOf('satellite'));
    }
  });
});

describe('the base map lets its indexes go when idle', () => {
  it('drops them once no new tile needed them for the idle time, keeps the tiles, and builds them again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const map = new BaseMap(60_000);
      const first = await map.tile(4, 3, 6);
      expect(map.holdsIndexes).toBe(true);
      vi.advanceTimersByTime(59_999);
      expect(map.holdsIndexes).toBe(true);
      // a new tile restarts the idle time
      await map.tile(4, 4, 6);
      vi.advanceTimersByTime(59_999);
      expect(map.holdsIndexes).toBe(true);
      vi.advanceTimersByTime(1);
      expect(map.holdsIndexes).toBe(false);
      // a kept tile is served without them
      expect(await map.tile(4, 3, 6)).toBe(first);
      expect(map.holdsIndexes).toBe(false);
      // a new one builds them again, and is the tile they always made
      const again = await new BaseMap(60_000).tile(5, 7, 12);
      expect((await map.tile(5, 7, 12)).etag).toBe(again.etag);
      expect(map.holdsIndexes).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
