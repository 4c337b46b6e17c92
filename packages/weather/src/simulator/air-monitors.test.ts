// The simulated air quality monitors: one within a few miles of every focus point, none near a point marked
// `airMonitor: false`, so both a location with a reading and one beyond the 10-mile reach (spec 01 §9) exist.
import { describe, expect, it } from 'vitest';
import { greatCircleMilesLocal } from './geo.ts';
import { AIR_MONITOR_MAX_MILES } from './products.ts';
import { createSimulator } from './simulator.ts';
import type { FocusPoint } from './world.ts';

const REACH_MILES = 10;
const start = new Date('2026-06-15T18:00:00Z');

/** A dense cluster (Arlington, Dallas, Frisco), far-away places, and Fort Worth left without a monitor. */
const POINTS: FocusPoint[] = [
  { latitude: 32.7473, longitude: -97.0945 },
  { latitude: 32.7473, longitude: -97.0847 },
  { latitude: 32.7514, longitude: -97.0825 },
  { latitude: 33.1545, longitude: -96.8353 },
  { latitude: 32.7798, longitude: -96.7596 },
  { latitude: 32.8377, longitude: -96.7832 },
  { latitude: 32.7097, longitude: -97.3686, airMonitor: false },
  { latitude: 33.1074, longitude: -96.6705 },
  { latitude: 33.1097, longitude: -96.829 },
  { latitude: 31.5583, longitude: -97.1153 },
  { latitude: 41.1239, longitude: -100.7654 },
  { latitude: 21.3069, longitude: -157.8583 },
  { latitude: 64.8378, longitude: -147.7164 },
];
const EXCEPTED = 6;

describe('simulated air quality monitors', () => {
  it.each([1, 7, 'demo', 99])(
    'with seed %s every focus point but the excepted one has a monitor within a few miles',
    async (seed) => {
      const sim = createSimulator({ seed, startTime: start, focusPoints: POINTS });
      for (const [f, point] of POINTS.entries()) {
        const series = await sim.airQuality.near(point, start);
        expect(series.map((s) => s.pollutant)).toEqual(['PM2.5', 'PM10', 'O3']);
        const miles = greatCircleMilesLocal(
          point.latitude,
          point.longitude,
          series[0]!.sensorLatitude,
          series[0]!.sensorLongitude,
        );
        if (f === EXCEPTED) {
          expect(miles, `focus point ${f}`).toBeGreaterThan(REACH_MILES);
          expect(series[0]!.distanceMiles).toBeGreaterThan(REACH_MILES);
        } else {
          expect(miles, `focus point ${f}`).toBeLessThanOrEqual(AIR_MONITOR_MAX_MILES + 0.01);
          expect(series[0]!.distanceMiles).toBeCloseTo(miles, 1);
        }
      }
    },
  );

  it('gives a monitor the number of its focus point, whichever points have none', async () => {
    const sim = createSimulator({ seed: 3, startTime: start, focusPoints: POINTS });
    const [honolulu] = await sim.airQuality.near(POINTS[11]!, start);
    expect(honolulu!.sensorName).toBe('Simulated Air Monitor 12');
    // the excepted point's nearest monitor is one of its neighbours', 10+ miles away
    const [fortWorth] = await sim.airQuality.near(POINTS[EXCEPTED]!, start);
    expect(fortWorth!.sensorName).not.toBe(`Simulated Air Monitor ${EXCEPTED + 1}`);
  });

  it('answers no series when no focus point has a monitor', async () => {
    const sim = createSimulator({
      seed: 3,
      startTime: start,
      focusPoints: [{ latitude: 32.7097, longitude: -97.3686, airMonitor: false }],
    });
    expect(await sim.airQuality.near({ latitude: 32.7097, longitude: -97.3686 }, start)).toEqual([]);
  });
});

describe('simulated air quality, kept per sensor and hour', () => {
  it('reads again what a storm spawned over the sensor changes, the hours before the spawn included', async () => {
    const sim = createSimulator({ seed: 7, startTime: start, focusPoints: POINTS });
    const before = await sim.airQuality.near(POINTS[0]!, start);
    expect(await sim.airQuality.near(POINTS[0]!, start)).toEqual(before);
    const pm25 = before.find((s) => s.pollutant === 'PM2.5')!;
    // a severe storm sitting on the sensor since a day ago: its rain washes the particles out of every hour
    sim.spawnStorm(
      {
        latitude: pm25.sensorLatitude,
        longitude: pm25.sensorLongitude,
        headingDeg: 0,
        speedMs: 0,
        lifetimeMinutes: 26 * 60,
        startTime: new Date(start.getTime() - 25 * 3_600_000),
        peakDbz: 65,
      },
      start,
    );
    const after = (await sim.airQuality.near(POINTS[0]!, start)).find((s) => s.pollutant === 'PM2.5')!;
    const lower = after.hourly.filter((h, i) => h.value < pm25.hourly[i]!.value);
    expect(lower.length).toBeGreaterThan(12);
  });
});
