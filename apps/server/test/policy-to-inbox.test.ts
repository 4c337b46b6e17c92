// Issue 5 acceptance: a policy breached, re-alerted, cleared and re-breached produces exactly the expected
// notifications, to exactly the expected recipients, on their channels, once each. Table-driven per policy
// (HEAT, WIND) with a manual clock, through the real policy engine, notifier and pg-boss job queue, into a
// real SMTP server on loopback and the SMS outbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, gt, inArray } from 'drizzle-orm';
import { pino } from 'pino';
import { fToC, mphToMs, type PolicyTypeShortName } from '@allclear/domain';
import type { AlertSource, ConfiguredWeather } from '@allclear/weather';
import { loadConfig } from '../src/platform/config.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { createTestDatabase } from '../src/db/test-db.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { seedReferenceData } from '../src/db/seed/reference.ts';
import {
  buildCustomer,
  buildLocation,
  buildNotificationUser,
  buildPolicy,
  buildSite,
  buildUser,
} from '../src/db/factories.ts';
import {
  alertDeliveries,
  devOutboxMessages,
  locationConditions,
  policyNotificationActions,
  userAlertTimes,
  userNotificationSettings,
} from '../src/db/schema/index.ts';
import { createConfiguredWeather } from '../src/engine/weather.ts';
import type { AlertEvent, EngineContext } from '../src/engine/contracts.ts';
import { createNotifier, type Notifier } from '../src/engine/notifications/index.ts';
import { startSmtpServer, waitFor } from '../src/engine/notifications/test-fakes.ts';
import { createPolicyEngine } from '../src/engine/policies/policy-engine.ts';

const MIN = 60_000;
/** Wednesday 12:00 CDT: inside the group's 05:00-23:00 alert times, outside the night shift's. */
const START = new Date('2026-07-01T17:00:00Z').getTime();

// Who hears a warning of the group's policies: e-mail for every hearer, SMS for the coach (SMS is their
// notification type) and the notification-only contact. Nobody else: not the night shift (outside their
// alert times), the decliner, or the user and contact of the other group.
const COACH = 'coach@lakeside.test';
const NURSE = 'nurse@lakeside.test';
const CONTACT = 'contact@lakeside.test';
const COACH_PHONE = '+15550100001';
const CONTACT_PHONE = '+15550100005';
const HEARERS = { emails: [COACH, CONTACT, NURSE], sms: [COACH_PHONE, CONTACT_PHONE] };
const NOBODY = { emails: [], sms: [] };

type Conditions = Partial<typeof locationConditions.$inferInsert>;

interface Step {
  minute: number;
  conditions: Conditions;
  kind: AlertEvent['kind'] | null;
  to: { emails: string[]; sms: string[] };
  /** The e-mail subject. */
  subject?: string;
  /** Fragments every e-mail body and SMS text must contain. */
  text?: string[];
}

interface Scenario {
  name: string;
  label: string;
  policy: {
    shortName: PolicyTypeShortName;
    threshold: number;
    reAlertMinutes: number;
    allClearMinutes: number;
  };
  /** The policy's own messages (the all-clear is sent only when the policy has one). */
  messages: { trigger: string; allClear: string };
  /** Minutes after START at which the scenario begins. */
  offset: number;
  steps: Step[];
}

const heat = (tempF: number, humidity: number): Conditions => ({
  temperatureC: fToC(tempF),
  relativeHumidityPct: humidity,
});
const wind = (mph: number): Conditions => ({ windSpeedMs: mphToMs(mph) });

const scenarios: Scenario[] = [
  {
    name: 'HEAT 103 °F, re-alert 10 min, all-clear 30 min',
    label: 'Lakeside Stadium',
    policy: { shortName: 'HEAT', threshold: 103, reAlertMinutes: 10, allClearMinutes: 30 },
    messages: { trigger: 'Move practice indoors.', allClear: 'Practice may resume outdoors.' },
    offset: 0,
    steps: [
      {
        minute: 0,
        conditions: heat(104, 50), // heat index 130.6 °F
        kind: 'policy-warning',
        to: HEARERS,
        subject: 'Heat Index Policy Warning at Lakeside Stadium',
        text: [
          'Move practice indoors.',
          'Heat Index at Lakeside Stadium is 131°F, at or above the policy threshold of 103°F.',
          'stays past the threshold for 30 minutes',
        ],
      },
      { minute: 5, conditions: heat(104, 50), kind: null, to: NOBODY },
      {
        minute: 10,
        conditions: heat(105.8, 50), // 136.6 °F
        kind: 'policy-realert',
        to: HEARERS,
        subject: 'Still in effect: Heat Index Policy Warning at Lakeside Stadium',
        text: ['Move practice indoors.', 'Heat Index at Lakeside Stadium is 137°F'],
      },
      { minute: 15, conditions: heat(86, 40), kind: null, to: NOBODY }, // 85.4 °F: all-clear at 45
      { minute: 44, conditions: heat(86, 40), kind: null, to: NOBODY },
      {
        minute: 45,
        conditions: heat(86, 40),
        kind: 'policy-all-clear',
        to: HEARERS,
        subject: 'All Clear: Heat Index at Lakeside Stadium',
        text: [
          'Practice may resume outdoors.',
          'All clear as of 12:45 PM CDT: Heat Index at Lakeside Stadium has stayed below the policy threshold of 103°F for 30 minutes (reached 137°F at 12:10 PM CDT; now 85°F).',
        ],
      },
      {
        minute: 50,
        conditions: heat(102.2, 45), // 119.3 °F: a new warning
        kind: 'policy-warning',
        to: HEARERS,
        subject: 'Heat Index Policy Warning at Lakeside Stadium',
        text: ['Heat Index at Lakeside Stadium is 119°F, at or above the policy threshold of 103°F.'],
      },
    ],
  },
  {
    name: 'WIND 20 mph, re-alert 15 min, all-clear 15 min',
    label: 'Harbor Field',
    policy: { shortName: 'WIND', threshold: 20, reAlertMinutes: 15, allClearMinutes: 15 },
    messages: { trigger: 'Take down the tents.', allClear: 'Tents may go back up.' },
    offset: 120,
    steps: [
      {
        minute: 0,
        conditions: wind(25),
        kind: 'policy-warning',
        to: HEARERS,
        subject: 'Wind Speed Policy Warning at Harbor Field',
        text: [
          'Take down the tents.',
          'Wind Speed at Harbor Field is 25 mph, at or above the policy threshold of 20 mph.',
        ],
      },
      { minute: 10, conditions: wind(26), kind: null, to: NOBODY },
      {
        minute: 15,
        conditions: wind(30),
        kind: 'policy-realert',
        to: HEARERS,
        subject: 'Still in effect: Wind Speed Policy Warning at Harbor Field',
        text: ['Wind Speed at Harbor Field is 30 mph'],
      },
      { minute: 20, conditions: wind(10), kind: null, to: NOBODY }, // all-clear at 35
      { minute: 25, conditions: wind(22), kind: null, to: NOBODY }, // breached again: the timer is cleared
      { minute: 26, conditions: wind(10), kind: null, to: NOBODY }, // all-clear at 41
      { minute: 40, conditions: wind(10), kind: null, to: NOBODY },
      {
        minute: 41,
        conditions: wind(10),
        kind: 'policy-all-clear',
        to: HEARERS,
        subject: 'All Clear: Wind Speed at Harbor Field',
        text: [
          'Tents may go back up.',
          'All clear as of 2:41 PM CDT: Wind Speed at Harbor Field has stayed below the policy threshold of 20 mph for 15 minutes (reached 30 mph at 2:15 PM CDT; now 10 mph).',
        ],
      },
      {
        minute: 45,
        conditions: wind(24),
        kind: 'policy-warning',
        to: HEARERS,
        subject: 'Wind Speed Policy Warning at Harbor Field',
        text: ['Wind Speed at Harbor Field is 24 mph'],
      },
    ],
  },
];

// --- reading the inboxes ---------------------------------------------------------------------------

/** Decodes quoted-printable text (soft line breaks, =XX bytes) as UTF-8. */
function decodeQuotedPrintable(s: string): string {
  const text = s.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Decodes RFC 2047 encoded words of a header. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** Subject and text of a single-part message as the SMTP server received it. */
function readMail(raw: string): { subject: string; text: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  let body = raw.slice(split).trim();
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'quoted-printable') body = decodeQuotedPrintable(body);
  else if (encoding === 'base64') body = Buffer.from(body, 'base64').toString('utf8');
  return {
    subject: decodeHeader(/^Subject:\s*(.*)$/im.exec(head)?.[1] ?? ''),
    text: body.replace(/\r\n/g, '\n'),
  };
}

// --- the world ---------------------------------------------------------------------------------------

let db: DatabaseHandle;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let notifier: Notifier;
let weather: ConfiguredWeather;
const clock = new ManualClock(new Date(START));
const events: AlertEvent[] = [];
let customerId: number;
let groupId: number;

const noAlerts: AlertSource = {
  async activeAlerts() {
    return [];
  },
  async alertsForPoint() {
    return [];
  },
};

beforeAll(async () => {
  db = await createTestDatabase();
  await seedReferenceData(db);
  smtp = await startSmtpServer();
  const config = loadConfig({ APP_ENV: 'test', LOG_LEVEL: 'silent' });
  const log = pino({ level: 'silent' });

  const customer = await buildCustomer(db.db, { name: 'Lakeside Schools' });
  customerId = customer.id;
  const group = await buildSite(db.db, { customerId, alertTimes: true, name: 'Athletics' });
  groupId = group.id;
  const otherGroup = await buildSite(db.db, { customerId, alertTimes: true, name: 'Facilities' });

  const coach = await buildUser(db.db, {
    customerId,
    siteId: groupId,
    email: COACH,
    phoneNumber: COACH_PHONE,
  });
  await db.db.insert(userNotificationSettings).values({ userId: coach.id, notificationType: 1 });
  await buildUser(db.db, { customerId, siteId: groupId, email: NURSE, phoneNumber: null });
  const night = await buildUser(db.db, {
    customerId,
    siteId: groupId,
    email: 'night@lakeside.test',
    phoneNumber: '+15550100002',
  });
  await db.db.insert(userNotificationSettings).values({ userId: night.id, notificationType: 1 });
  // 22:00-06:00 on Wednesdays only: the whole run (12:00-15:00 CDT) is outside it
  await db.db
    .insert(userAlertTimes)
    .values({ userId: night.id, day: 3, startTime: '22:00:00', endTime: '06:00:00' });
  await buildUser(db.db, {
    customerId,
    siteId: groupId,
    email: 'decliner@lakeside.test',
    phoneNumber: '+15550100003',
    declinesNotifications: true,
  });
  await buildNotificationUser(db.db, {
    customerId,
    siteId: groupId,
    email: CONTACT,
    phoneNumber: CONTACT_PHONE,
  });
  const other = await buildUser(db.db, {
    customerId,
    siteId: otherGroup.id,
    email: 'groundskeeper@lakeside.test',
    phoneNumber: '+15550100004',
  });
  await db.db.insert(userNotificationSettings).values({ userId: other.id, notificationType: 1 });
  await buildNotificationUser(db.db, {
    customerId,
    siteId: otherGroup.id,
    email: 'vendor@lakeside.test',
    phoneNumber: '+15550100006',
  });

  weather = await createConfiguredWeather(config, db, clock);
  notifier = createNotifier({
    notify: loadConfig({ APP_ENV: 'test', LOG_LEVEL: 'silent', SMTP_URL: smtp.url }).notify,
    db,
    clock,
    log,
  });
  await notifier.service.start();
}, 120_000);

afterAll(async () => {
  await notifier?.service.stop();
  await weather?.close();
  await smtp?.close();
  await db?.close();
});

function engineContext(): EngineContext {
  return {
    config: loadConfig({ APP_ENV: 'test', LOG_LEVEL: 'silent' }),
    db,
    clock,
    // only the policy is under test: the simulator's NWS alerts are silenced
    weather: { ...weather, providers: { ...weather.providers, alerts: noAlerts } },
    log: pino({ level: 'silent' }),
    enqueueAlert: async (tx, event) => {
      events.push(event);
      await notifier.enqueueAlert(tx, event);
    },
  };
}

async function setConditions(locationId: number, c: Conditions): Promise<void> {
  const now = clock.now();
  const row = {
    locationId,
    observedAt: now,
    source: 'station',
    temperatureC: 20,
    relativeHumidityPct: 50,
    windSpeedMs: 0,
    windGustMs: 0,
    rainMm: 0,
    wbgtC: 15,
    updatedAt: now,
    ...c,
  };
  const { locationId: _id, ...set } = row;
  await db.db
    .insert(locationConditions)
    .values(row)
    .onConflictDoUpdate({ target: locationConditions.locationId, set });
}

const deliveriesOf = (eventIds: string[]) =>
  db.db.select().from(alertDeliveries).where(inArray(alertDeliveries.eventId, eventIds));

const smsAfter = (id: number) =>
  db.db
    .select()
    .from(devOutboxMessages)
    .where(gt(devOutboxMessages.id, id))
    .orderBy(asc(devOutboxMessages.id));

const sorted = (xs: readonly string[]) => [...xs].sort();

describe.each(scenarios.map((s) => [s.name, s] as const))('policy to inbox: %s', (_name, scenario) => {
  it('breach, re-alert, all-clear and re-breach reach exactly the expected inboxes, once each', async () => {
    const location = await buildLocation(db.db, { customerId, label: scenario.label, flags: 0 });
    const policy = await buildPolicy(db.db, { customerId, siteIds: [groupId], ...scenario.policy });
    await db.db.insert(policyNotificationActions).values([
      { policyId: policy.id, allClear: false, message: scenario.messages.trigger },
      { policyId: policy.id, allClear: true, message: scenario.messages.allClear },
    ]);
    const engine = createPolicyEngine(engineContext());
    let mailsSeen = smtp.mails.length;
    let smsSeen = (await smsAfter(0)).at(-1)?.id ?? 0;
    let expectedMails = mailsSeen;

    for (const step of scenario.steps) {
      const at = `minute ${step.minute}`;
      clock.set(new Date(START + (scenario.offset + step.minute) * MIN));
      await setConditions(location.id, step.conditions);
      const before = events.length;
      await engine.runCycle();
      const fired = events.slice(before);
      expect(
        fired.map((e) => e.kind),
        at,
      ).toEqual(step.kind ? [step.kind] : []);

      if (fired.length > 0) {
        const ids = fired.map((e) => e.id);
        await waitFor(async () => {
          const rows = await deliveriesOf(ids);
          return rows.length > 0 && rows.every((r) => r.status === 'delivered' || r.status === 'dead');
        }, 30_000);
        // the deliveries: one per recipient and channel, all accepted; no push, webhook or Singlewire
        const rows = await deliveriesOf(ids);
        expect(sorted(rows.map((r) => `${r.channel}:${r.address}`)), at).toEqual(
          sorted([...step.to.emails.map((e) => `email:${e}`), ...step.to.sms.map((p) => `sms:${p}`)]),
        );
        expect(
          rows.filter((r) => r.status !== 'delivered'),
          at,
        ).toEqual([]);
      }

      // the inboxes
      const mails = smtp.mails.slice(mailsSeen).map((m) => ({ to: m.to, ...readMail(m.raw) }));
      mailsSeen = smtp.mails.length;
      expectedMails += step.to.emails.length;
      const sms = await smsAfter(smsSeen);
      smsSeen = sms.at(-1)?.id ?? smsSeen;
      expect(sorted(mails.map((m) => m.to)), at).toEqual(sorted(step.to.emails));
      expect(sorted(sms.map((m) => m.recipient)), at).toEqual(sorted(step.to.sms));
      expect(sms.every((m) => m.channel === 'sms')).toBe(true);
      for (const m of mails) {
        expect(m.subject, `${at} ${m.to}`).toBe(step.subject);
        for (const fragment of step.text ?? []) expect(m.text, `${at} ${m.to}`).toContain(fragment);
      }
      for (const m of sms) {
        for (const fragment of step.text ?? []) expect(m.body, `${at} ${m.recipient}`).toContain(fragment);
      }
    }

    // a warning and its re-alert and all-clear share one correlation id; the re-breach starts another
    const ofPolicy = events.filter((e) => e.policyId === policy.id);
    expect(new Set(ofPolicy.slice(0, 3).map((e) => e.correlationId)).size).toBe(1);
    expect(ofPolicy[3]!.correlationId).not.toBe(ofPolicy[0]!.correlationId);

    // nothing arrives late or twice: after more than two polls of the worker the inboxes are unchanged
    await new Promise((r) => setTimeout(r, 1_500));
    expect(smtp.mails.length).toBe(expectedMails);
    expect(await smsAfter(smsSeen)).toEqual([]);

    // this location's conditions go away: its open warning ends without a message (next scenario)
    await db.db.delete(locationConditions).where(eq(locationConditions.locationId, location.id));
  }, 180_000);
});
