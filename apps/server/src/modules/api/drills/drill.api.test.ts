// Scheduled siren drills (issue 16, beyond the spec) end to end on the real app, a real device gateway with the
// simulator's virtual sirens, and the engine's drill runner: scheduling (the sirens' zone, a time ahead, the zone
// shared), a run at its time through the siren command path (each siren's ack and sound report; a Light test stopped
// after it ran; a siren in a real lightning delay left out), the report e-mailed to the admin who scheduled it, the
// next occurrence, the card's last drill, and a siren that never answers failing the drill.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TDrill, THardware } from '@allclear/contracts';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { buildHardware, buildSiren } from '../../../db/factories.ts';
import { sirenCommands, sirenZoneStates } from '../../../db/schema/index.ts';
import {
  createDeviceDirectory,
  type OwnedDeviceDirectory,
} from '../../../engine/devices/device-directory.ts';
import { createDrillRunner, type DrillRunner } from '../../../engine/devices/drill-runner.ts';
import { createDeviceGateway, type DeviceGateway } from '../../../engine/devices/gateway.ts';
import { silentLogger } from '../../../engine/lightning/test-support.ts';

let t: TestApp;
let devices: OwnedDeviceDirectory;
let gateway: DeviceGateway;
let runner: DrillRunner;
const s = {} as { north: number; south: number; inDelay: number; eastern: number; northUnit: number };

beforeAll(async () => {
  devices = createDeviceDirectory({ simulated: true });
  t = await createTestApp({ devices });
  const customerId = t.a.customer.id;
  const siren = async (name: string, timeZoneId = 'America/Chicago') => {
    const unit = await buildHardware(t.db.db, { customerId, name, modelId: 'OWS', timeZoneId });
    return { unit: unit.id, siren: (await buildSiren(t.db.db, { customerId, hardwareId: unit.id })).id };
  };
  const north = await siren('North Siren');
  s.north = north.siren;
  s.northUnit = north.unit;
  s.south = (await siren('South Siren')).siren;
  s.inDelay = (await siren('Stadium Siren')).siren;
  s.eastern = (await siren('Boston Siren', 'America/New_York')).siren;
  // a real lightning delay is active at the stadium siren
  await t.db.db
    .insert(sirenZoneStates)
    .values({ sirenId: s.inDelay, inDelay: true, delayStartedAt: t.clock.now() });
  const ctx = {
    config: t.config,
    db: t.db,
    clock: t.clock,
    weather: t.weather,
    log: silentLogger,
    enqueueAlert: async (_tx: unknown, event: (typeof t.events)[number]) => {
      t.events.push(event);
    },
    bus: t.bus,
  };
  gateway = createDeviceGateway({
    ...ctx,
    devices,
    mqttPort: 0,
    virtualSirens: true,
    virtualStations: false,
  });
  await gateway.start();
  runner = createDrillRunner({ ...ctx, autoTick: false });
  await runner.start();
}, 60_000);

afterAll(async () => {
  await runner?.stop();
  await gateway?.stop();
  await devices?.close();
  await t?.close();
});

async function send(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
  userId = t.a.admin.id,
) {
  const res = await t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: { authorization: `Bearer ${await t.tokenFor(userId)}` },
  });
  return {
    status: res.statusCode,
    body: res.json() as { data: unknown; responseException?: { errors: Record<string, string[]> } },
  };
}

/** Runs the due drills while the product's clock moves at twice real time (the sirens sound on that clock). */
async function runDue(): Promise<void> {
  const ticking = setInterval(() => t.clock.advance(100), 50);
  try {
    await runner.runDue();
  } finally {
    clearInterval(ticking);
  }
}

// the test clock starts at 2026-07-01T17:00:00Z: 12:00 PM CDT
const drillBody = (overrides: Record<string, unknown> = {}) => ({
  sirenIds: [s.north, s.inDelay],
  testType: 'light',
  localDate: '2026-07-01',
  localTime: '12:01',
  recurrence: 'weekly',
  ...overrides,
});

describe('scheduling a drill', () => {
  it('refuses a time already past, and sirens of different zones', async () => {
    const past = await send('POST', '/api/Drill', drillBody({ localTime: '11:59', recurrence: 'once' }));
    expect(past.status).toBe(400);
    expect(past.body.responseException!.errors).toEqual({ LocalTime: ['Choose a time in the future.'] });
    // a day already past is the date's fault, whatever the time
    const yesterday = await send(
      'POST',
      '/api/Drill',
      drillBody({ localDate: '2026-06-30', localTime: '23:00', recurrence: 'once' }),
    );
    expect(yesterday.status).toBe(400);
    expect(yesterday.body.responseException!.errors).toEqual({
      LocalDate: ['Choose today or a later date.'],
    });
    const zones = await send('POST', '/api/Drill', drillBody({ sirenIds: [s.north, s.eastern] }));
    expect(zones.body.responseException!.errors.SirenIds).toEqual([
      'These sirens are in different time zones; schedule a drill for each zone.',
    ]);
    expect((await send('POST', '/api/Drill', drillBody(), t.a.customerUser.id)).status).toBe(403);
  });

  it('runs at its time through the siren commands, leaves out a siren in a real delay, e-mails the report', async () => {
    const added = await send('POST', '/api/Drill', drillBody());
    expect(added.status).toBe(200);
    const drill = added.body.data as TDrill;
    expect(drill).toMatchObject({
      timeZone: 'America/Chicago',
      nextRunAt: '2026-07-01T17:01:00.000Z',
      lastRun: null,
    });

    await runDue(); // not yet due
    expect(((await send('GET', '/api/Drill')).body.data as TDrill[])[0]!.lastRun).toBeNull();

    t.clock.set('2026-07-01T17:01:00Z');
    await runDue();
    const [ran] = (await send('GET', '/api/Drill')).body.data as TDrill[];
    expect(ran!.nextRunAt).toBe('2026-07-08T17:01:00.000Z');
    expect(ran!.lastRun).toMatchObject({
      outcome: 'passed',
      summary: '1 of 1 siren answered, 1 skipped (lightning delay)',
    });
    const north = ran!.lastRun!.results.find((r) => r.sirenId === s.north)!;
    expect(north).toMatchObject({ outcome: 'answered', note: null, soundReport: { seconds: 3 } });
    expect(ran!.lastRun!.results.find((r) => r.sirenId === s.inDelay)).toMatchObject({
      outcome: 'skipped',
      note: 'skipped: a lightning delay was active at this siren',
    });
    // the Light test went out and was stopped; nothing went to the siren in delay
    const kinds = async (sirenId: number) =>
      (await t.db.db.select().from(sirenCommands).where(eq(sirenCommands.sirenId, sirenId))).map(
        (c) => `${c.kind}:${c.status}`,
      );
    expect((await kinds(s.north)).sort()).toEqual(['test-light:delivered', 'test-stop:delivered']);
    expect(await kinds(s.inDelay)).toEqual([]);

    const report = t.events.find((e) => e.kind === 'drill-report');
    expect(report?.details.recipient).toMatchObject({ email: t.a.admin.email });
    expect(report?.subject).toMatch(/^Siren drill passed: Light test, Jul 1, 12:01 PM CDT$/);
    expect(report?.body).toContain('- North Siren: answered at 12:01');
    expect(report?.body).toContain('- Stadium Siren: skipped: a lightning delay was active at this siren');
    expect(report?.body).toContain('Next drill: Jul 8, 12:01 PM CDT (weekly).');

    const unit = (await send('GET', `/api/hardware/${s.northUnit}`)).body.data as THardware;
    expect(unit.lastDrill).toMatchObject({ outcome: 'passed', sirenOutcome: 'answered', testType: 'light' });
  });

  it('fails a drill whose siren does not answer within its window', async () => {
    devices.simulator!.setSirenAnswering(s.south, false);
    const now = t.clock.now();
    const local = new Date(now.getTime() - 5 * 3_600_000 + 60_000).toISOString(); // CDT is UTC−5
    const added = await send(
      'POST',
      '/api/Drill',
      drillBody({
        sirenIds: [s.south],
        localDate: local.slice(0, 10),
        localTime: local.slice(11, 16),
        recurrence: 'once',
      }),
    );
    expect(added.status).toBe(200);
    t.clock.advance(60_000);
    await runDue();
    const drill = ((await send('GET', '/api/Drill')).body.data as TDrill[]).find(
      (d) => d.id === (added.body.data as TDrill).id,
    )!;
    expect(drill.nextRunAt).toBeNull();
    expect(drill.lastRun).toMatchObject({ outcome: 'failed', summary: '0 of 1 siren answered, 1 did not' });
    expect(drill.lastRun!.results[0]).toMatchObject({
      outcome: 'no-answer',
      note: 'did not answer within 10 s',
    });
    const stops = await t.db.db
      .select()
      .from(sirenCommands)
      .where(and(eq(sirenCommands.sirenId, s.south), eq(sirenCommands.kind, 'test-stop')));
    expect(stops).toEqual([]);
    devices.simulator!.setSirenAnswering(s.south, true);
  });

  it('deletes a drill', async () => {
    const [first] = (await send('GET', '/api/Drill')).body.data as TDrill[];
    expect((await send('DELETE', `/api/Drill/${first!.id}`)).body.data).toBe(true);
    expect((await send('DELETE', `/api/Drill/${first!.id}`)).status).toBe(404);
  });
});
