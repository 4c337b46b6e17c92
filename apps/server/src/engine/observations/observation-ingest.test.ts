// The observation ingest on a real database: a customer station is recorded with its derived values, and each
// location takes its conditions from its station, else the nearest METAR, else the model, with the source kept.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { destinationPoint } from '@allclear/domain';
import { parseMetar, type MetarSource } from '@allclear/weather';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { countTurns } from '../../../test/turns.ts';
import {
  buildHardware,
  buildLocation,
  buildOrganizationLocation,
  buildWeatherStation,
} from '../../db/factories.ts';
import {
  airQualitySensors,
  locationConditions,
  locationObservationHistory,
  stationObservations,
} from '../../db/schema/index.ts';
import type { EngineContext } from '../contracts.ts';
import { createObservationIngest } from './observation-ingest.ts';
import { ObservationRepository } from './observation.repository.ts';

let t: TestApp;
const DALLAS = { latitude: 32.7767, longitude: -96.797 };

function metarSource(withReport: boolean): MetarSource {
  const station = { id: 'KDAL', name: 'Dallas Love Field', latitude: 32.847, longitude: -96.852 };
  return {
    async stationsNear() {
      return withReport ? [station] : [];
    },
    async latest(_id, at) {
      const raw = 'KDAL 011653Z 18012G20KT 10SM FEW040 33/21 A2992';
      return {
        station,
        raw,
        parsed: parseMetar(raw)!,
        source: 'test',
        observedAt: new Date(at.getTime() - 7 * 60_000),
      };
    },
  };
}

function context(metar: MetarSource): EngineContext {
  return {
    config: t.config,
    db: t.db,
    clock: t.clock,
    weather: { ...t.weather, providers: { ...t.weather.providers, metar } },
    log: t.app.log,
    enqueueAlert: async () => {},
  };
}

async function conditionOf(locationId: number) {
  const [row] = await t.db.db
    .select()
    .from(locationConditions)
    .where(eq(locationConditions.locationId, locationId));
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.db.delete(locationConditions);
  await t.db.db.delete(locationObservationHistory);
});

describe('observation ingest', () => {
  it('records each station with feels-like and a Liljegren WBGT, and gives its linked location the station source', async () => {
    const venue = await buildOrganizationLocation(t.db.db, { customerId: t.a.customer.id, ...DALLAS });
    const unit = await buildHardware(t.db.db, {
      customerId: t.a.customer.id,
      organizationLocationId: venue.id,
      ...DALLAS,
    });
    const station = await buildWeatherStation(t.db.db, { customerId: t.a.customer.id, hardwareId: unit.id });
    const linked = await buildLocation(t.db.db, {
      customerId: t.a.customer.id,
      organizationLocationId: venue.id,
      latitude: 33.5,
      longitude: -97.5,
    });
    await createObservationIngest(context(metarSource(true))).runCycle();

    const [obs] = await t.db.db
      .select()
      .from(stationObservations)
      .where(eq(stationObservations.stationId, station.id));
    expect(obs).toBeDefined();
    expect(obs!.observedAt.getTime() % 300_000).toBe(0);
    expect(obs!.wbgtC).not.toBeNull();
    // At noon in July the sun is up, so the station's solar reading drives the Liljegren model.
    expect(obs!.solarWm2).toBeGreaterThan(0);
    expect(obs!.wbgtIsEstimate).toBe(false);

    const c = await conditionOf(linked.id);
    expect(c).toMatchObject({ source: 'station', stationId: station.id, temperatureC: obs!.temperatureC });
    // Tenant A's default location is in Dallas, within 10 miles of the station: the nearest-station rule.
    expect(await conditionOf(t.a.location.id)).toMatchObject({ source: 'station', stationId: station.id });
  });

  it("never gives a location another customer's station: it falls back to the nearest METAR", async () => {
    await createObservationIngest(context(metarSource(true))).runCycle();
    const c = await conditionOf(t.b.location.id);
    expect(c).toMatchObject({
      source: 'metar',
      metarStationName: 'Dallas Love Field',
      stationId: null,
      temperatureC: 33,
    });
    expect(c!.windSpeedMs).toBeCloseTo(12 * 0.514444, 4);
    expect(c!.wbgtIsEstimate).toBe(true);
  });

  it('falls back to the model when no METAR is within reach, and a station 15 miles away is out of reach', async () => {
    const far = destinationPoint(DALLAS, 90, 15);
    const location = await buildLocation(t.db.db, { customerId: t.a.customer.id, ...far });
    await createObservationIngest(context(metarSource(false))).runCycle();
    const c = await conditionOf(location.id);
    expect(c).toMatchObject({ source: 'model', stationId: null, metarStationName: null });
    expect(c!.temperatureC).not.toBeNull();
    const history = await t.db.db
      .select()
      .from(locationObservationHistory)
      .where(eq(locationObservationHistory.locationId, location.id));
    expect(history).toHaveLength(1);
  });

  it('leaves the event loop a turn before each station, location and sensor (on PGlite awaited writes alone never do)', async () => {
    // two of each kind (the file's last test: what it adds stays), so a loop that did not yield would put two writes
    // on one turn
    for (const [i, latitude] of [32.9, 33.1].entries()) {
      const venue = await buildOrganizationLocation(t.db.db, {
        customerId: t.a.customer.id,
        latitude,
        longitude: -97,
      });
      const unit = await buildHardware(t.db.db, {
        customerId: t.a.customer.id,
        organizationLocationId: venue.id,
        latitude,
        longitude: -97,
      });
      await buildWeatherStation(t.db.db, { customerId: t.a.customer.id, hardwareId: unit.id });
      await t.db.db
        .insert(airQualitySensors)
        .values({ customerId: t.a.customer.id, name: `Gate ${i}`, latitude, longitude: -97 });
    }
    // the turn each write of the cycle ran on: no two writes share one, whichever loop they come from
    const counter = countTurns();
    const writes: { kind: string; turn: number }[] = [];
    const spies = (
      ['insertStationObservation', 'saveLocationCondition', 'updateAirQualitySensor'] as const
    ).map((method) => {
      const original = ObservationRepository.prototype[method] as (...args: unknown[]) => Promise<unknown>;
      return vi.spyOn(ObservationRepository.prototype, method).mockImplementation(function (
        this: ObservationRepository,
        ...args: unknown[]
      ) {
        writes.push({ kind: method, turn: counter.turns });
        return original.apply(this, args);
      } as never);
    });
    try {
      await createObservationIngest(context(metarSource(true))).runCycle();
    } finally {
      counter.stop();
      for (const spy of spies) spy.mockRestore();
    }
    const kinds = writes.map((w) => w.kind);
    for (const kind of ['insertStationObservation', 'saveLocationCondition', 'updateAirQualitySensor'])
      expect(kinds.filter((k) => k === kind).length).toBeGreaterThanOrEqual(2);
    const shared = writes.filter((w, i) => i > 0 && w.turn === writes[i - 1]!.turn);
    expect(shared).toEqual([]);
  });
});
