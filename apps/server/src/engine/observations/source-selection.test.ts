// Which station describes a location, at the edges: 10 miles of reach, the organisation link first, 30 minutes
// of freshness, and never another customer's station; and which WBGT a reading gets.
import { describe, expect, it } from 'vitest';
import { destinationPoint } from '@allclear/domain';
import { deriveMeasures } from './derive.ts';
import { pickStation, type CandidateStation } from './source-selection.ts';

const HOME = { latitude: 32.7767, longitude: -96.797 };
const NOW = new Date('2026-07-01T17:00:00Z');
const location = { customerId: 1, organizationLocationId: null, ...HOME };

function station(id: number, miles: number, overrides: Partial<CandidateStation> = {}): CandidateStation {
  return {
    id,
    customerId: 1,
    organizationLocationId: null,
    ...destinationPoint(HOME, 90, miles),
    observedAt: new Date(NOW.getTime() - 5 * 60_000),
    ...overrides,
  };
}

describe('pickStation', () => {
  it('takes a station 9.99 miles away and not one 10.01 miles away', () => {
    expect(pickStation(location, [station(1, 9.99)], NOW)?.id).toBe(1);
    expect(pickStation(location, [station(1, 10.01)], NOW)).toBeNull();
  });

  it('prefers the station at the location’s organisation location over a nearer one', () => {
    const linked = station(2, 9, { organizationLocationId: 7 });
    expect(pickStation({ ...location, organizationLocationId: 7 }, [station(1, 1), linked], NOW)?.id).toBe(2);
  });

  it('takes the nearest of several stations in reach', () => {
    expect(pickStation(location, [station(1, 6), station(2, 3), station(3, 8)], NOW)?.id).toBe(2);
  });

  it('ignores an observation older than 30 minutes, and takes one exactly 30 minutes old', () => {
    const at = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);
    expect(pickStation(location, [station(1, 1, { observedAt: at(30) })], NOW)?.id).toBe(1);
    expect(pickStation(location, [station(1, 1, { observedAt: at(30.01) })], NOW)).toBeNull();
    expect(pickStation(location, [station(1, 1, { observedAt: null })], NOW)).toBeNull();
  });

  it("never takes another customer's station", () => {
    expect(pickStation(location, [station(1, 0.1, { customerId: 2 })], NOW)).toBeNull();
  });
});

describe('deriveMeasures', () => {
  const raw = {
    temperatureC: 33,
    relativeHumidityPct: 50,
    windSpeedMs: 3,
    windGustMs: 5,
    windDirectionDeg: 180,
    pressureHpa: 1010,
    dewPointC: null,
  };

  it('uses the Liljegren model with solar and wind, and flags the estimate without solar', () => {
    const sunny = deriveMeasures({ ...raw, solarWm2: 800 }, NOW, HOME.latitude, HOME.longitude);
    expect(sunny.wbgtIsEstimate).toBe(false);
    const unknownSun = deriveMeasures({ ...raw, solarWm2: null }, NOW, HOME.latitude, HOME.longitude);
    expect(unknownSun.wbgtIsEstimate).toBe(true);
    expect(sunny.wbgtC).not.toBe(unknownSun.wbgtC);
  });

  it('gives the heat index as feels-like at 91.4 °F and the temperature below 80 °F', () => {
    const hot = deriveMeasures({ ...raw, solarWm2: 800 }, NOW, HOME.latitude, HOME.longitude);
    expect(hot.feelsLikeC).toBeGreaterThan(raw.temperatureC);
    const mild = deriveMeasures(
      { ...raw, temperatureC: 20, solarWm2: 800 },
      NOW,
      HOME.latitude,
      HOME.longitude,
    );
    expect(mild.feelsLikeC).toBeCloseTo(20, 9);
  });
});
