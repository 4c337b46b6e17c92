// Issue 8 acceptance across the API and the lightning engine: a location saved through POST location/Add
// is watched at once ('location-changed'), so a strike 1 second later inside its zone 1 starts its delay,
// and a deleted location stops being watched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { createLightningEngine, type LightningEngine } from '../../../engine/lightning/engine.ts';
import { silentLogger, strikeAt } from '../../../engine/lightning/test-support.ts';

let t: TestApp;
let engine: LightningEngine;

beforeAll(async () => {
  t = await createTestApp();
  engine = createLightningEngine({
    config: t.config,
    db: t.db,
    clock: t.clock,
    weather: t.weather,
    log: silentLogger,
    enqueueAlert: async (_tx, event) => {
      t.events.push(event);
    },
    bus: t.bus,
    autoTick: false,
  });
  await engine.start();
});
afterAll(async () => {
  await engine.stop();
  await t.close();
});

describe('a saved location is watched by the lightning engine at once', () => {
  it('starts the delay of a location added 1 second before a strike 1 mile inside its zone 1', async () => {
    const headers = { authorization: `Bearer ${await t.tokenFor(t.a.admin.id)}` };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/location/Add',
      headers,
      payload: {
        label: 'New field',
        locationName: 'Norman, OK',
        latitude: 35.2226,
        longitude: -97.4395,
        radius1: 5,
        radius2: 10,
        radius3: 0,
        radius4: 0,
        allClearMinutes: 20,
      },
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json().data.location;
    t.clock.advance(1000);
    await engine.ingest([strikeAt(saved, 4, t.clock.now())]);
    const mine = t.events.filter((e) => e.locationId === saved.id);
    expect(mine.map((e) => e.kind)).toEqual(['lightning-delay']);
    expect(mine[0]!.details).toMatchObject({ zone: 1, radiusMiles: 5, allClearMinutes: 20 });

    const del = await t.app.inject({ method: 'DELETE', url: `/api/location/${saved.id}`, headers });
    expect(del.statusCode).toBe(200);
    await engine.tick();
    expect(engine.locationIndex.get(saved.id)).toBeUndefined();
  });
});
