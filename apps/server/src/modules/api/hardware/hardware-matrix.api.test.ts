// Spec 02 §6 on the API for issue 16: every hardware route (units, sirens, tests, disable/enable, relays, PA, drills)
// against Super Admin, Admin, Assistant Admin, Customer and an Admin of another customer, with the exact answer:
// 403 for a Customer on its own customer's rows (the Hardware page is for the admin roles; 'Customer (basic): cannot
// edit ... hardware settings'), 404 for another customer's admin on customer A's rows (not revealed), and a list of
// only their own for them. Stored PA messages are for every signed-in user (spec 02 §2.1: no role rule); the
// simulator's device switches for a Super Admin only. A refused call sends no command. Devices are the simulator's
// virtual sirens, PA units and relay boards on a real gateway, so an allowed call is a real, answered one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import type { RoleName } from '@allclear/domain';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import {
  buildHardware,
  buildPaMessage,
  buildPaUnit,
  buildSiren,
  buildUser,
  buildWeatherStation,
} from '../../../db/factories.ts';
import { paCommands, remoteRelays, sirenCommands, sirenDrills } from '../../../db/schema/index.ts';
import {
  createDeviceDirectory,
  type OwnedDeviceDirectory,
} from '../../../engine/devices/device-directory.ts';
import { createDeviceGateway, type DeviceGateway } from '../../../engine/devices/gateway.ts';
import { silentLogger } from '../../../engine/lightning/test-support.ts';

const CALLERS = ['Super Admin', 'Admin', 'Assistant Admin', 'Customer', 'Admin of another customer'] as const;
type Caller = (typeof CALLERS)[number];
const ids = {} as Record<Caller, string>;
const PASSWORD = 'Test-password-1';
const BOARD = '10.50.1.10';

let t: TestApp;
let devices: OwnedDeviceDirectory;
let gateway: DeviceGateway;
const a = {} as { unit: number; siren: number; toggleUnit: number; pa: number; message: number };

beforeAll(async () => {
  devices = createDeviceDirectory({ simulated: true });
  t = await createTestApp({ devices });
  const customerId = t.a.customer.id;
  const user = async (role: RoleName) =>
    (await buildUser(t.db.db, { customerId, role, siteId: t.a.site.id, password: PASSWORD })).id;
  ids['Super Admin'] = await user('Super Admin');
  ids.Admin = t.a.admin.id;
  ids['Assistant Admin'] = await user('Assistant Admin');
  ids.Customer = t.a.customerUser.id;
  ids['Admin of another customer'] = t.b.admin.id;
  const unit = await buildHardware(t.db.db, {
    customerId,
    modelId: 'OWX',
    name: 'Main OWX',
    ipAddress: BOARD,
  });
  a.unit = unit.id;
  a.siren = (await buildSiren(t.db.db, { customerId, hardwareId: unit.id })).id;
  await buildWeatherStation(t.db.db, { customerId, hardwareId: unit.id });
  await t.db.db.insert(remoteRelays).values({ customerId, hardwareId: unit.id, name: 'Lights', channel: 1 });
  a.pa = (await buildPaUnit(t.db.db, { customerId, hardwareId: unit.id })).id;
  const toggle = await buildHardware(t.db.db, { customerId, modelId: 'OWS', name: 'Spare Siren' });
  a.toggleUnit = toggle.id;
  await buildSiren(t.db.db, { customerId, hardwareId: toggle.id });
  a.message = (await buildPaMessage(t.db.db, { customerId })).id;
  gateway = createDeviceGateway({
    config: t.config,
    db: t.db,
    clock: t.clock,
    weather: t.weather,
    log: silentLogger,
    enqueueAlert: async (_tx, event) => void t.events.push(event),
    bus: t.bus,
    devices,
    mqttPort: 0,
    virtualSirens: true,
    virtualPaUnits: true,
    virtualStations: false,
  });
  await gateway.start();
}, 60_000);

afterAll(async () => {
  await gateway?.stop();
  await devices?.close();
  await t?.close();
});

interface Call {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
}
const send = async (caller: Caller, call: Call) => {
  const res = await t.app.inject({
    method: call.method,
    url: call.url,
    ...(call.payload === undefined ? {} : { payload: call.payload as Record<string, unknown> }),
    headers: { authorization: `Bearer ${await t.tokenFor(ids[caller])}` },
  });
  return { status: res.statusCode, body: res.body };
};

const OWN = [200, 200, 200, 403, 404] as const;
/** A list: the other customer's admin gets their own (none of customer A's). */
const LIST = [200, 200, 200, 403, 200] as const;

const drillBody = () => ({
  sirenIds: [a.siren],
  testType: 'light',
  localDate: '2026-07-01',
  localTime: '13:00',
  recurrence: 'once',
});
const freshDrill = async () =>
  (
    await t.db.db
      .insert(sirenDrills)
      .values({
        customerId: t.a.customer.id,
        testType: 'light',
        localDate: '2026-07-02',
        localTime: '10:00',
        timeZone: 'America/Chicago',
        recurrence: 'once',
        nextRunAt: new Date('2026-07-02T15:00:00Z'),
        createdAt: t.clock.now(),
      })
      .returning()
  )[0]!.id;
const settings = () => ({
  id: a.siren,
  duration: 10,
  frequency: 1,
  allClearDuration: 10,
  allClearFrequency: 1,
  alertTimes: [],
});
const toggle = () => ({ hardwareId: a.toggleUnit, message: 'Matrix test' });

const ROUTES: { name: string; call: () => Promise<Call>; expected: readonly number[]; list?: boolean }[] = [
  {
    name: 'GET Hardware',
    call: async () => ({ method: 'GET', url: '/api/Hardware' }),
    expected: LIST,
    list: true,
  },
  {
    name: 'GET hardware/{id}',
    call: async () => ({ method: 'GET', url: `/api/hardware/${a.unit}` }),
    expected: OWN,
  },
  {
    name: 'GET Hardware/Audit/{id}',
    call: async () => ({ method: 'GET', url: `/api/Hardware/Audit/${a.unit}` }),
    expected: OWN,
  },
  {
    name: 'GET Hardware/OWS/{id}',
    call: async () => ({ method: 'GET', url: `/api/Hardware/OWS/${a.unit}` }),
    expected: OWN,
  },
  {
    name: 'PATCH Hardware/OWS/Settings',
    call: async () => ({ method: 'PATCH', url: '/api/Hardware/OWS/Settings', payload: settings() }),
    expected: OWN,
  },
  { name: 'GET Siren', call: async () => ({ method: 'GET', url: '/api/Siren' }), expected: LIST, list: true },
  ...(['Test/Delay', 'Test/AllClear', 'Test/Light', 'TurnOff'] as const).map((path) => ({
    name: `POST Siren/${path}`,
    call: async (): Promise<Call> => ({ method: 'POST', url: `/api/Siren/${path}`, payload: [a.siren] }),
    expected: OWN,
  })),
  ...(['Disable', 'Enable', 'Siren/Disable', 'Siren/Enable'] as const).map((path) => ({
    name: `POST Support/${path}`,
    call: async (): Promise<Call> => ({ method: 'POST', url: `/api/Support/${path}`, payload: toggle() }),
    expected: OWN,
  })),
  {
    name: 'GET RemoteRelay/{ipAddress}',
    call: async () => ({ method: 'GET', url: `/api/RemoteRelay/${BOARD}` }),
    expected: OWN,
  },
  {
    name: 'POST RemoteRelay/SetRelay/{ipAddress}',
    call: async () => ({
      method: 'POST',
      url: `/api/RemoteRelay/SetRelay/${BOARD}`,
      payload: { id: 'Lights', toggled: true },
    }),
    expected: OWN,
  },
  { name: 'GET PA', call: async () => ({ method: 'GET', url: '/api/PA' }), expected: LIST, list: true },
  {
    name: 'POST PA/SendMessage',
    call: async () => ({
      method: 'POST',
      url: '/api/PA/SendMessage',
      payload: { pAList: [a.pa], message: 'Matrix test', repeatCount: 1 },
    }),
    expected: OWN,
  },
  { name: 'GET Drill', call: async () => ({ method: 'GET', url: '/api/Drill' }), expected: LIST, list: true },
  {
    name: 'POST Drill',
    call: async () => ({ method: 'POST', url: '/api/Drill', payload: drillBody() }),
    expected: OWN,
  },
  {
    name: 'DELETE Drill/{id}',
    call: async () => ({ method: 'DELETE', url: `/api/Drill/${await freshDrill()}` }),
    expected: OWN,
  },
  // stored messages: every signed-in user of the customer (spec 02 §2.1 /PAStoredMessages)
  {
    name: 'GET PA/StoredMessages',
    call: async () => ({ method: 'GET', url: '/api/PA/StoredMessages' }),
    expected: [200, 200, 200, 200, 200],
    list: true,
  },
  {
    name: 'PATCH PA/StoredMessage',
    call: async () => ({
      method: 'PATCH',
      url: '/api/PA/StoredMessage',
      payload: { id: a.message, title: 'Matrix', message: 'Matrix test.' },
    }),
    expected: [200, 200, 200, 200, 404],
  },
  // the simulator's switches: a Super Admin only
  {
    name: 'PUT sim/Siren/{id}',
    call: async () => ({ method: 'PUT', url: `/api/sim/Siren/${a.siren}`, payload: { acknowledges: true } }),
    expected: [200, 403, 403, 403, 403],
  },
  {
    name: 'PUT sim/RelayBoard/{ipAddress}',
    call: async () => ({ method: 'PUT', url: `/api/sim/RelayBoard/${BOARD}`, payload: { online: true } }),
    expected: [200, 403, 403, 403, 403],
  },
];

const commandsSent = async () =>
  (await t.db.db.select({ n: count() }).from(sirenCommands))[0]!.n +
  (await t.db.db.select({ n: count() }).from(paCommands))[0]!.n;

describe('hardware routes by role (spec 02 §6)', () => {
  it.each(ROUTES)('$name', async (route) => {
    const got: number[] = [];
    for (const caller of CALLERS) {
      const before = await commandsSent();
      const res = await send(caller, await route.call());
      got.push(res.status);
      if (res.status >= 400) expect(await commandsSent(), `${caller} sent a command`).toBe(before);
      // the other customer's admin sees none of customer A's rows in a list
      if (route.list && caller === 'Admin of another customer')
        for (const text of ['Main OWX', 'Spare Siren', `"customerId":${t.a.customer.id},`])
          expect(res.body).not.toContain(text);
    }
    expect(got).toEqual([...route.expected]);
  });

  it('refuses the hardware stream to a Customer', async () => {
    expect((await send('Customer', { method: 'GET', url: '/stream/Hardware' })).status).toBe(403);
  });
});
