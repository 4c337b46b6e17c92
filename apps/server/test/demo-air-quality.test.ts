// Issue 20 'Air quality of the location': on the demo seed, the simulator the engine configures has an air
// quality monitor within 10 miles (spec 01 §9) of every stored location but one demo venue, Amon G. Carter
// Stadium (TCU), so both the card with a reading and the card beyond reach can be seen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfiguredWeather } from '@allclear/weather';
import { AQI_SENSOR_REACH_MILES, greatCircleMiles } from '@allclear/domain';
import { loadConfig } from '../src/platform/config.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { createTestDatabase } from '../src/db/test-db.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { seedDemo } from '../src/db/seed/demo.ts';
import { locations } from '../src/db/schema/index.ts';
import {
  VENUE_WITHOUT_AIR_MONITOR,
  createConfiguredWeather,
  simulatorFocusPoints,
} from '../src/engine/weather.ts';

const clock = new ManualClock(new Date('2026-07-01T17:00:00Z'));
let db: DatabaseHandle;
let weather: ConfiguredWeather;
let stored: { label: string; latitude: number; longitude: number }[];

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemo(db);
  weather = await createConfiguredWeather(loadConfig({ APP_ENV: 'test', LOG_LEVEL: 'silent' }), db, clock);
  stored = await db.db
    .select({ label: locations.label, latitude: locations.latitude, longitude: locations.longitude })
    .from(locations);
}, 120_000);

afterAll(async () => {
  await weather?.close();
  await db?.close();
});

describe('the demo venues and their air quality monitors', () => {
  it('the excepted venue is Amon G. Carter Stadium (TCU), and only its focus point has no monitor', () => {
    const points = simulatorFocusPoints(stored);
    expect(points).toHaveLength(stored.length);
    const without = points.flatMap((p, i) => (p.airMonitor === false ? [stored[i]!.label] : []));
    expect(without).toEqual(['Amon G. Carter Stadium (TCU)']);
  });

  it('every stored location but the excepted venue has a monitor within 10 miles; that venue has none', async () => {
    expect(stored.length).toBeGreaterThanOrEqual(10);
    const miles = new Map<string, number>();
    for (const location of stored) {
      const [series] = await weather.providers.airQuality.near(location, clock.now());
      miles.set(
        location.label,
        greatCircleMiles(location, { latitude: series!.sensorLatitude, longitude: series!.sensorLongitude }),
      );
    }
    for (const [label, distance] of miles) {
      if (label === VENUE_WITHOUT_AIR_MONITOR.name)
        expect(distance, label).toBeGreaterThan(AQI_SENSOR_REACH_MILES);
      else expect(distance, label).toBeLessThanOrEqual(AQI_SENSOR_REACH_MILES);
    }
  });
});
