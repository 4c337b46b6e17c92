// The notifier on a real database and real loopback channels: recipients, dedup, retries, dead letters.
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { Agent } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { and, eq, inArray } from 'drizzle-orm';
import { NotificationType } from '@allclear/domain';
import { createTestDatabase } from '../../db/test-db.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { seedReferenceData } from '../../db/seed/reference.ts';
import {
  buildCustomer,
  buildLocation,
  buildNotificationUser,
  buildOrganizationLocation,
  buildPolicy,
  buildSite,
  buildUser,
} from '../../db/factories.ts';
import {
  alertDeliveries,
  alertEvents,
  integrationConfigs,
  notifications,
  organizationLocationSites,
  pushSubscriptions,
  scenarioMappings,
  userAlertTimes,
  userNotificationSettings,
  webhooks,
} from '../../db/schema/index.ts';
import { loadConfig } from '../../platform/config.ts';
import { ManualClock } from '../../platform/clock.ts';
import type { AlertEvent } from '../contracts.ts';
import { createNotifier, type Notifier } from './index.ts';
import { signWebhook } from './channels/webhook.ts';
import { selfSignedCertificate, startHttpFake, startSmtpServer, waitFor } from './test-fakes.ts';
import {
  ALL_CLEAR_WAIT_SECONDS,
  deliverOne,
  HeldBackError,
  rateLimitTurn,
  RateLimitedError,
} from './deliver.ts';
import { JOB_PRIORITY } from './priority.ts';
import { PermanentDeliveryError, type OutgoingMessage } from './channels/types.ts';

let db: DatabaseHandle;
let notifier: Notifier;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let twilio: Awaited<ReturnType<typeof startHttpFake>>;
let hooks: Awaited<ReturnType<typeof startHttpFake>>;
let pushService: Awaited<ReturnType<typeof startHttpFake>>;
let singlewire: Awaited<ReturnType<typeof startHttpFake>>;
const clock = new ManualClock('2026-07-01T17:00:00Z'); // Wednesday, 12:00 CDT
const twilioScript: Record<string, number[]> = { '+15550000002': [500, 429] };
const SECRET = 'whsec_' + Buffer.from('test-secret-0123456789').toString('base64');

let customerId: number;
let siteId: number;
let locationId: number;
let silencedLocationId: number;
let policyId: number;
let lightningPolicyId: number;
const ids: Record<string, string> = {};
/** What the notifier logged, at debug and above. */
const logged: LogLine[] = [];
interface LogLine {
  level: number;
  msg: string;
  deliveryId?: string;
}

beforeAll(async () => {
  db = await createTestDatabase();
  await seedReferenceData(db);
  smtp = await startSmtpServer({ 'retry@example.test': 1 });
  twilio = await startHttpFake((req) => {
    const to = new URLSearchParams(req.body).get('To') ?? '';
    return twilioScript[to]?.shift() ?? 201;
  });
  hooks = await startHttpFake((req) => (req.path === '/hang' ? 'hang' : 204));
  pushService = await startHttpFake(() => 201, selfSignedCertificate());
  singlewire = await startHttpFake(() => 201);

  const customer = await buildCustomer(db.db);
  customerId = customer.id;
  const site = await buildSite(db.db, { customerId, alertTimes: true });
  siteId = site.id;
  const otherSite = await buildSite(db.db, { customerId, alertTimes: true });
  const venue = await buildOrganizationLocation(db.db, { customerId });
  await db.db
    .insert(organizationLocationSites)
    .values({ customerId, organizationLocationId: venue.id, siteId });
  const owner = await buildUser(db.db, { customerId, email: 'owner@example.test', phoneNumber: null });
  const member = await buildUser(db.db, {
    customerId,
    siteId,
    email: 'member@example.test',
    phoneNumber: '+15550000001',
  });
  await db.db.insert(userNotificationSettings).values({ userId: member.id, notificationType: 1 });
  const smsRetry = await buildUser(db.db, {
    customerId,
    siteId,
    email: 'retry@example.test',
    phoneNumber: '+15550000002',
  });
  await db.db.insert(userNotificationSettings).values({ userId: smsRetry.id, notificationType: 1 });
  const decliner = await buildUser(db.db, {
    customerId,
    siteId,
    email: 'decliner@example.test',
    declinesNotifications: true,
  });
  const pusher = await buildUser(db.db, {
    customerId,
    siteId,
    email: 'pusher@example.test',
    emailNotifications: false,
  });
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  await db.db.insert(pushSubscriptions).values({
    userId: pusher.id,
    customerId,
    endpoint: `${pushService.url}/push/1`,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  });
  // alert times 22:00-06:00 on Wednesday only: out of schedule at 12:00 CDT
  const nightShift = await buildUser(db.db, { customerId, siteId, email: 'night@example.test' });
  await db.db
    .insert(userAlertTimes)
    .values({ userId: nightShift.id, day: 3, startTime: '22:00:00', endTime: '06:00:00' });
  const outsider = await buildUser(db.db, {
    customerId,
    siteId: otherSite.id,
    email: 'outsider@example.test',
  });
  const contact = await buildNotificationUser(db.db, {
    customerId,
    siteId,
    email: 'contact@example.test',
    phoneNumber: null,
  });
  Object.assign(ids, {
    pusher: pusher.id,
    nightShift: nightShift.id,
    owner: owner.id,
    member: member.id,
    smsRetry: smsRetry.id,
    decliner: decliner.id,
    outsider: outsider.id,
    contact: String(contact.id),
  });
  locationId = (
    await buildLocation(db.db, { customerId, userId: owner.id, organizationLocationId: venue.id, flags: 0 })
  ).id;
  silencedLocationId = (
    await buildLocation(db.db, { customerId, userId: owner.id, organizationLocationId: venue.id, flags: 30 })
  ).id;
  await db.db.insert(webhooks).values({ customerId, url: `${hooks.url}/ok`, name: 'Ops', secret: SECRET });
  policyId = (await buildPolicy(db.db, { customerId, shortName: 'HEAT', threshold: 103, siteIds: [siteId] }))
    .id;
  lightningPolicyId = (await buildPolicy(db.db, { customerId, shortName: 'LR1', siteIds: [otherSite.id] }))
    .id;
  const [integration] = await db.db
    .insert(integrationConfigs)
    .values({ customerId, webhookId: 'wh-1', token: 'sw-token' })
    .returning();
  await db.db.insert(scenarioMappings).values({
    customerId,
    integrationConfigId: integration!.id,
    organizationLocationId: venue.id,
    policyGroupId: siteId,
    singlewireSiteId: 'sw-site-1',
    singlewireScenarioId: 'sw-scenario-9',
  });

  notifier = createNotifier({
    notify: loadConfig({
      APP_ENV: 'test',
      SMTP_URL: smtp.url,
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: '+15559990000',
      TWILIO_API_URL: twilio.url,
      ALLOW_PRIVATE_WEBHOOKS: '1',
      WEBHOOK_TIMEOUT_MS: '300',
      NOTIFY_ATTEMPTS: '3',
      NOTIFY_RETRY_DELAY_SECONDS: '1',
      SINGLEWIRE_API_URL: `${singlewire.url}/api/v1`,
    }).notify,
    db,
    clock,
    log: pino({ level: 'debug' }, { write: (line: string) => void logged.push(JSON.parse(line) as LogLine) }),
    pushAgent: new Agent({ rejectUnauthorized: false }),
  });
  await notifier.service.start();
}, 30_000);

afterAll(async () => {
  await notifier?.service.stop();
  await Promise.all([
    smtp?.close(),
    twilio?.close(),
    hooks?.close(),
    pushService?.close(),
    singlewire?.close(),
  ]);
  await db?.close();
});

function lightningEvent(
  kind: AlertEvent['kind'],
  correlationId: string,
  overrides: Partial<AlertEvent> = {},
): AlertEvent {
  return {
    id: randomUUID(),
    kind,
    notificationType: NotificationType.Lightning,
    customerId,
    locationId,
    correlationId,
    occurredAt: clock.now(),
    subject: kind === 'lightning-delay' ? 'Lightning delay at Field 1' : 'All clear at Field 1',
    body:
      kind === 'lightning-delay'
        ? 'Lightning 4.2 miles from Field 1. All clear at 12:30 PM.'
        : 'All clear at Field 1.',
    details: { strikeId: 's-1', distanceMiles: 4.2, zone: 1 },
    ...overrides,
  };
}

const enqueue = (event: AlertEvent) => db.db.transaction((tx) => notifier.enqueueAlert(tx, event));
/** Records events as enqueueAlert would, without deliveries (the tests that call deliverOne write their own). */
const recordEvents = async (...events: AlertEvent[]) => {
  for (const event of events)
    await db.db
      .insert(alertEvents)
      .values({ ...event, sirenId: null, policyId: null, policyTypeShortName: null });
};
/** The deliveries as they stand now, of the given rows. */
const deliveriesWithIds = (rows: readonly { id: string }[]) =>
  db.db
    .select()
    .from(alertDeliveries)
    .where(
      inArray(
        alertDeliveries.id,
        rows.map((r) => r.id),
      ),
    );
/** deliverOne's dependencies with senders that record what they were handed, in order. */
const recordingDeps = (clockAt: string, perMinute: { email: number; sms: number }) => {
  const sent: string[] = [];
  const messages: OutgoingMessage[] = [];
  const record = async (m: OutgoingMessage) => {
    sent.push(m.deliveryId);
    messages.push(m);
  };
  return {
    sent,
    messages,
    deps: {
      db,
      clock: new ManualClock(clockAt),
      perMinute,
      senders: { email: record, sms: record } as never,
    },
  };
};
/** Writes one pending delivery per [event id, channel, address], each to its own recipient key. */
const recordDeliveries = (name: string, rows: [eventId: string, channel: string, address: string][]) =>
  db.db
    .insert(alertDeliveries)
    .values(
      rows.map(([eventId, channel, address], i) => ({
        eventId,
        customerId,
        recipientKey: `test:${name}-${i}`,
        channel,
        address,
      })),
    )
    .returning();
const deliveriesOf = (eventId: string) =>
  db.db.select().from(alertDeliveries).where(eq(alertDeliveries.eventId, eventId));
const settled = (eventId: string) => async () => {
  const rows = await deliveriesOf(eventId);
  return rows.length > 0 && rows.every((r) => r.status === 'delivered' || r.status === 'dead');
};

describe('notifier', () => {
  const correlationId = randomUUID();
  let delay: AlertEvent;

  it('delivers a lightning delay to the groups of the venue and the owner, on their channels, once', async () => {
    delay = lightningEvent('lightning-delay', correlationId);
    await enqueue(delay);
    await enqueue(delay); // the same event again: nothing more
    await waitFor(settled(delay.id), 20_000);
    const rows = await deliveriesOf(delay.id);
    const keys = rows.map((r) => `${r.recipientKey.split(':')[0]}:${r.address}:${r.channel}`).sort();
    expect(keys).toEqual(
      [
        'notification-user:contact@example.test:email',
        `user:member@example.test:email`,
        'user:+15550000001:sms',
        'user:owner@example.test:email',
        'user:retry@example.test:email',
        'user:+15550000002:sms',
        'user::push',
        `webhook:${hooks.url}/ok:webhook`,
      ].sort(),
    );
    expect(
      rows
        .filter((r) => r.status !== 'delivered' || r.acceptedAt === null)
        .map((r) => [r.channel, r.lastError]),
    ).toEqual([]);
    // decliner, the night shift (out of schedule) and the member of another group get nothing
    expect(smtp.mails.map((m) => m.to).sort()).toEqual(
      ['contact@example.test', 'member@example.test', 'owner@example.test', 'retry@example.test'].sort(),
    );
    // history (the bell) for full users who hear it
    const history = await db.db
      .select()
      .from(notifications)
      .where(eq(notifications.correlationId, correlationId));
    expect(history.map((h) => h.userId).sort()).toEqual(
      [ids.member, ids.owner, ids.smsRetry, ids.pusher].sort(),
    );
    // web push through VAPID to the subscription's endpoint
    expect(pushService.requests).toHaveLength(1);
    expect(pushService.requests[0]!.path).toBe('/push/1');
    expect(String(pushService.requests[0]!.headers.authorization)).toMatch(/^vapid t=.+, k=.+/);
  }, 30_000);

  it('retries a refusing SMTP server and a Twilio 500 then 429, and records the attempts', async () => {
    const rows = await deliveriesOf(delay.id);
    expect(rows.find((r) => r.address === 'retry@example.test')?.attempts).toBe(2);
    expect(rows.find((r) => r.address === '+15550000002')?.attempts).toBe(3);
    expect(rows.find((r) => r.address === '+15550000001')?.attempts).toBe(1);
    const smsToRetry = twilio.requests.filter(
      (r) => new URLSearchParams(r.body).get('To') === '+15550000002',
    );
    expect(smsToRetry).toHaveLength(3);
    expect(twilio.requests[0]!.path).toBe('/2010-04-01/Accounts/AC123/Messages.json');
  });

  it('signs the webhook per Standard Webhooks and the all-clear shares the event id', async () => {
    const allClear = lightningEvent('lightning-all-clear', correlationId, {
      occurredAt: new Date('2026-07-01T09:00:00Z'),
    });
    await enqueue(allClear);
    await waitFor(settled(allClear.id), 20_000);
    const sent = hooks.requests.filter((r) => r.path === '/ok');
    expect(sent).toHaveLength(2);
    for (const r of sent) {
      const id = String(r.headers['webhook-id']);
      const ts = Number(r.headers['webhook-timestamp']);
      expect(r.headers['webhook-signature']).toBe(signWebhook(SECRET, id, ts, r.body));
    }
    const [first, second] = sent.map(
      (r) => JSON.parse(r.body) as { type: string; data: { eventId: string } },
    );
    expect(first!.type).toBe('DELAY');
    expect(second!.type).toBe('ALL_CLEAR');
    expect(second!.data.eventId).toBe(first!.data.eventId);
    // 04:00 CDT is outside every schedule, yet the all-clear reaches whoever got the alert
    expect((await deliveriesOf(allClear.id)).length).toBe((await deliveriesOf(delay.id)).length);
  }, 30_000);

  it('dead-letters a webhook that times out on every attempt, and refuses a private address at once', async () => {
    await db.db
      .update(webhooks)
      .set({ url: `${hooks.url}/hang` })
      .where(eq(webhooks.customerId, customerId));
    await db.db
      .insert(webhooks)
      .values({ customerId, url: 'http://10.1.2.3/hook', name: 'Private', secret: SECRET });
    const event = lightningEvent('lightning-delay', randomUUID());
    await enqueue(event);
    await waitFor(settled(event.id), 20_000);
    const rows = (await deliveriesOf(event.id)).filter((r) => r.channel === 'webhook');
    const hang = rows.find((r) => r.address.endsWith('/hang'))!;
    const priv = rows.find((r) => r.address.includes('10.1.2.3'))!;
    expect(hang).toMatchObject({ status: 'dead', attempts: 3 });
    expect(hang.lastError).toMatch(/timed out/);
    expect(priv).toMatchObject({ status: 'dead', attempts: 1 });
    expect(priv.lastError).toMatch(/refused address 10\.1\.2\.3/);
    // every other delivery of the event still arrived
    expect(rows.length).toBe(2);
    expect(
      (await deliveriesOf(event.id))
        .filter((r) => r.channel !== 'webhook')
        .every((r) => r.status === 'delivered'),
    ).toBe(true);
    await db.db.delete(webhooks).where(eq(webhooks.customerId, customerId));
  }, 30_000);

  it('sends nothing for a silenced location (flags mask 30)', async () => {
    const event = lightningEvent('lightning-delay', randomUUID(), { locationId: silencedLocationId });
    await enqueue(event);
    expect(await deliveriesOf(event.id)).toHaveLength(0);
  });

  it('a rolled-back transaction leaves neither deliveries nor jobs', async () => {
    const event = lightningEvent('lightning-delay', randomUUID());
    await expect(
      db.db.transaction(async (tx) => {
        await notifier.enqueueAlert(tx, event);
        throw new Error('engine failed after enqueue');
      }),
    ).rejects.toThrow('engine failed');
    expect(await deliveriesOf(event.id)).toHaveLength(0);
    const jobs = await db.query<{ n: number }>(
      `select count(*)::int as n from pgboss.job where data->>'deliveryId' is not null and state = 'created'`,
    );
    expect(jobs[0]!.n).toBe(0);
  });
  it('a policy warning reaches the policy groups and triggers the mapped Singlewire scenario', async () => {
    const event: AlertEvent = {
      ...lightningEvent('policy-warning', randomUUID()),
      notificationType: NotificationType.HEAT,
      policyId,
      policyTypeShortName: 'HEAT',
      subject: 'Heat policy at Field 1',
      body: 'Heat index 104 °F at Field 1 (threshold 103 °F).',
      details: { value: 104, threshold: 103, source: 'station' },
    };
    await enqueue(event);
    await waitFor(settled(event.id), 20_000);
    const rows = await deliveriesOf(event.id);
    // the owner is not in the policy's group; the group members are
    expect(rows.some((r) => r.userId === ids.owner)).toBe(false);
    expect(rows.some((r) => r.userId === ids.member)).toBe(true);
    const scenario = rows.find((r) => r.channel === 'singlewire')!;
    expect(scenario).toMatchObject({ status: 'delivered', address: 'sw-scenario-9' });
    expect(singlewire.requests).toHaveLength(1);
    expect(singlewire.requests[0]!.path).toBe('/api/v1/scenario-notifications');
    expect(singlewire.requests[0]!.headers.authorization).toBe('Bearer sw-token');
    expect(JSON.parse(singlewire.requests[0]!.body)).toMatchObject({
      scenarioId: 'sw-scenario-9',
      siteId: 'sw-site-1',
    });
  }, 30_000);

  it('rate limits e-mail per address per minute, and lets it through exactly a minute later', async () => {
    const event = lightningEvent('proactive-forecast', randomUUID());
    await recordEvents(event);
    const [a, b] = await recordDeliveries('limit', [
      [event.id, 'email', 'limit@example.test'],
      [event.id, 'email', 'limit@example.test'],
    ]);
    const sent: string[] = [];
    const local = new ManualClock('2026-07-01T17:00:00Z');
    const deps = {
      db,
      clock: local,
      perMinute: { email: 1, sms: 1 },
      senders: { email: async (m: { deliveryId: string }) => void sent.push(m.deliveryId) } as never,
    };
    expect(await deliverOne(deps, a!.id, 0, false)).toBe('delivered');
    local.advance(59_999);
    await expect(deliverOne(deps, b!.id, 0, false)).rejects.toBeInstanceOf(RateLimitedError);
    // waiting is no attempt: even offered as the last one, the row is neither failed nor dead, and says when to
    // offer it again
    const limited = await deliverOne(deps, b!.id, 4, true).catch((err: unknown) => err);
    expect(limited).toBeInstanceOf(RateLimitedError);
    // its turn is the first slot: a minute after the message that fills the minute, one millisecond away
    expect((limited as RateLimitedError).retryAfterSeconds).toBe(1);
    const [waiting] = await db.db.select().from(alertDeliveries).where(eq(alertDeliveries.id, b!.id));
    expect(waiting).toMatchObject({ status: 'waiting', attempts: 0 });
    local.advance(1);
    expect(await deliverOne(deps, b!.id, 1, false)).toBe('delivered');
    expect(await deliverOne(deps, b!.id, 2, false)).toBe('skipped');
    expect(sent).toEqual([a!.id, b!.id]);
  });

  // the flood limit never stands between a person and a message they asked for, nor one that keeps them safe
  it.each([
    ['a direct message (a report, an invite)', 'report-ready'],
    ['a life-safety message (a lightning delay)', 'lightning-delay'],
  ] as const)(
    'sends %s to an address over its limit at once, while information to it waits',
    async (_, kind) => {
      const forecast = lightningEvent('proactive-forecast', randomUUID());
      const exempt = lightningEvent(kind, randomUUID());
      await recordEvents(forecast, exempt);
      const [first, held, urgent] = await recordDeliveries(`exempt-${kind}`, [
        [forecast.id, 'email', `full-${kind}@example.test`],
        [forecast.id, 'email', `full-${kind}@example.test`],
        [exempt.id, 'email', `full-${kind}@example.test`],
      ]);
      const { sent, deps } = recordingDeps('2026-07-01T19:00:00Z', { email: 1, sms: 1 });
      expect(await deliverOne(deps, first!.id, 0, false)).toBe('delivered');
      await expect(deliverOne(deps, held!.id, 0, false)).rejects.toBeInstanceOf(RateLimitedError);
      expect(await deliverOne(deps, urgent!.id, 0, false)).toBe('delivered');
      expect(sent).toEqual([first!.id, urgent!.id]);
    },
  );

  it('sends a lightning delay by SMS even when the SMS limit allows none', async () => {
    const delay = lightningEvent('lightning-delay', randomUUID());
    await recordEvents(delay);
    const [sms] = await recordDeliveries('no-sms', [[delay.id, 'sms', '+15550009999']]);
    const { sent, deps } = recordingDeps('2026-07-01T19:00:00Z', { email: 1, sms: 0 });
    expect(await deliverOne(deps, sms!.id, 0, false)).toBe('delivered');
    expect(sent).toEqual([sms!.id]);
  });

  it('queues a life-safety delivery ahead of the information waiting on the same channel', async () => {
    const forecast = lightningEvent('proactive-forecast', randomUUID());
    const delay = lightningEvent('lightning-delay', randomUUID());
    await enqueue(forecast);
    await enqueue(delay);
    const jobs = await db.query<{ priority: number; delivery: string }>(
      `select priority, data->>'deliveryId' as delivery from pgboss.job where name = 'notification-delivery'`,
    );
    const priorityOfJob = new Map(jobs.map((j) => [j.delivery, j.priority]));
    const priorities = async (eventId: string) =>
      new Set((await deliveriesOf(eventId)).map((d) => priorityOfJob.get(d.id)));
    // pg-boss fetches by priority, then age: the delay's jobs come first though written last
    expect(await priorities(delay.id)).toEqual(new Set([JOB_PRIORITY['life-safety']]));
    expect(await priorities(forecast.id)).toEqual(new Set([JOB_PRIORITY.information]));
    expect(JOB_PRIORITY['life-safety']).toBeGreaterThan(JOB_PRIORITY.information);
    await waitFor(settled(delay.id), 20_000);
  }, 30_000);

  it('sends no one a second message of the same delay (a zone entered after another), unless the first never reached them', async () => {
    // the earlier tests removed the customer's webhooks: one for this test, which hears of every zone
    const [hook] = await db.db
      .insert(webhooks)
      .values({ customerId, url: `${hooks.url}/ok`, name: 'Zones', secret: SECRET })
      .returning();
    const episode = randomUUID();
    const outer = lightningEvent('lightning-delay', episode, { details: { zone: 3 } });
    await enqueue(outer);
    await waitFor(settled(outer.id), 20_000);
    const channelsOf = async (eventId: string) =>
      (await deliveriesOf(eventId)).map((d) => `${d.recipientKey.split(':')[0]}:${d.channel}`).sort();
    const inner = lightningEvent('lightning-delay', episode, { details: { zone: 1 } });
    await enqueue(inner);
    // the people heard of this delay already; the customer's webhook hears of each zone
    expect(await channelsOf(inner.id)).toEqual(['webhook:webhook']);
    // a message that went dead never reached its person: the next zone's message goes to them
    await db.db
      .update(alertDeliveries)
      .set({ status: 'dead' })
      .where(and(eq(alertDeliveries.eventId, outer.id), eq(alertDeliveries.address, 'owner@example.test')));
    const innermost = lightningEvent('lightning-delay', episode, { details: { zone: 0 } });
    await enqueue(innermost);
    expect((await deliveriesOf(innermost.id)).map((d) => d.address).sort()).toEqual(
      [`${hooks.url}/ok`, 'owner@example.test'].sort(),
    );
    // another delay at the location (a new correlation) reaches everyone again
    const next = lightningEvent('lightning-delay', randomUUID());
    await enqueue(next);
    expect(await channelsOf(next.id)).toEqual(await channelsOf(outer.id));
    await waitFor(settled(next.id), 20_000);
    await waitFor(settled(innermost.id), 20_000);
    await db.db.delete(webhooks).where(eq(webhooks.id, hook!.id));
  }, 60_000);

  it("never sends an all-clear before its delay's message to the same person and channel", async () => {
    const episode = randomUUID();
    const delay = lightningEvent('lightning-delay', episode);
    const allClear = lightningEvent('lightning-all-clear', episode);
    await recordEvents(delay, allClear);
    // recorded one call each: the same recipient key for both
    const [delayMail] = await recordDeliveries('order', [[delay.id, 'email', 'order@example.test']]);
    const [allClearMail] = await recordDeliveries('order', [[allClear.id, 'email', 'order@example.test']]);
    const { sent, deps } = recordingDeps('2026-07-01T19:00:00Z', { email: 10, sms: 10 });
    // the all-clear's job fetched first (the delay's first attempt failed, say): it waits, using no attempt
    const held = await deliverOne(deps, allClearMail!.id, 0, false).catch((err: unknown) => err);
    expect(held).toBeInstanceOf(HeldBackError);
    expect(held).not.toBeInstanceOf(RateLimitedError);
    expect((held as HeldBackError).retryAfterSeconds).toBe(ALL_CLEAR_WAIT_SECONDS);
    expect(await deliverOne(deps, delayMail!.id, 1, false)).toBe('delivered');
    expect(await deliverOne(deps, allClearMail!.id, 0, false)).toBe('delivered');
    expect(sent).toEqual([delayMail!.id, allClearMail!.id]);
  });

  it('sends an all-clear whose delay message went dead: nothing is left to wait for', async () => {
    const episode = randomUUID();
    const delay = lightningEvent('lightning-delay', episode);
    const allClear = lightningEvent('lightning-all-clear', episode);
    await recordEvents(delay, allClear);
    await recordDeliveries('dead-delay', [[delay.id, 'email', 'gone@example.test']]);
    await db.db.update(alertDeliveries).set({ status: 'dead' }).where(eq(alertDeliveries.eventId, delay.id));
    const [allClearMail] = await recordDeliveries('dead-delay', [
      [allClear.id, 'email', 'gone@example.test'],
    ]);
    const { sent, deps } = recordingDeps('2026-07-01T19:00:00Z', { email: 10, sms: 10 });
    expect(await deliverOne(deps, allClearMail!.id, 0, false)).toBe('delivered');
    expect(sent).toEqual([allClearMail!.id]);
  });

  it('sends the first of a burst of delays to one address at once, and the rest as one message naming each location when the window closes', async () => {
    const episode = (place: string) =>
      lightningEvent('lightning-delay', randomUUID(), {
        subject: `Lightning delay at ${place}`,
        body: `Lightning 2 miles from ${place}.`,
      });
    const burst = ['Choctaw Stadium', 'Field 2', 'Field 3', 'Field 4'].map(episode);
    await recordEvents(...burst);
    const base = Date.parse('2026-07-01T20:00:00Z');
    const rows = await db.db
      .insert(alertDeliveries)
      .values(
        burst.map((e, i) => ({
          eventId: e.id,
          customerId,
          recipientKey: `test:burst-${i}`,
          channel: 'email',
          address: 'burst@example.test',
          created: new Date(base + i),
        })),
      )
      .returning();
    const [first, second, third, fourth] = rows;
    const { sent, messages, deps } = recordingDeps('2026-07-01T20:00:00Z', { email: 1, sms: 1 });
    expect(await deliverOne(deps, first!.id, 0, false)).toBe('delivered');
    deps.clock.advance(2_000);
    // the rest wait for the window's close, 5 s after the first was accepted: no attempt used
    for (const row of [second, third, fourth]) {
      const held = await deliverOne(deps, row!.id, 0, false).catch((err: unknown) => err);
      expect(held).toBeInstanceOf(HeldBackError);
      expect((held as HeldBackError).retryAfterSeconds).toBe(3);
    }
    expect(sent).toEqual([first!.id]);
    deps.clock.advance(3_000);
    // the job queue offers them again at the close: whichever comes first carries the others
    expect(await deliverOne(deps, third!.id, 0, false)).toBe('delivered');
    expect(await deliverOne(deps, second!.id, 0, false)).toBe('skipped');
    expect(await deliverOne(deps, fourth!.id, 0, false)).toBe('skipped');
    expect(messages).toHaveLength(2);
    expect(messages[1]!.subject).toBe('Lightning delay at Field 2 and 2 more');
    expect(messages[1]!.body).toBe(
      'Lightning 2 miles from Field 2.\n\nLightning 2 miles from Field 3.\n\nLightning 2 miles from Field 4.',
    );
    const after = await deliveriesWithIds(rows);
    // every one delivered, when the message that carried it was accepted
    expect(after.every((r) => r.status === 'delivered' && r.acceptedAt !== null)).toBe(true);
    expect(
      after
        .filter((r) => r.mergedInto === third!.id)
        .map((r) => r.id)
        .sort(),
    ).toEqual([second!.id, fourth!.id].sort());
  });

  it('a merged message that goes dead takes the deliveries it carried with it, as dead letters', async () => {
    const delays = [
      lightningEvent('lightning-delay', randomUUID()),
      lightningEvent('lightning-delay', randomUUID()),
    ];
    await recordEvents(...delays);
    const [opener, joiner, carrier] = await recordDeliveries('dead-burst', [
      [delays[0]!.id, 'email', 'dead-burst@example.test'],
      [delays[1]!.id, 'email', 'dead-burst@example.test'],
    ]).then(async (rows) => [
      ...rows,
      ...(await recordDeliveries('dead-burst-2', [[delays[1]!.id, 'email', 'dead-burst@example.test']])),
    ]);
    const { deps } = recordingDeps('2026-07-01T21:00:00Z', { email: 10, sms: 10 });
    expect(await deliverOne(deps, opener!.id, 0, false)).toBe('delivered');
    await expect(deliverOne(deps, joiner!.id, 0, false)).rejects.toBeInstanceOf(HeldBackError);
    await expect(deliverOne(deps, carrier!.id, 0, false)).rejects.toBeInstanceOf(HeldBackError);
    const refusing = {
      ...deps,
      senders: { email: async () => Promise.reject(new PermanentDeliveryError('550 no such user')) } as never,
    };
    expect(await deliverOne(refusing, carrier!.id, 0, false)).toBe('dead');
    const [joined] = await db.db.select().from(alertDeliveries).where(eq(alertDeliveries.id, joiner!.id));
    expect(joined).toMatchObject({ status: 'dead', lastError: '550 no such user', mergedInto: carrier!.id });
  });

  /** Nine e-mails of one kind to one person, written a second apart, offered as pg-boss would at three a minute. */
  async function backlogOf(kind: AlertEvent['kind'], address: string) {
    const event = lightningEvent(kind, randomUUID());
    await recordEvents(event);
    const local = new ManualClock('2026-07-01T18:00:00Z');
    const start = local.now().getTime();
    const rows = await db.db
      .insert(alertDeliveries)
      .values(
        Array.from({ length: 9 }, (_, i) => ({
          eventId: event.id,
          customerId,
          recipientKey: `test:${address}-${i}`,
          channel: 'email',
          address,
          created: new Date(start + i * 1000),
        })),
      )
      .returning();
    const sent: { id: string; at: number; subject: string }[] = [];
    const deps = {
      db,
      clock: local,
      perMinute: { email: 3, sms: 1 },
      senders: {
        email: async (m: OutgoingMessage) =>
          void sent.push({ id: m.deliveryId, at: local.now().getTime(), subject: m.subject }),
      } as never,
    };
    // the queue as pg-boss keeps it: each delivery offered at its time; a limited one comes back at its turn
    const queue = rows.map((r, i) => ({ id: r.id, at: start + 10_000 + i * 10 }));
    const offers = new Map<string, number>();
    const outcomes: unknown[] = [];
    while (queue.length > 0) {
      queue.sort((x, y) => x.at - y.at);
      const next = queue.shift()!;
      local.set(new Date(Math.max(next.at, local.now().getTime())));
      offers.set(next.id, (offers.get(next.id) ?? 0) + 1);
      const outcome = await deliverOne(deps, next.id, 0, false).catch((err: unknown) => err);
      if (outcome instanceof RateLimitedError)
        queue.push({ id: next.id, at: local.now().getTime() + outcome.retryAfterSeconds * 1000 });
      else outcomes.push(outcome);
    }
    const after = await deliveriesWithIds(rows);
    return { rows, sent, offers, outcomes, after, start };
  }

  it('offers a backlog of warnings for one address again each at its turn, once, in the order it was written', async () => {
    const { rows, sent, offers, outcomes, start } = await backlogOf('nws-alert', 'backlog@example.test');
    expect(outcomes.every((o) => o === 'delivered')).toBe(true);
    // in the order written, three a minute, each slot taken as it frees (within the second the retry is rounded to)
    expect(sent.map((m) => m.id)).toEqual(rows.map((r) => r.id));
    const minute = (i: number) => sent[i]!.at - start - 10_000;
    for (let i = 3; i < 9; i++) {
      expect(minute(i) - minute(i - 3)).toBeGreaterThanOrEqual(60_000);
      expect(minute(i) - minute(i - 3)).toBeLessThanOrEqual(61_000);
    }
    // the first three at once; every other one held back once and offered again when its turn came
    expect(rows.map((r) => offers.get(r.id))).toEqual([1, 1, 1, 2, 2, 2, 2, 2, 2]);
  });

  it('merges information beyond the limit into one digest, sent when the first of it gets its turn', async () => {
    const { rows, sent, after, start } = await backlogOf('proactive-forecast', 'digest@example.test');
    // three at once, then the six held back go as one message at the fourth's turn, a minute after the first
    expect(sent.map((m) => m.id)).toEqual(rows.slice(0, 4).map((r) => r.id));
    expect(sent[3]!.subject).toMatch(/ and 5 more$/);
    expect(sent[3]!.at - sent[0]!.at).toBeGreaterThanOrEqual(60_000);
    expect(sent[3]!.at - start).toBeLessThanOrEqual(72_000);
    expect(after.every((r) => r.status === 'delivered')).toBe(true);
    expect(after.filter((r) => r.mergedInto === rows[3]!.id)).toHaveLength(5);
  });

  it('gives a waiting message the slot of the message that keeps the minute full, a minute on for each round ahead', () => {
    const t = 1_000_000;
    // three a minute, three sent at t, t+10 s and t+20 s
    expect(rateLimitTurn([t, t + 10_000, t + 20_000], 3, 0)).toBe(t + 60_000);
    expect(rateLimitTurn([t, t + 10_000, t + 20_000], 3, 2)).toBe(t + 80_000);
    expect(rateLimitTurn([t, t + 10_000, t + 20_000], 3, 3)).toBe(t + 120_000);
    expect(rateLimitTurn([t, t + 10_000, t + 20_000], 3, 7)).toBe(t + 190_000);
    // more in the minute than the limit (direct messages count too): the oldest ones must age out first
    expect(rateLimitTurn([t, t + 10_000, t + 20_000, t + 30_000], 3, 0)).toBe(t + 70_000);
    expect(rateLimitTurn([t, t + 10_000, t + 20_000, t + 30_000], 3, 3)).toBe(t + 130_000);
  });

  it('a lightning event with an LR policy still reaches the venue groups and the owner', async () => {
    const event = lightningEvent('lightning-delay', randomUUID(), {
      policyId: lightningPolicyId,
      policyTypeShortName: 'LR1',
    });
    await enqueue(event);
    await waitFor(settled(event.id), 20_000);
    const users = new Set((await deliveriesOf(event.id)).map((r) => r.userId));
    expect(users.has(ids.owner!)).toBe(true);
    expect(users.has(ids.member!)).toBe(true);
    expect(users.has(ids.outsider!)).toBe(false);
  }, 30_000);

  // last: the held-back messages come back a real minute later, after every other test
  it("logs a storm's messages held back by the rate limit at debug, not info: waiting is no failure", async () => {
    // eleven forecasts in the minute: more than ten e-mails to the owner, more than six SMS to the member
    for (let i = 0; i < 11; i++) await enqueue(lightningEvent('proactive-forecast', randomUUID()));
    const heldBack = () => logged.filter((l) => l.msg.startsWith('rate limited: more than'));
    await waitFor(async () => heldBack().length > 0, 20_000);
    expect(heldBack()[0]).toMatchObject({ level: pino.levels.values.debug, deliveryId: expect.any(String) });
    expect(heldBack().filter((l) => l.level >= pino.levels.values.info!)).toEqual([]);
  }, 30_000);
});
