// The station historical page's reads and the simple exports, on the real app and database (issue 17; spec 03
// §2.4, §5, §6, §7, §8, §9): the ranges from the rollups, every limit and message of the custom range, the
// evapotranspiration range and the exports (Daily 180, Hourly 31, ConditionSnaps 7 days; 'Invalid report interval.
// You must select Daily or Hourly.'), CSV streamed with the right rows and named after the station, another
// customer's station 404, a mesonet caller and an anonymous visitor where §6 allows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZEvapotranspiration, ZHistoricalStation, ZStationHistory } from '@allclear/contracts';
import { EVAPOTRANSPIRATION_RANGE_TOO_LONG, HISTORICAL_RANGE_TOO_LONG } from '@allclear/domain';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { buildCustomer, buildHardware, buildUser, buildWeatherStation } from '../../../db/factories.ts';
import { ReadingsRepository } from '../../../engine/observations/readings.repository.ts';
import { maintainReadings } from '../../../engine/observations/readings-maintenance.ts';
import { simulatedStationHistory } from '../../../engine/observations/station-history-backfill.ts';
import { INVALID_INTERVAL_MESSAGE, exportLimitMessage } from './history.service.ts';

let t: TestApp;
let stationId: number;
let trialStationId: number;
const NOW = '2026-07-15T17:07:00Z';
const auth = async (userId: string) => ({ authorization: `Bearer ${await t.tokenFor(userId)}` });

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  const unit = await buildHardware(t.db.db, {
    customerId: t.a.customer.id,
    name: 'Stadium North OWX',
    modelId: 'OWX',
    webRelayType: 3,
    features: ['Weather', 'Evapotranspiration'],
    latitude: 32.7473,
    longitude: -97.0945,
  });
  const station = await buildWeatherStation(t.db.db, {
    customerId: t.a.customer.id,
    hardwareId: unit.id,
    name: 'Stadium North, "Gate 3"',
  });
  stationId = station.id;
  // two years of rollups as the demo has them, then the last 6 hours of live readings every 10 minutes
  const readings = new ReadingsRepository(t.db.db);
  await readings.insertRollups(
    simulatedStationHistory(
      1,
      { id: stationId, latitude: 32.7473, longitude: -97.0945, timeZone: 'America/Chicago' },
      new Date(NOW),
    ),
  );
  await maintainReadings(t.db.db, new Date(NOW));
  const end = Date.parse(NOW);
  for (let m = 6 * 60; m >= 0; m -= 10) {
    const at = new Date(end - m * 60_000);
    await readings.record(
      { id: stationId, latitude: unit.latitude },
      {
        stationId,
        observedAt: at,
        temperatureC: 31 + m / 100,
        relativeHumidityPct: 40,
        windSpeedMs: 4,
        windGustMs: 7,
        windDirectionDeg: 200,
        rainMm: 0,
        rainTodayMm: 1.2,
        feelsLikeC: 32,
        wbgtC: 28,
        source: 'mqtt',
      },
      false,
    );
  }
  const trial = await buildCustomer(t.db.db, { name: 'Trial County', status: 'TRIAL' });
  trialStationId = (await buildWeatherStation(t.db.db, { customerId: trial.id, name: 'Trial Station' })).id;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

describe('GET Historical/Station/{id} (spec 03 §2.4, §3 Station weather)', () => {
  it('gives the station, its features, current conditions in °F and mph, and the caller’s export', async () => {
    const res = await get(`/api/Historical/Station/${stationId}`, await auth(t.a.admin.id));
    expect(res.statusCode, res.body).toBe(200);
    const s = ZHistoricalStation.parse(res.json().data);
    expect(s.name).toBe('Stadium North, "Gate 3"');
    expect(s.features.map((x) => x.displayName)).toContain('Evapotranspiration');
    expect(s.weather!.lastUpdated).toBe(new Date(NOW).toISOString());
    expect(s.weather!.ambientTemperature).toBeCloseTo(87.8, 1);
    expect(s.weather!.windSpeed).toBeCloseTo(8.9, 1);
    expect(s.weather!.windDirection).toBe('S');
    expect(s.signedIn).toBe(true);
    expect(s.canGenerateReport).toBe(false);
  });

  it('offers the report builder to a caller with the historical-report permission', async () => {
    const user = await buildUser(t.db.db, {
      customerId: t.a.customer.id,
      role: 'Customer',
      permissions: ['historical_report.access'],
      password: 'Test-password-1',
    });
    const res = await get(`/api/Historical/Station/${stationId}`, await auth(user.id));
    expect(ZHistoricalStation.parse(res.json().data).canGenerateReport).toBe(true);
  });

  it("is 404 to another customer's user, and to them on every read and export of the page", async () => {
    const headers = await auth(t.b.admin.id);
    for (const url of [
      `/api/Historical/Station/${stationId}`,
      `/api/Observations/Historical/Day/${stationId}`,
      `/api/Observations/Historical/Week/${stationId}`,
      `/api/Observations/Historical/Month/${stationId}`,
      `/api/Observations/Historical/Custom/${stationId}?startDate=2026-07-01T00:00:00Z&endDate=2026-07-10T00:00:00Z`,
      `/api/Observations/Evapotranspiration/${stationId}?days=7`,
      `/api/Observations/ConditionSnapshots/${stationId}?startDate=2026-07-14&endDate=2026-07-15`,
      `/api/Observations/Historical/Export/Daily/${stationId}?startDate=2026-07-01&endDate=2026-07-10`,
      `/api/Observations/Historical/Export/ConditionSnapshots/${stationId}?startDate=2026-07-14&endDate=2026-07-15`,
    ]) {
      expect((await get(url, headers)).statusCode, url).toBe(404);
    }
  });

  it('is open to a caller with the mesonet permission, whatever their customer (spec 03 §6)', async () => {
    const mesonet = await buildUser(t.db.db, {
      customerId: t.b.customer.id,
      permissions: ['mesonet.access'],
      password: 'Test-password-1',
    });
    expect((await get(`/api/Historical/Station/${stationId}`, await auth(mesonet.id))).statusCode).toBe(200);
  });

  it("is open to an anonymous visitor only for a TRIAL customer's station ('Powered by' view)", async () => {
    expect((await get(`/api/Historical/Station/${stationId}`)).statusCode).toBe(404);
    const res = await get(`/api/Historical/Station/${trialStationId}`);
    expect(res.statusCode, res.body).toBe(200);
    const s = ZHistoricalStation.parse(res.json().data);
    expect(s.signedIn).toBe(false);
    expect(s.canGenerateReport).toBe(false);
    expect((await get(`/api/Observations/Historical/Week/${trialStationId}`)).statusCode).toBe(200);
  });

  it('answers 401 to a bad token rather than reading it as anonymous', async () => {
    const res = await get(`/api/Historical/Station/${trialStationId}`, { authorization: 'Bearer nonsense' });
    expect(res.statusCode).toBe(401);
  });
});

describe('Observations/Historical ranges (spec 03 §2.4, §5)', () => {
  it('Day: the last 24 hours hourly; Week and Month: 7 and 30 local days, with min/avg/max and rain', async () => {
    const headers = await auth(t.a.customerUser.id);
    const day = ZStationHistory.parse(
      (await get(`/api/Observations/Historical/Day/${stationId}`, headers)).json().data,
    );
    expect(day.interval).toBe('Hourly');
    expect(day.rows.length).toBeGreaterThanOrEqual(24);
    expect(day.rows.length).toBeLessThanOrEqual(25);
    const week = ZStationHistory.parse(
      (await get(`/api/Observations/Historical/Week/${stationId}`, headers)).json().data,
    );
    expect(week).toMatchObject({ interval: 'Daily', timeZone: 'America/Chicago' });
    expect(week.rows.map((r) => r.date)).toEqual([
      '2026-07-09',
      '2026-07-10',
      '2026-07-11',
      '2026-07-12',
      '2026-07-13',
      '2026-07-14',
      '2026-07-15',
    ]);
    for (const r of week.rows) {
      expect(r.minAmbientTemperature!).toBeLessThanOrEqual(r.avgAmbientTemperature!);
      expect(r.avgAmbientTemperature!).toBeLessThanOrEqual(r.maxAmbientTemperature!);
      expect(r.maxWindGust!).toBeGreaterThanOrEqual(r.maxWindSpeed!);
      expect(r.rainTotal).not.toBeNull();
    }
    const month = ZStationHistory.parse(
      (await get(`/api/Observations/Historical/Month/${stationId}`, headers)).json().data,
    );
    expect(month.rows).toHaveLength(30);
  });

  it('Custom: hourly up to 3 days, daily beyond; 90 days at most, with the spec’s message; end before now', async () => {
    const headers = await auth(t.a.customerUser.id);
    const url = (s: string, e: string) =>
      `/api/Observations/Historical/Custom/${stationId}?startDate=${s}&endDate=${e}`;
    const short = ZStationHistory.parse(
      (await get(url('2026-07-12T00:00:00Z', '2026-07-14T00:00:00Z'), headers)).json().data,
    );
    expect(short.interval).toBe('Hourly');
    expect(short.rows).toHaveLength(48);
    const ninety = await get(url('2026-04-15T00:00:00Z', '2026-07-14T00:00:00Z'), headers);
    expect(ninety.statusCode, ninety.body).toBe(200);
    expect(ZStationHistory.parse(ninety.json().data).interval).toBe('Daily');
    const over = await get(url('2026-04-14T23:00:00Z', '2026-07-14T00:00:00Z'), headers);
    expect(over.statusCode).toBe(400);
    expect(over.json().responseException.message).toBe(HISTORICAL_RANGE_TOO_LONG);
    expect(HISTORICAL_RANGE_TOO_LONG).toBe(
      'Custom Range must be at most 90 days. Try exporting data if longer date range is needed.',
    );
    expect((await get(url('2026-07-10T00:00:00Z', '2026-07-16T00:00:00Z'), headers)).statusCode).toBe(400);
    expect((await get(url('2026-07-10T00:00:00Z', '2026-07-09T00:00:00Z'), headers)).statusCode).toBe(400);
  });
});

describe('Observations/Evapotranspiration (spec 03 §2.4, §5, §9)', () => {
  it('3 and 7 days of daily ET in inches to 3 decimals, with the 24 h, 3-day and 7-day totals', async () => {
    const headers = await auth(t.a.customerUser.id);
    const seven = ZEvapotranspiration.parse(
      (await get(`/api/Observations/Evapotranspiration/${stationId}?days=7`, headers)).json().data,
    );
    expect(seven.rows).toHaveLength(7);
    for (const r of seven.rows) expect(Math.round(r.value * 1000) / 1000).toBe(r.value);
    expect(seven.totals.last7Days!).toBeGreaterThan(seven.totals.last3Days!);
    expect(seven.totals.last3Days!).toBeGreaterThan(seven.totals.last24Hours!);
    const three = ZEvapotranspiration.parse(
      (await get(`/api/Observations/Evapotranspiration/${stationId}?days=3`, headers)).json().data,
    );
    expect(three.rows.map((r) => r.date)).toEqual(['2026-07-13', '2026-07-14', '2026-07-15']);
  });

  it('a custom range of 14 days is read; 15 days answers the spec’s message', async () => {
    const headers = await auth(t.a.customerUser.id);
    const url = (s: string, e: string) =>
      `/api/Observations/Evapotranspiration/${stationId}?startDate=${s}&endDate=${e}`;
    const ok = await get(url('2026-07-01', '2026-07-14'), headers);
    expect(ZEvapotranspiration.parse(ok.json().data).rows).toHaveLength(14);
    const over = await get(url('2026-06-30', '2026-07-14'), headers);
    expect(over.statusCode).toBe(400);
    expect(over.json().responseException.message).toBe(EVAPOTRANSPIRATION_RANGE_TOO_LONG);
    expect(EVAPOTRANSPIRATION_RANGE_TOO_LONG).toBe('Custom Range must be 14 days or less.');
  });
});

describe('simple exports (spec 03 §7 Historical export, §8, §9)', () => {
  const exportUrl = (kind: string, s: string, e: string) =>
    `/api/Observations/Historical/Export/${kind}/${stationId}?startDate=${s}&endDate=${e}`;

  it('Daily: a CSV named after the station, one row per local day with data, 180 days at most', async () => {
    const headers = await auth(t.a.customerUser.id);
    const res = await get(exportUrl('Daily', '2026-01-17', '2026-07-15'), headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(String(res.headers['content-disposition'])).toContain(
      "filename*=UTF-8''Stadium%20North%2C%20Gate%203%20Daily%202026-01-17%20to%202026-07-15.csv",
    );
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Date,Station,Min Temperature (°F),Avg Temperature (°F),Max Temperature (°F),Max Wind Speed (mph),Max Wind Gust (mph),Rain Total (in)',
    );
    expect(lines).toHaveLength(1 + 180);
    expect(lines[1]).toMatch(/^2026-01-17,"Stadium North, ""Gate 3""",/);
    expect(lines.at(-1)).toMatch(/^2026-07-15,/);
    const over = await get(exportUrl('Daily', '2026-01-16', '2026-07-15'), headers);
    expect(over.statusCode).toBe(400);
    expect(over.json().responseException.message).toBe(exportLimitMessage('Daily'));
  });

  it('Hourly: one row per hour, 31 days at most', async () => {
    const headers = await auth(t.a.customerUser.id);
    const res = await get(exportUrl('Hourly', '2026-07-14', '2026-07-15'), headers);
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^Date \(America\/Chicago\),Date \(UTC\),Station,/);
    // July 14 from local midnight to now (12:07 CDT): 24 + 13 hours
    expect(lines).toHaveLength(1 + 24 + 13);
    expect(lines[1]).toMatch(/^2026-07-14 00:00,2026-07-14T05:00:00.000Z,/);
    expect((await get(exportUrl('Hourly', '2026-06-15', '2026-07-15'), headers)).statusCode).toBe(200);
    const over = await get(exportUrl('Hourly', '2026-06-14', '2026-07-15'), headers);
    expect(over.statusCode).toBe(400);
    expect(over.json().responseException.message).toBe(exportLimitMessage('Hourly'));
  });

  it('ConditionSnapshots: the hour’s last reading each hour, 7 days at most', async () => {
    const headers = await auth(t.a.customerUser.id);
    const res = await get(exportUrl('ConditionSnapshots', '2026-07-15', '2026-07-15'), headers);
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^Time \(UTC\),Station,Temperature \(°F\)/);
    // live readings from 11:07Z to 17:07Z: the hours 11..17 UTC
    expect(lines).toHaveLength(1 + 7);
    expect((await get(exportUrl('ConditionSnapshots', '2026-07-09', '2026-07-15'), headers)).statusCode).toBe(
      200,
    );
    const over = await get(exportUrl('ConditionSnapshots', '2026-07-08', '2026-07-15'), headers);
    expect(over.statusCode).toBe(400);
    expect(over.json().responseException.message).toBe(exportLimitMessage('ConditionSnaps'));
  });

  it("any interval but Daily or Hourly answers 'Invalid report interval. You must select Daily or Hourly.'", async () => {
    const headers = await auth(t.a.customerUser.id);
    for (const kind of ['Weekly', 'daily', '15']) {
      const res = await get(exportUrl(kind, '2026-07-01', '2026-07-02'), headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().responseException.message).toBe(INVALID_INTERVAL_MESSAGE);
    }
    expect(INVALID_INTERVAL_MESSAGE).toBe('Invalid report interval. You must select Daily or Hourly.');
  });
});
