import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { WeatherLogger } from '../types.ts';
import {
  alertAppliesToPoint,
  alertInForce,
  classifyNwsEvent,
  createNwsAlertSource,
  parseNwsAlerts,
} from './nws-alerts.ts';
import { type FetchLike, SourceUnavailableError } from './resilient-fetch.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/nws/${name}`, import.meta.url), 'utf8');
const PHOENIX = fixture('excessive_heat_warning_and_air_quality_alert_phoenix_2024-07-18.json');
const PORTLAND = fixture('flood_watch_portland_2019-12-20.json');
const IOWA_TEMPLATED = fixture('TEMPLATED_DATES_severe_thunderstorm_tornado_warnings_iowa_2024-05-21.json');

/** The Iowa recording's time stamps are 'date:now ±N seconds'; put real times relative to `now`. */
function iowaAt(now: Date): unknown {
  return JSON.parse(
    IOWA_TEMPLATED.replace(/"date:now ([+-]\d+) seconds"/g, (_m, s: string) =>
      JSON.stringify(new Date(now.getTime() + Number(s) * 1000).toISOString()),
    ),
  );
}

describe('parseNwsAlerts', () => {
  it('reads the Phoenix Excessive Heat Warning and Air Quality Alert', () => {
    const { alerts, rejected } = parseNwsAlerts(JSON.parse(PHOENIX));
    expect(rejected).toEqual([]);
    expect(alerts.map((a) => [a.event, a.kind, a.severity])).toEqual([
      ['Excessive Heat Warning', 'heat', 'Severe'],
      ['Air Quality Alert', 'air-quality', expect.any(String)],
    ]);
    const heat = alerts[0]!;
    expect(heat.polygon).toBeNull();
    expect(heat.zones).toContain('AZZ543');
    expect(heat.issuedAt).toEqual(new Date('2024-07-18T19:47:00Z'));
    expect(heat.onset).toEqual(new Date('2024-07-19T17:00:00Z'));
    expect(heat.ends).toEqual(new Date('2024-07-21T03:00:00Z'));
    expect(heat.headline).toMatch(/^Excessive Heat Warning issued July 18/);
    expect(heat.areaDesc).toMatch(/Central Phoenix/);
    expect(alerts[1]!.instruction).toBeNull();
    expect(alerts[1]!.ends).toBeNull();
  });

  it('reads the older id format with a null geometry', () => {
    const { alerts } = parseNwsAlerts(JSON.parse(PORTLAND));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      id: 'NWS-IDP-PROD-3965873-3369046',
      event: 'Flood Watch',
      kind: 'flood',
      polygon: null,
    });
  });

  it('refuses the templated time stamps of the Iowa recording, and reads all 48 once real times are put in', () => {
    const raw = parseNwsAlerts(JSON.parse(IOWA_TEMPLATED));
    expect(raw.alerts).toEqual([]);
    expect(raw.rejected).toHaveLength(48);
    const now = new Date('2024-05-21T19:34:12Z');
    const { alerts } = parseNwsAlerts(iowaAt(now));
    expect(alerts).toHaveLength(48);
    expect(alerts.filter((a) => a.polygon)).toHaveLength(34);
    expect(alerts.filter((a) => a.kind === 'severe-thunderstorm')).toHaveLength(6);
    // One Tornado Warning and seven Tornado Watches.
    expect(alerts.filter((a) => a.kind === 'tornado')).toHaveLength(8);
  });

  it('throws on a document that is not a FeatureCollection', () => {
    expect(() => parseNwsAlerts({ type: 'Feature' })).toThrow(/not a FeatureCollection/);
  });

  it('treats both the Excessive Heat and the Extreme Heat names as heat', () => {
    expect(classifyNwsEvent('Excessive Heat Warning')).toBe('heat');
    expect(classifyNwsEvent('Extreme Heat Warning')).toBe('heat');
    expect(classifyNwsEvent('Extreme Heat Watch')).toBe('heat');
    expect(classifyNwsEvent('Heat Advisory')).toBe('heat');
    expect(classifyNwsEvent('Extreme Cold Warning')).toBe('winter');
    expect(classifyNwsEvent('Special Weather Statement')).toBe('other');
  });
});

describe('matching alerts to a point', () => {
  const now = new Date('2024-05-21T19:34:12Z');
  const { alerts } = parseNwsAlerts(iowaAt(now));
  const svr = alerts.find((a) => a.kind === 'severe-thunderstorm' && a.zones.includes('IAC027'))!;

  it('uses polygon containment first: inside matches, just outside does not even in a listed county', () => {
    // The warning polygon's vertex (-94.64, 42) lies on its edge; a point nudged inside and outside.
    expect(alertAppliesToPoint(svr, { latitude: 42.05, longitude: -94.75 }, [])).toBe(true);
    expect(alertAppliesToPoint(svr, { latitude: 41.99, longitude: -94.64 }, ['IAC027'])).toBe(false);
  });

  it('uses zones when the alert has no polygon', () => {
    const watch = alerts.find((a) => !a.polygon && a.event === 'Tornado Watch')!;
    expect(alertAppliesToPoint(watch, { latitude: 0, longitude: 0 }, [watch.zones[0]!])).toBe(true);
    expect(alertAppliesToPoint(watch, { latitude: 0, longitude: 0 }, ['IAZ999'])).toBe(false);
  });

  it('an alert is in force from issue until its end, not at the end', () => {
    const end = (svr.ends ?? svr.expires).getTime();
    expect(alertInForce(svr, svr.issuedAt)).toBe(true);
    expect(alertInForce(svr, new Date(end - 1))).toBe(true);
    expect(alertInForce(svr, new Date(end))).toBe(false);
    expect(alertInForce(svr, new Date(svr.issuedAt.getTime() - 1))).toBe(false);
  });
});

describe('the NWS alert source', () => {
  const phoenix = { latitude: 33.45, longitude: -112.07 };
  const pointsDoc = {
    properties: {
      forecastZone: 'https://api.weather.gov/zones/forecast/AZZ543',
      county: 'https://api.weather.gov/zones/county/AZC013',
    },
  };
  const at = new Date('2024-07-19T20:00:00Z');

  it('fetches alerts for a point, matches by zone, and keeps the last answer stale when the next times out', async () => {
    const urls: string[] = [];
    let alertsCalls = 0;
    const fetch: FetchLike = async (url, init) => {
      urls.push(url);
      if (url.includes('/points/')) return { ok: true, status: 200, json: async () => pointsDoc };
      alertsCalls++;
      if (alertsCalls === 1) return { ok: true, status: 200, json: async () => JSON.parse(PHOENIX) };
      return new Promise((_resolve, reject) =>
        init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason)),
      );
    };
    const warnings: string[] = [];
    const logger: WeatherLogger = { warn: (_d, m) => warnings.push(m), info: () => {} };
    const source = createNwsAlertSource({ fetch, logger, timeoutMs: 20, baseUrl: 'https://nws.test' });
    const first = await source.alertsForPoint(phoenix, at);
    expect(first.map((a) => a.event)).toEqual(['Excessive Heat Warning', 'Air Quality Alert']);
    expect(first.every((a) => !a.stale)).toBe(true);
    expect(urls[0]).toBe('https://nws.test/alerts/active?point=33.45,-112.07');
    const second = await source.alertsForPoint(phoenix, at);
    expect(second.map((a) => [a.event, a.stale])).toEqual([
      ['Excessive Heat Warning', true],
      ['Air Quality Alert', true],
    ]);
    const third = await source.alertsForPoint(phoenix, at);
    expect(third).toHaveLength(2);
    expect(warnings).toHaveLength(1);
  });

  it('keeps the last answer stale through a 200 that is not JSON or not a FeatureCollection, logging the outage once', async () => {
    // What api.weather.gov sends when it fails behind a 200: an HTML error page, or a problem document.
    const answers: (() => Promise<unknown>)[] = [
      async () => JSON.parse(PHOENIX),
      async () => JSON.parse('<html><body>Service Unavailable</body></html>'),
      async () => ({
        type: 'https://api.weather.gov/problems/UnexpectedProblem',
        title: 'Unexpected Problem',
        status: 500,
      }),
    ];
    let alertsCalls = 0;
    const fetch: FetchLike = async (url) =>
      url.includes('/points/')
        ? { ok: true, status: 200, json: async () => pointsDoc }
        : { ok: true, status: 200, json: answers[alertsCalls++]! };
    const warnings: string[] = [];
    const logger: WeatherLogger = { warn: (_d, m) => warnings.push(m), info: () => {} };
    const source = createNwsAlertSource({ fetch, logger });
    await source.alertsForPoint(phoenix, at);
    const afterHtml = await source.alertsForPoint(phoenix, at);
    const afterProblem = await source.alertsForPoint(phoenix, at);
    for (const kept of [afterHtml, afterProblem])
      expect(kept.map((a) => [a.event, a.stale])).toEqual([
        ['Excessive Heat Warning', true],
        ['Air Quality Alert', true],
      ]);
    expect(warnings).toEqual(['nws alerts failed; serving last good value as stale']);
  });

  it('fails with SourceUnavailableError when the first answer is malformed', async () => {
    const fetch: FetchLike = async () => ({ ok: true, status: 200, json: async () => ({ type: 'Feature' }) });
    await expect(createNwsAlertSource({ fetch }).alertsForPoint(phoenix, at)).rejects.toBeInstanceOf(
      SourceUnavailableError,
    );
  });

  it('a point outside the alert zones gets none of them', async () => {
    const fetch: FetchLike = async (url) =>
      url.includes('/points/')
        ? {
            ok: true,
            status: 200,
            json: async () => ({
              properties: { forecastZone: 'https://api.weather.gov/zones/forecast/AZZ501' },
            }),
          }
        : { ok: true, status: 200, json: async () => JSON.parse(PHOENIX) };
    const source = createNwsAlertSource({ fetch });
    expect(await source.alertsForPoint({ latitude: 35.2, longitude: -111.6 }, at)).toEqual([]);
  });
});
