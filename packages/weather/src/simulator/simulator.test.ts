import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { parseMetar } from '../adapters/metar.ts';
import { cellMaxDbz, cellPosition, LIGHTNING_MIN_DBZ } from './cells.ts';
import { greatCircleMilesLocal, pointInPolygonRings } from './geo.ts';
import { createSimulator } from './simulator.ts';

const MINUTE = 60_000;
const DALLAS = { latitude: 32.78, longitude: -96.8 };
const FRISCO = { latitude: 33.15, longitude: -96.82 };

function minutesAfter(start: Date, minutes: number): Date {
  return new Date(start.getTime() + minutes * MINUTE);
}

describe('the simulator brings lightning to the focus points', () => {
  // Several seeds and starts (day, night, winter) so the guarantee does not hang on one lucky world.
  const cases: [number | string, string][] = [
    [1, '2026-06-15T18:00:00Z'],
    [7, '2026-11-22T03:30:00Z'],
    ['demo', '2026-01-10T12:00:00Z'],
    [99, '2026-08-01T09:17:00Z'],
  ];
  it.each(cases)(
    'with seed %s from %s, strikes fall within 10 miles of every focus point within ten minutes',
    async (seed, iso) => {
      const start = new Date(iso);
      const sim = createSimulator({ seed, startTime: start, focusPoints: [DALLAS, FRISCO] });
      const strikes = await sim.strikes.strikes({ from: start, to: minutesAfter(start, 10) });
      for (const p of [DALLAS, FRISCO]) {
        const near = strikes.filter(
          (s) => greatCircleMilesLocal(p.latitude, p.longitude, s.latitude, s.longitude) <= 10,
        );
        expect(near.length).toBeGreaterThan(0);
      }
    },
  );

  it('streams strikes to subscribers as the caller advances its clock', () => {
    const start = new Date('2026-06-15T18:00:00Z');
    const sim = createSimulator({ seed: 3, startTime: start, focusPoints: [DALLAS] });
    const received: number[] = [];
    const unsubscribe = sim.strikes.subscribe((batch) => received.push(batch.length));
    expect(sim.advance(start)).toEqual([]);
    const first = sim.advance(minutesAfter(start, 5));
    const second = sim.advance(minutesAfter(start, 10));
    unsubscribe();
    sim.advance(minutesAfter(start, 15));
    expect(first.length).toBeGreaterThan(0);
    expect(received).toEqual([first.length, second.length].filter((n) => n > 0));
    expect(first.every((s) => s.time < minutesAfter(start, 5))).toBe(true);
    expect(second.every((s) => s.time >= minutesAfter(start, 5))).toBe(true);
  });
});

describe('the simulator is deterministic', () => {
  const start = new Date('2026-06-15T20:00:00Z');
  const bbox = { west: -99.5, south: 30.5, east: -94, north: 35 };

  it('two simulators with the same seed produce identical strikes, observations and radar frames', async () => {
    const a = createSimulator({ seed: 42, startTime: start, focusPoints: [DALLAS] });
    const b = createSimulator({ seed: 42, startTime: start, focusPoints: [DALLAS] });
    const window = { from: minutesAfter(start, -60), to: minutesAfter(start, 60) };
    expect(await a.strikes.strikes(window)).toEqual(await b.strikes.strikes(window));
    const [station] = await a.observations.stations();
    expect(await a.observations.observe(station!.id, minutesAfter(start, 30))).toEqual(
      await b.observations.observe(station!.id, minutesAfter(start, 30)),
    );
    const options = { width: 80, height: 80, now: start };
    expect((await a.radar.frame(bbox, minutesAfter(start, -30), options)).dbz).toEqual(
      (await b.radar.frame(bbox, minutesAfter(start, -30), options)).dbz,
    );
  });

  it('answers the same whatever order it is asked in (split windows equal the whole)', async () => {
    const a = createSimulator({ seed: 42, startTime: start, focusPoints: [DALLAS] });
    const b = createSimulator({ seed: 42, startTime: start, focusPoints: [DALLAS] });
    const whole = await a.strikes.strikes({ from: start, to: minutesAfter(start, 30) });
    // Ask b the later half first, with boundaries inside a minute.
    const late = await b.strikes.strikes({
      from: new Date(start.getTime() + 12.5 * MINUTE),
      to: minutesAfter(start, 30),
    });
    const early = await b.strikes.strikes({ from: start, to: new Date(start.getTime() + 12.5 * MINUTE) });
    expect([...early, ...late]).toEqual(whole);
    expect(whole.length).toBeGreaterThan(10);
  });

  it('different seeds give different worlds', async () => {
    const a = createSimulator({ seed: 1, startTime: start, focusPoints: [DALLAS] });
    const b = createSimulator({ seed: 2, startTime: start, focusPoints: [DALLAS] });
    const window = { from: start, to: minutesAfter(start, 30) };
    const ta = (await a.strikes.strikes(window)).map((s) => [s.latitude, s.longitude]);
    const tb = (await b.strikes.strikes(window)).map((s) => [s.latitude, s.longitude]);
    expect(ta).not.toEqual(tb);
  });
});

describe('strikes come from their cells', () => {
  const start = new Date('2026-07-04T21:00:00Z');
  const sim = createSimulator({
    seed: 11,
    startTime: start,
    focusPoints: [DALLAS, { latitude: 30.27, longitude: -97.74 }],
  });
  const strikes = sim.world.strikesBetween(
    start.getTime() - 3 * 60 * MINUTE,
    start.getTime() + 3 * 60 * MINUTE,
  );
  const cells = new Map(
    sim.world
      .cellsBetween(start.getTime() - 4 * 60 * MINUTE, start.getTime() + 4 * 60 * MINUTE)
      .map((c) => [c.id, c]),
  );

  it('only while the cell is at or above 35 dBZ', () => {
    expect(strikes.length).toBeGreaterThan(500);
    for (const s of strikes) {
      const cell = cells.get(s.cellId!)!;
      expect(cellMaxDbz(cell, s.time.getTime())).toBeGreaterThanOrEqual(LIGHTNING_MIN_DBZ);
    }
  });

  it('within the cell radius of its core', () => {
    for (const s of strikes) {
      const cell = cells.get(s.cellId!)!;
      const [lat, lon] = cellPosition(cell, s.time.getTime());
      const km = greatCircleMilesLocal(lat, lon, s.latitude, s.longitude) * 1.609344;
      expect(km).toBeLessThanOrEqual(cell.radiusKm);
    }
  });

  it('mostly in-cloud, with 20-25 % cloud-to-ground and a median current near 17 kA', () => {
    const groundTypes = strikes.filter((s) => s.type === 1 || s.type === 3).length / strikes.length;
    expect(groundTypes).toBeGreaterThan(0.17);
    expect(groundTypes).toBeLessThan(0.28);
    expect(strikes.filter((s) => s.cloud).length / strikes.length).toBeGreaterThan(0.7);
    const amps = strikes.map((s) => Math.abs(s.amperageKa)).sort((x, y) => x - y);
    const median = amps[Math.floor(amps.length / 2)]!;
    expect(median).toBeGreaterThan(14);
    expect(median).toBeLessThan(21);
    const groundNegative = strikes.filter((s) => !s.cloud && s.type !== 2 && s.amperageKa < 0).length;
    expect(groundNegative / strikes.filter((s) => !s.cloud && s.type !== 2).length).toBeGreaterThan(0.8);
  });
});

describe('the scenario API', () => {
  const start = new Date('2026-03-01T15:00:00Z');

  it('injected strikes appear in later queries and in the stream', async () => {
    const sim = createSimulator({ seed: 5, startTime: start, focusPoints: [DALLAS] });
    sim.advance(start);
    const seen: string[] = [];
    sim.strikes.subscribe((batch) => seen.push(...batch.map((s) => s.id)));
    const created = sim.injectStrikes(
      [
        { latitude: 40, longitude: -100, type: 3, amperage: -31 },
        { latitude: 40.1, longitude: -100.1, time: minutesAfter(start, 2) },
      ],
      start,
    );
    expect(created.map((s) => [s.type, s.amperageKa, s.time.toISOString()])).toEqual([
      [3, -31, start.toISOString()],
      [1, -20, minutesAfter(start, 2).toISOString()],
    ]);
    const found = await sim.strikes.strikes({
      from: start,
      to: minutesAfter(start, 5),
      bbox: { west: -101, south: 39, east: -99, north: 41 },
    });
    expect(found.map((s) => s.id)).toEqual(created.map((s) => s.id));
    sim.advance(minutesAfter(start, 5));
    expect(seen).toEqual(expect.arrayContaining(created.map((s) => s.id)));
  });

  it('a spawned storm makes strikes, radar echo and a warning along its track', async () => {
    const sim = createSimulator({ seed: 5, startTime: start, focusPoints: [DALLAS] });
    const storm = sim.spawnStorm(
      { latitude: 41, longitude: -101, headingDeg: 90, speedMs: 15, lifetimeMinutes: 60 },
      start,
    );
    expect(storm.startTime).toEqual(start);
    expect(storm.endLongitude).toBeGreaterThan(-101);
    const mid = minutesAfter(start, 30);
    const strikes = await sim.strikes.strikes({
      from: start,
      to: minutesAfter(start, 60),
      bbox: { west: -102, south: 40, east: -98, north: 42 },
    });
    expect(strikes.length).toBeGreaterThan(50);
    expect(strikes.every((s) => s.cellId === storm.id)).toBe(true);
    const vectors = await sim.stormCells.vectors(mid, { west: -102, south: 40, east: -98, north: 42 });
    expect(vectors).toHaveLength(1);
    expect(vectors[0]).toMatchObject({
      id: storm.id,
      speedMs: 15,
      headingDeg: 90,
      maxReflectivityDbz: 60,
      hail: true,
    });
    const here = { latitude: vectors[0]!.latitude, longitude: vectors[0]!.longitude };
    expect(await sim.radar.reflectivityAt(here, mid)).toBeCloseTo(60, 5);
    const alerts = await sim.alerts.alertsForPoint(here, mid);
    expect(alerts.map((a) => a.event)).toContain('Severe Thunderstorm Warning');
    const warning = alerts.find((a) => a.kind === 'severe-thunderstorm')!;
    expect(pointInPolygonRings(storm.longitude + 0.3, storm.latitude, warning.polygon!.coordinates)).toBe(
      true,
    );
    expect(warning.expires.getTime() - warning.onset.getTime()).toBeLessThanOrEqual(45 * MINUTE);
  });
});

describe('radar', () => {
  const start = new Date('2026-06-15T18:00:00Z');
  const sim = createSimulator({ seed: 8, startTime: start, focusPoints: [DALLAS] });

  it('lists 2 hours of past frames and 1 hour of future frames at 5-minute steps', () => {
    const frames = sim.radar.frameTimes(new Date(start.getTime() + 2 * MINUTE));
    expect(frames.filter((f) => f.kind === 'past')).toHaveLength(25);
    expect(frames.filter((f) => f.kind === 'future')).toHaveLength(12);
    expect(frames[0]!.time).toEqual(minutesAfter(start, -120));
    expect(frames.at(-1)!.time).toEqual(minutesAfter(start, 60));
  });

  it('future frames move the present cells along their motion with strength held', async () => {
    const [cell] = sim.world.cellsAt(start.getTime()).filter((c) => c.origin === 'focus');
    const later = minutesAfter(start, 30);
    const [lat, lon] = cellPosition(cell!, later.getTime());
    const future = await sim.radar.reflectivityAt({ latitude: lat, longitude: lon }, later, start);
    expect(future).toBeCloseTo(cellMaxDbz(cell!, start.getTime()), 5);
    const frame = await sim.radar.frame({ west: -98, south: 32, east: -95, north: 34 }, later, {
      width: 60,
      height: 40,
      now: start,
    });
    expect(frame.kind).toBe('future');
    expect(frame.issuedAt).toEqual(start);
    expect(Math.max(...frame.dbz)).toBeGreaterThan(40);
  });
});

describe('products', () => {
  const start = new Date('2026-06-15T18:00:00Z');
  const sim = createSimulator({ seed: 8, startTime: start, focusPoints: [DALLAS] });

  it('METAR text at synthetic airports near the focus point parses back to the observation', async () => {
    const [airport] = await sim.metar.stationsNear(DALLAS, 20);
    const report = await sim.metar.latest(airport!.id, start);
    expect(report!.observedAt).toEqual(new Date('2026-06-15T17:53:00Z'));
    expect(parseMetar(report!.raw)).toEqual(report!.parsed);
    expect(report!.parsed).toMatchObject({
      station: airport!.id,
      day: 15,
      hour: 17,
      minute: 53,
      windUnit: 'KT',
    });
  });

  it('air quality gives 24 hourly values per pollutant with sensor name and distance', async () => {
    const series = await sim.airQuality.near(DALLAS, start);
    expect(series.map((s) => s.pollutant)).toEqual(['PM2.5', 'PM10', 'O3']);
    for (const s of series) {
      expect(s.hourly).toHaveLength(24);
      expect(s.distanceMiles).toBeLessThan(10);
      expect(s.sensorName).toMatch(/Air Monitor/);
    }
    // Ozone is photochemical: the afternoon hour beats the pre-dawn hour.
    const o3 = series[2]!.hourly;
    const at = (utcHour: number) => o3.find((h) => h.time.getUTCHours() === utcHour)!.value;
    expect(at(21)).toBeGreaterThan(at(10));
  });

  it('a tropical system has a closed cone containing its track', async () => {
    const systems = await sim.tropical.active(new Date('2026-06-22T00:00:00Z'));
    expect(systems).toHaveLength(1);
    for (const system of systems) {
      expect(system.category).toBe('TS');
      expect(system.pressureHpa).toBeGreaterThan(975);
      expect(system.pressureHpa).toBeLessThan(1005);
      const ring = system.cone.coordinates[0]!;
      expect(ring[0]).toEqual(ring.at(-1));
      for (const p of system.track.slice(1, -1))
        expect(pointInPolygonRings(p.longitude, p.latitude, system.cone.coordinates)).toBe(true);
      expect(system.track[0]!.gustMs).toBeGreaterThan(system.track[0]!.maxSustainedMs);
    }
  });

  it('the station sky image is a PNG that is darker at night, the same picture on every request', async () => {
    const [station] = await sim.observations.stations();
    const noon = await sim.skyImages.image(station!.id, new Date('2026-06-16T18:30:00Z'));
    const night = await sim.skyImages.image(station!.id, new Date('2026-06-16T07:30:00Z'));
    const brightness = (bytes: Uint8Array) => {
      const png = PNG.sync.read(Buffer.from(bytes));
      let sum = 0;
      for (let i = 0; i < png.data.length; i += 4) sum += png.data[i]! + png.data[i + 1]! + png.data[i + 2]!;
      return sum / (png.width * png.height);
    };
    expect(noon!.contentType).toBe('image/png');
    expect(brightness(noon!.bytes)).toBeGreaterThan(brightness(night!.bytes) + 100);
    const again = await createSimulator({ seed: 8, startTime: start, focusPoints: [DALLAS] }).skyImages.image(
      station!.id,
      new Date('2026-06-16T18:31:00Z'),
    );
    expect(Buffer.from(again!.bytes).equals(Buffer.from(noon!.bytes))).toBe(true);
  });

  it("says when a camera's image was taken without drawing it: the image's own time, null for no camera", async () => {
    const [station] = await sim.observations.stations();
    for (const at of ['2026-06-16T18:30:00Z', '2026-06-16T18:34:59Z', '2026-06-16T18:35:00Z']) {
      const image = await sim.skyImages.image(station!.id, new Date(at));
      expect(await sim.skyImages.takenAt(station!.id, new Date(at))).toEqual(image!.observedAt);
    }
    expect(await sim.skyImages.takenAt('no-such-camera', new Date())).toBeNull();
  });
});
