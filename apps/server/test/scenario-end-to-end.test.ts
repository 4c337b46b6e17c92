// Issue 5 end to end: the scenario API drops a strike near a location; a real SMTP server on loopback
// receives the alert e-mail, the siren's MQTT topic receives the warning command, and the Delay
// endpoint shows the countdown. Real database, notifier (pg-boss), lightning engine, MQTT broker.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { connectAsync, type MqttClient } from 'mqtt';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/platform/config.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { createLocalBus } from '../src/platform/bus.ts';
import { createTestDatabase } from '../src/db/test-db.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { seedReferenceData } from '../src/db/seed/reference.ts';
import {
  buildCustomer,
  buildHardware,
  buildLocation,
  buildOrganizationLocation,
  buildSiren,
  buildSite,
  buildUser,
} from '../src/db/factories.ts';
import { organizationLocationSites } from '../src/db/schema/index.ts';
import { createConfiguredWeather } from '../src/engine/weather.ts';
import { createNotifier, type Notifier } from '../src/engine/notifications/index.ts';
import { startSmtpServer, waitFor } from '../src/engine/notifications/test-fakes.ts';
import { createLightningEngine, type LightningEngine } from '../src/engine/lightning/engine.ts';
import { createDeviceGateway, type DeviceGateway } from '../src/engine/devices/gateway.ts';
import { sirenCommandTopic } from '../src/engine/devices/topics.ts';
import { issueTestToken } from '../src/modules/identity/test-tokens.ts';
import type { FastifyInstance } from 'fastify';
import type { ConfiguredWeather } from '@allclear/weather';

// Far from the simulator's default storms (Dallas), so only the injected strike is near.
const SITE = { latitude: 41.5, longitude: -100.5 };

let db: DatabaseHandle;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let notifier: Notifier;
let weather: ConfiguredWeather;
let lightning: LightningEngine;
let gateway: DeviceGateway;
let app: FastifyInstance;
let listener: MqttClient;
const mqttMessages: Record<string, unknown>[] = [];
let locationId: number;
let superToken: string;
let memberToken: string;

beforeAll(async () => {
  db = await createTestDatabase();
  await seedReferenceData(db);
  smtp = await startSmtpServer();
  const config = loadConfig({ APP_ENV: 'test', LOG_LEVEL: 'silent' });
  const clock = new ManualClock(new Date());
  const log = pino({ level: 'silent' });
  const bus = createLocalBus((err) => {
    throw err;
  });

  const customer = await buildCustomer(db.db, { name: 'Prairie Schools' });
  const site = await buildSite(db.db, { customerId: customer.id, alertTimes: false });
  const venue = await buildOrganizationLocation(db.db, {
    customerId: customer.id,
    ...SITE,
    name: 'North Platte Field',
  });
  await db.db
    .insert(organizationLocationSites)
    .values({ customerId: customer.id, organizationLocationId: venue.id, siteId: site.id });
  const location = await buildLocation(db.db, {
    customerId: customer.id,
    label: 'North Platte Field',
    ...SITE,
    radius1: 10,
    allClearMinutes: 30,
    flags: 0,
    organizationLocationId: venue.id,
  });
  locationId = location.id;
  const member = await buildUser(db.db, {
    customerId: customer.id,
    siteId: site.id,
    role: 'Admin',
    email: 'coach@prairie.test',
    password: 'Test-password-1',
  });
  const superAdmin = await buildUser(db.db, {
    customerId: customer.id,
    role: 'Super Admin',
    email: 'drill@prairie.test',
    password: 'Test-password-1',
  });
  const unit = await buildHardware(db.db, {
    customerId: customer.id,
    modelId: 'OWS',
    ...SITE,
    timeZoneId: 'America/Chicago',
  });
  const siren = await buildSiren(db.db, {
    customerId: customer.id,
    hardwareId: unit.id,
    radius: 10,
    allClearMinutes: 15,
    duration: 10,
    frequency: 3,
    allClearDuration: 5,
    allClearFrequency: 2,
  });

  weather = await createConfiguredWeather(config, db, clock);
  notifier = createNotifier({
    notify: loadConfig({ APP_ENV: 'test', LOG_LEVEL: 'silent', SMTP_URL: smtp.url }).notify,
    db,
    clock,
    log,
  });
  await notifier.service.start();
  const ctx = { config, db, clock, weather, log, enqueueAlert: notifier.enqueueAlert };
  gateway = createDeviceGateway({ ...ctx, bus, mqttPort: 0, virtualSirens: false, autoTick: false });
  await gateway.start();
  lightning = createLightningEngine({
    ...ctx,
    bus,
    autoTick: false,
    onSirenCommands: () => void gateway.flush(),
  });
  await lightning.start();
  app = await buildApp({ ...ctx, bus });
  await app.ready();

  listener = await connectAsync(gateway.brokerUrl, { clientId: 'scenario-e2e-listener' });
  listener.on('message', (_topic, payload) => mqttMessages.push(JSON.parse(payload.toString('utf8'))));
  await listener.subscribeAsync(sirenCommandTopic(customer.id, siren.id), { qos: 1 });

  superToken = await issueTestToken(db, { userId: superAdmin.id, publicUrl: config.server.publicUrl });
  memberToken = await issueTestToken(db, { userId: member.id, publicUrl: config.server.publicUrl });
}, 120_000);

afterAll(async () => {
  await listener?.endAsync(true);
  await app?.close();
  await lightning?.stop();
  await gateway?.stop();
  await notifier?.service.stop();
  await weather?.close();
  await smtp?.close();
  await db?.close();
});

describe('[SUPER ADMIN][DRILL] a strike dropped by the scenario API', () => {
  it('reaches the e-mail inbox, the siren and the Delay endpoint', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/sim/strikes',
      headers: { authorization: `Bearer ${superToken}` },
      payload: { latitude: SITE.latitude + 0.05, longitude: SITE.longitude, type: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);

    // the Delay endpoint counts down from the all-clear minutes
    const delay = await app.inject({
      method: 'GET',
      url: `/api/location/Delay/${locationId}`,
      headers: { authorization: `Bearer ${memberToken}` },
    });
    expect(delay.statusCode).toBe(200);
    expect(delay.json().data.item1).toMatch(/^00:(30:00|29:5\d)$/);

    // the siren's topic receives the warning command
    await waitFor(async () => mqttMessages.length > 0, 15_000);
    expect(JSON.stringify(mqttMessages[0])).toMatch(/warning/i);

    // a real SMTP server on loopback receives the alert e-mail for the group member
    await waitFor(async () => smtp.mails.some((m) => m.to === 'coach@prairie.test'), 30_000);
    const mail = smtp.mails.find((m) => m.to === 'coach@prairie.test')!;
    expect(mail.raw).toMatch(/North Platte Field/);
  });
});
