import { readFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { WeatherLogger } from '../types.ts';
import {
  createNhcTropicalSource,
  kmlFromKmz,
  parseNhcConeKmz,
  parseNhcCurrentStorms,
  parseNhcTrackKmz,
  parseNhcValidTime,
  tropicalCategoryForKt,
} from './nhc-tropical.ts';
import { type FetchLike, MalformedResponseError, SourceUnavailableError } from './resilient-fetch.ts';

const path = (name: string) => new URL(`../../fixtures/nhc/${name}`, import.meta.url);
const STORMS = readFileSync(path('CurrentStorms.json'), 'utf8');
const CONE_KMZ = new Uint8Array(readFileSync(path('al112026_014adv_CONE.kmz')));
const TRACK_KMZ = new Uint8Array(readFileSync(path('al112026_014adv_TRACK.kmz')));
const GIS = 'https://www.nhc.noaa.gov/storm_graphics/api';
const KT = 0.514444;
const kmzOf = (kml: string) => zipSync({ 'doc.kml': strToU8(kml) });

describe('NHC parsing', () => {
  it('puts sustained winds in knots on the Saffir-Simpson scale at its boundaries', () => {
    expect([33, 34, 63, 64, 82, 83, 95, 96, 112, 113, 136, 137].map(tropicalCategoryForKt)).toEqual([
      'TD',
      'TS',
      'TS',
      'H1',
      'H1',
      'H2',
      'H2',
      'H3',
      'H3',
      'H4',
      'H4',
      'H5',
    ]);
  });

  it('reads CurrentStorms.json with its numbers-as-strings and GIS links', () => {
    const storms = parseNhcCurrentStorms(JSON.parse(STORMS));
    expect(storms).toHaveLength(2);
    expect(storms[0]).toMatchObject({
      id: 'al112026',
      name: 'Kirkland',
      classification: 'HU',
      intensityKt: 100,
      pressureMb: 948,
      movementDirDeg: 315,
      movementSpeedMph: 12,
      latitude: 25,
      longitude: -85,
      lastUpdate: new Date('2026-09-10T15:00:00Z'),
      coneKmzUrl: `${GIS}/AL112026_014adv_CONE.kmz`,
      trackKmzUrl: `${GIS}/AL112026_014adv_TRACK.kmz`,
    });
    expect(parseNhcCurrentStorms({ activeStorms: [] })).toEqual([]);
    expect(() => parseNhcCurrentStorms({ storms: [] })).toThrow(MalformedResponseError);
    const noPressure = JSON.parse(STORMS);
    noPressure.activeStorms[1].pressure = '';
    expect(() => parseNhcCurrentStorms(noPressure)).toThrow(/ep152026 pressure/);
  });

  it('reads the balloon time stamp in the local zone it names', () => {
    expect(parseNhcValidTime('Valid at: 11:00 AM EDT September 10, 2026')).toEqual(
      new Date('2026-09-10T15:00:00Z'),
    );
    expect(parseNhcValidTime('Valid at: 12:00 AM CST January 2, 2026')).toEqual(
      new Date('2026-01-02T06:00:00Z'),
    );
    expect(parseNhcValidTime('Valid at: 11:00 AM XYZ September 10, 2026')).toBeNull();
  });

  it('unzips the cone KMZ into a closed polygon around the track', () => {
    const cone = parseNhcConeKmz(CONE_KMZ);
    expect(cone.type).toBe('Polygon');
    const ring = cone.coordinates[0]!;
    expect(ring.length).toBe(17);
    expect(ring[0]).toEqual(ring.at(-1));
    // The storm's present position lies inside the cone's extent.
    const lons = ring.map(([lon]) => lon);
    const lats = ring.map(([, lat]) => lat);
    expect(Math.min(...lons)).toBeLessThan(-85);
    expect(Math.max(...lons)).toBeGreaterThan(-85);
    expect(Math.min(...lats)).toBeLessThan(25);
  });

  it('unzips the track KMZ into timed points with sustained wind, gust and category', () => {
    const track = parseNhcTrackKmz(TRACK_KMZ);
    expect(track).toHaveLength(8);
    expect(track[0]).toMatchObject({
      time: new Date('2026-09-10T15:00:00Z'),
      latitude: 25,
      longitude: -85,
      category: 'H3',
    });
    expect(track[0]!.maxSustainedMs).toBeCloseTo(100 * KT, 6);
    expect(track[0]!.gustMs).toBeCloseTo(120 * KT, 6);
    expect(track[3]).toMatchObject({ category: 'H4', time: new Date('2026-09-12T03:00:00Z') });
    expect(track.at(-1)).toMatchObject({ category: 'TD', time: new Date('2026-09-15T15:00:00Z') });
  });

  it('takes time and winds from a TimeStamp and ExtendedData when a track gives them that way', () => {
    const track = parseNhcTrackKmz(
      kmzOf(`<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark>
        <TimeStamp><when>2026-09-11T00:00:00Z</when></TimeStamp>
        <ExtendedData><Data name="MAXWIND"><value>85</value></Data><Data name="GUST"><value>105</value></Data></ExtendedData>
        <Point><coordinates>-86.0,26.0,0</coordinates></Point></Placemark></Document></kml>`),
    );
    expect(track).toEqual([
      {
        time: new Date('2026-09-11T00:00:00Z'),
        latitude: 26,
        longitude: -86,
        maxSustainedMs: 85 * KT,
        gustMs: 105 * KT,
        category: 'H2',
      },
    ]);
  });

  it('refuses a malformed zip, a KMZ without KML, malformed KML and KML without the product', () => {
    expect(() => kmlFromKmz(TRACK_KMZ.slice(0, 200))).toThrow(MalformedResponseError);
    expect(() => kmlFromKmz(strToU8('<kml/>'))).toThrow(/not a KMZ/);
    expect(() => kmlFromKmz(zipSync({ 'readme.txt': strToU8('hi') }))).toThrow(/no KML/);
    expect(() => parseNhcConeKmz(kmzOf('<kml><Document><Placemark>'))).toThrow(/bad KML/);
    expect(() => parseNhcConeKmz(kmzOf('<kml><Document/></kml>'))).toThrow(/no polygon/);
    expect(() => parseNhcTrackKmz(kmzOf('<kml><Document/></kml>'))).toThrow(/no points/);
    expect(() =>
      parseNhcTrackKmz(
        kmzOf('<kml><Placemark><Point><coordinates>-85,25</coordinates></Point></Placemark></kml>'),
      ),
    ).toThrow(/without time or wind/);
  });
});

describe('the NHC tropical source', () => {
  const at = new Date('2026-09-10T16:00:00Z');
  const later = new Date('2026-09-10T16:30:00Z');
  type Answer = (init: Parameters<FetchLike>[1]) => ReturnType<FetchLike>;
  const json =
    (body: unknown): Answer =>
    async () => ({ ok: true, status: 200, json: async () => body });
  const bytes =
    (body: Uint8Array): Answer =>
    async () => ({
      ok: true,
      status: 200,
      json: async () => {
        throw new Error('binary');
      },
      arrayBuffer: async () => body.slice().buffer,
    });
  const hang: Answer = (init) =>
    new Promise((_resolve, reject) =>
      init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason)),
    );

  function fake(routes: () => Record<string, Answer>) {
    const fetch: FetchLike = (url, init) => {
      const answer = routes()[url];
      return answer ? answer(init) : Promise.resolve({ ok: false, status: 404, json: async () => ({}) });
    };
    return fetch;
  }

  it('maps each active storm to a tropical system with cone and track; one never read stays listed, stale', async () => {
    const fetch = fake(() => ({
      'https://www.nhc.noaa.gov/CurrentStorms.json': json(JSON.parse(STORMS)),
      [`${GIS}/AL112026_014adv_CONE.kmz`]: bytes(CONE_KMZ),
      [`${GIS}/AL112026_014adv_TRACK.kmz`]: bytes(TRACK_KMZ),
    }));
    const systems = await createNhcTropicalSource({ fetch }).active(at);
    expect(systems).toHaveLength(2);
    const [kirkland, odalys] = systems;
    expect(kirkland).toMatchObject({
      id: 'al112026',
      name: 'Kirkland',
      category: 'H3',
      pressureHpa: 948,
      latitude: 25,
      longitude: -85,
      source: 'nhc',
      issuedAt: new Date('2026-09-10T15:00:00Z'),
      stale: false,
    });
    expect(kirkland!.movement.headingDeg).toBe(315);
    expect(kirkland!.movement.speedMs).toBeCloseTo(12 * 0.44704, 6);
    expect(kirkland!.cone.coordinates[0]).toHaveLength(17);
    expect(kirkland!.track).toHaveLength(8);
    // Odalys's GIS files 404: it is still reported, as a tropical storm, with nothing invented.
    expect(odalys).toMatchObject({ name: 'Odalys', category: 'TS', track: [], stale: true });
    expect(odalys!.cone.coordinates).toEqual([]);
  });

  it('keeps the last good cone and track, stale, through a malformed zip, malformed KML and a timeout, logging once', async () => {
    let round = 0;
    const kmzByRound = [CONE_KMZ, CONE_KMZ.slice(0, 100), kmzOf('<kml><Document><Placemark>')];
    const fetch = fake(() => ({
      'https://www.nhc.noaa.gov/CurrentStorms.json': json({
        activeStorms: [JSON.parse(STORMS).activeStorms[0]],
      }),
      [`${GIS}/AL112026_014adv_CONE.kmz`]: round < 3 ? bytes(kmzByRound[round]!) : hang,
      [`${GIS}/AL112026_014adv_TRACK.kmz`]: bytes(TRACK_KMZ),
    }));
    const lines: string[] = [];
    const logger: WeatherLogger = { warn: (_d, m) => lines.push(m), info: (_d, m) => lines.push(m) };
    const source = createNhcTropicalSource({ fetch, logger, timeoutMs: 20 });
    const first = await source.active(at);
    expect(first[0]!.stale).toBe(false);
    for (round = 1; round <= 3; round++) {
      const [kirkland] = await source.active(later);
      expect(kirkland!.stale).toBe(true);
      expect(kirkland!.cone).toEqual(first[0]!.cone);
      expect(kirkland!.track).toEqual(first[0]!.track);
    }
    expect(lines).toEqual(['nhc al112026 cone failed; serving last good value as stale']);
  });

  it('fails with SourceUnavailableError when the storm list never answered', async () => {
    const fetch = fake(() => ({ 'https://www.nhc.noaa.gov/CurrentStorms.json': json({ nope: true }) }));
    await expect(createNhcTropicalSource({ fetch }).active(at)).rejects.toBeInstanceOf(
      SourceUnavailableError,
    );
  });
});
