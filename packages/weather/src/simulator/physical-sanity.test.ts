import { describe, expect, it } from 'vitest';
import { type CellSpec, LIGHTNING_MIN_DBZ, cellMaxDbz, flashRatePerMinute, lifeEnvelope } from './cells.ts';
import { diurnalShape } from './climate.ts';
import { rainRateMmPerHourFromDbz, solarHour } from './physics.ts';
import { createSimulator } from './simulator.ts';

const DALLAS = { latitude: 32.78, longitude: -96.8 };

describe('the diurnal cycle at a station', () => {
  // A whole July day of 5-minute observations at a station, in local solar time.
  const start = new Date('2026-07-10T06:00:00Z');
  const sim = createSimulator({ seed: 21, startTime: start, focusPoints: [DALLAS] });
  const day = Array.from({ length: 24 * 12 }, (_, i) => {
    const t = start.getTime() + i * 300_000;
    return {
      t,
      hour: solarHour(new Date(t), DALLAS.longitude),
      w: sim.world.weatherAt(DALLAS.latitude, DALLAS.longitude, t),
    };
  }).filter((x) => x.w.stormInfluence < 0.02);

  it('temperature peaks in the afternoon (13-17 h solar) and bottoms out near sunrise (4-8 h)', () => {
    const warmest = day.reduce((a, b) => (b.w.temperatureC > a.w.temperatureC ? b : a));
    const coolest = day.reduce((a, b) => (b.w.temperatureC < a.w.temperatureC ? b : a));
    expect(warmest.hour).toBeGreaterThanOrEqual(13);
    expect(warmest.hour).toBeLessThanOrEqual(17);
    expect(coolest.hour).toBeGreaterThanOrEqual(4);
    expect(coolest.hour).toBeLessThanOrEqual(8);
    expect(warmest.w.temperatureC - coolest.w.temperatureC).toBeGreaterThan(6);
  });

  it('relative humidity moves opposite to temperature', () => {
    const warmest = day.reduce((a, b) => (b.w.temperatureC > a.w.temperatureC ? b : a));
    const coolest = day.reduce((a, b) => (b.w.temperatureC < a.w.temperatureC ? b : a));
    expect(warmest.w.relativeHumidityPct).toBeLessThan(coolest.w.relativeHumidityPct - 15);
    // Correlation of hourly temperature and humidity is strongly negative.
    const t = day.map((x) => x.w.temperatureC);
    const h = day.map((x) => x.w.relativeHumidityPct);
    expect(correlation(t, h)).toBeLessThan(-0.8);
  });

  it('solar radiation is zero at night and positive at noon', () => {
    const night = day.filter((x) => x.hour > 22 || x.hour < 3);
    const noon = day.filter((x) => x.hour > 11.5 && x.hour < 12.5);
    expect(night.every((x) => x.w.solarWm2 === 0)).toBe(true);
    expect(Math.min(...noon.map((x) => x.w.solarWm2))).toBeGreaterThan(300);
  });

  it('the diurnal shape is 0 at sunrise, 1 at 15:00 and continuous round midnight', () => {
    expect(diurnalShape(6, 6)).toBe(0);
    expect(diurnalShape(15, 6)).toBe(1);
    expect(diurnalShape(23.999, 6)).toBeCloseTo(diurnalShape(0, 6), 3);
  });
});

describe('forecasts agree with the observations that follow', () => {
  it('hourly temperature within 2 °C and humidity within 10 points over 72 h where no storm passes', async () => {
    const issued = new Date('2026-05-20T12:00:00Z');
    const sim = createSimulator({ seed: 4, startTime: issued, focusPoints: [DALLAS] });
    const forecast = await sim.forecast.hourly(DALLAS, issued, 72);
    expect(forecast.hours).toHaveLength(72);
    let compared = 0;
    for (const item of forecast.hours) {
      const obs = sim.world.weatherAt(DALLAS.latitude, DALLAS.longitude, item.time.getTime());
      // Outflow of a passing storm (up to 7 °C cooler) is weather no hourly forecast carries.
      if (obs.stormInfluence >= 0.1) continue;
      compared++;
      expect(Math.abs(item.temperatureC - obs.temperatureC)).toBeLessThanOrEqual(2);
      expect(Math.abs(item.relativeHumidityPct - obs.relativeHumidityPct)).toBeLessThanOrEqual(10);
      expect(item.dayLight).toBe(obs.dayLight);
    }
    expect(compared).toBeGreaterThan(54);
  });

  it('a forecast issued under a storm carries it in its first hours (a nowcast), then the fair model', async () => {
    const issued = new Date('2026-05-20T21:10:00Z');
    const here = { latitude: 41, longitude: -101 };
    const calm = createSimulator({ seed: 6, startTime: issued, focusPoints: [DALLAS] });
    const stormy = createSimulator({ seed: 6, startTime: issued, focusPoints: [DALLAS] });
    // a severe storm born 20 minutes ago a few km west of the point, drifting over it
    stormy.spawnStorm(
      {
        latitude: here.latitude,
        longitude: here.longitude - 0.05,
        headingDeg: 90,
        speedMs: 5,
        lifetimeMinutes: 90,
      },
      new Date(issued.getTime() - 20 * 60_000),
    );
    const now = stormy.world.weatherAt(here.latitude, here.longitude, issued.getTime());
    expect(now.stormInfluence).toBeGreaterThan(0.3);
    const fair = (await calm.forecast.hourly(here, issued, 12)).hours;
    const cast = (await stormy.forecast.hourly(here, issued, 12)).hours;
    // the current hour: the storm's rain, a near-certain chance of it, its thunder and its gusts
    expect(cast[0]!.precipitationMm).toBeGreaterThanOrEqual(0.1);
    expect(cast[0]!.precipitationChancePct).toBeGreaterThanOrEqual(90);
    expect(['0023', '0030']).toContain(cast[0]!.weatherCode.slice(0, 4));
    expect(cast[0]!.windGustMs).toBeGreaterThan(fair[0]!.windGustMs);
    // and its outflow: cooler than the fair model's hour, as the point is now
    expect(now.temperatureC).toBeLessThan(fair[0]!.temperatureC - 1);
    expect(cast[0]!.temperatureC).toBeLessThan(fair[0]!.temperatureC - 1);
    // from the nowcast's end on, the storm is no longer carried: the fair model's hours exactly
    for (let i = 3; i < 12; i++) expect(cast[i]).toEqual(fair[i]);
  });

  it('daily forecast covers at least 7 days with the high above the low', async () => {
    const issued = new Date('2026-05-20T12:00:00Z');
    const sim = createSimulator({ seed: 4, startTime: issued, focusPoints: [DALLAS] });
    const daily = await sim.forecast.daily(DALLAS, issued);
    expect(daily.days.length).toBeGreaterThanOrEqual(7);
    for (const d of daily.days) expect(d.temperatureHighC).toBeGreaterThan(d.temperatureLowC);
    expect(daily.days[0]!.date).toBe('2026-05-20');
  });
});

describe('heat alerts follow the heat index', () => {
  it('a Heat Advisory is in force on an afternoon whose peak heat index reaches 105 °F, and none in winter', async () => {
    const focus = { latitude: 29.5, longitude: -95.5 };
    let summerAlerts = 0;
    for (let d = 0; d < 30; d++) {
      const afternoon = new Date(Date.UTC(2026, 6, 1 + d, 21, 0));
      const sim = createSimulator({ seed: 9, startTime: afternoon, focusPoints: [focus] });
      const heat = (await sim.alerts.alertsForPoint(focus, afternoon)).filter((a) => a.kind === 'heat');
      const peak = sim.world.heatAlert(0, afternoon.getTime());
      expect(heat.length).toBe(peak ? 1 : 0);
      if (heat[0]) {
        summerAlerts++;
        const value = Number(heat[0].description.match(/up to (\d+)/)![1]);
        expect(value).toBeGreaterThanOrEqual(105);
        expect(heat[0].event).toBe(value >= 110 ? 'Excessive Heat Warning' : 'Heat Advisory');
      }
    }
    expect(summerAlerts).toBeGreaterThan(0);
    const winter = new Date('2026-01-15T21:00:00Z');
    const sim = createSimulator({ seed: 9, startTime: winter, focusPoints: [focus] });
    expect((await sim.alerts.alertsForPoint(focus, winter)).filter((a) => a.kind === 'heat')).toEqual([]);
  });
});

describe('cell science', () => {
  const cell: CellSpec = {
    id: 't',
    key: 1,
    origin: 'spawned',
    birthMs: 0,
    lifetimeMs: 60 * 60_000,
    birthLatitude: 33,
    birthLongitude: -97,
    speedMs: 10,
    headingDeg: 90,
    peakDbz: 50,
    radiusKm: 8,
    peakFlashesPerMinute: 10,
    rotating: false,
  };

  it('life cycle grows to maturity at 30 %, holds to 60 % and dies at 100 %', () => {
    expect(lifeEnvelope(0)).toBe(0);
    expect(lifeEnvelope(0.3)).toBe(1);
    expect(lifeEnvelope(0.6)).toBe(1);
    expect(lifeEnvelope(1)).toBeCloseTo(0, 10);
    expect(lifeEnvelope(1.01)).toBe(0);
  });

  it('flashes only at or above 35 dBZ', () => {
    // Find the instant the growing cell crosses 35 dBZ and test both sides of it.
    let t = 0;
    while (cellMaxDbz(cell, t) < LIGHTNING_MIN_DBZ) t += 1000;
    expect(flashRatePerMinute(cell, t)).toBeGreaterThan(0);
    expect(cellMaxDbz(cell, t - 1000)).toBeLessThan(LIGHTNING_MIN_DBZ);
    expect(flashRatePerMinute(cell, t - 1000)).toBe(0);
    expect(flashRatePerMinute(cell, 0.45 * cell.lifetimeMs)).toBe(10);
  });

  it('rain rate follows Marshall–Palmer Z = 200 R^1.6', () => {
    // 200 R^1.6 = 10^(dBZ/10): R = 1 mm/h at 23.01 dBZ, 100 mm/h at 55 dBZ (approx.).
    expect(rainRateMmPerHourFromDbz(10 * Math.log10(200))).toBeCloseTo(1, 6);
    expect(rainRateMmPerHourFromDbz(55)).toBeCloseTo(99.6, 0);
    expect(rainRateMmPerHourFromDbz(14.99)).toBe(0);
  });
});

function correlation(a: number[], b: number[]): number {
  const ma = a.reduce((s, x) => s + x, 0) / a.length;
  const mb = b.reduce((s, x) => s + x, 0) / b.length;
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < a.length; i++) {
    num += (a[i]! - ma) * (b[i]! - mb);
    da += (a[i]! - ma) ** 2;
    db += (b[i]! - mb) ** 2;
  }
  return num / Math.sqrt(da * db);
}
