// The notifier's last step before sending (compose.ts; issue 14): every e-mail to a notification-only contact
// carries a one-click unsubscribe (RFC 8058 List-Unsubscribe + List-Unsubscribe-Post, over real SMTP) and is not
// sent once the contact has unsubscribed; an invite gets its link, with only the token's hash stored.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from '../../db/test-db.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { buildCustomer, buildNotificationUser, buildUser } from '../../db/factories.ts';
import { alertDeliveries, alertEvents, notificationUsers, userInvites } from '../../db/schema/index.ts';
import { ManualClock } from '../../platform/clock.ts';
import { ACTIVATION_LINK_PLACEHOLDER } from '../../platform/alerts.ts';
import { unsubscribeSignerFor } from '../../platform/message-links.ts';
import { smtpSender } from './channels/email.ts';
import type { OutgoingMessage } from './channels/types.ts';
import { UNSUBSCRIBE_FOOTER, createComposer, type Composer } from './compose.ts';
import { deliverOne } from './deliver.ts';
import { startSmtpServer } from './test-fakes.ts';

const PUBLIC_URL = 'https://allclear.example';
let db: DatabaseHandle;
let clock: ManualClock;
let compose: Composer;
let customerId: number;

beforeAll(async () => {
  db = await createTestDatabase();
  clock = new ManualClock();
  compose = createComposer({ db, clock, publicUrl: PUBLIC_URL });
  customerId = (await buildCustomer(db.db)).id;
}, 60_000);
afterAll(async () => {
  await db?.close();
});

const draft = (over: Partial<OutgoingMessage>): OutgoingMessage => ({
  deliveryId: '00000000-0000-4000-8000-000000000001',
  eventId: '00000000-0000-4000-8000-000000000002',
  correlationId: 'c',
  kind: 'lightning-delay',
  notificationType: 2,
  customerId,
  locationId: null,
  policyId: null,
  occurredAt: clock.now(),
  subject: 'Lightning Delay at Field',
  body: 'Lightning within 8 miles.',
  details: {},
  address: 'someone@example.com',
  recipientKey: 'user:00000000-0000-4000-8000-000000000003',
  userId: null,
  ...over,
});

describe('e-mail to a notification-only contact', () => {
  it('carries List-Unsubscribe and List-Unsubscribe-Post, and the link at the end of the text, over SMTP', async () => {
    const contact = await buildNotificationUser(db.db, { customerId, email: 'contact@example.com' });
    const composed = await compose(
      draft({ address: 'contact@example.com', recipientKey: `notification-user:${contact.id}` }),
      'email',
    );
    if ('skip' in composed) throw new Error(composed.skip);
    const signature = (await unsubscribeSignerFor(db.db)).sign(contact.id, 'contact@example.com');
    const link = `${PUBLIC_URL}/api/notificationuser/unsubscribe?u=${contact.id}&s=${signature}`;
    expect(composed.message.headers).toEqual({
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(composed.message.body).toBe(`Lightning within 8 miles.\n\n${UNSUBSCRIBE_FOOTER} ${link}`);

    const smtp = await startSmtpServer();
    const sender = smtpSender(smtp.url, 'AllClear <alerts@allclear.local>');
    try {
      await sender.send(composed.message);
      const raw = smtp.mails[0]!.raw.replace(/\r\n[ \t]+/g, ' ');
      expect(raw).toContain(`List-Unsubscribe: <${link}>`);
      expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    } finally {
      sender.close();
      await smtp.close();
    }
  });

  it('is not sent once the contact unsubscribed, was deleted or changed address; SMS is left alone', async () => {
    const gone = await buildNotificationUser(db.db, { customerId, email: 'gone@example.com' });
    const unsubscribed = await buildNotificationUser(db.db, {
      customerId,
      email: 'out@example.com',
      emailUnsubscribed: true,
    });
    const moved = await buildNotificationUser(db.db, { customerId, email: 'new@example.com' });
    await db.db.delete(notificationUsers).where(eq(notificationUsers.id, gone.id));
    const of = (id: number, address: string) => draft({ address, recipientKey: `notification-user:${id}` });
    expect(await compose(of(unsubscribed.id, 'out@example.com'), 'email')).toEqual({
      skip: 'the contact unsubscribed from e-mail',
    });
    expect(await compose(of(gone.id, 'gone@example.com'), 'email')).toEqual({
      skip: 'the notification-only contact was deleted',
    });
    expect(await compose(of(moved.id, 'old@example.com'), 'email')).toEqual({
      skip: "the contact's e-mail address changed",
    });
    const sms = await compose(of(unsubscribed.id, '+15550100001'), 'sms');
    expect(sms).toEqual({ message: of(unsubscribed.id, '+15550100001') });
  });

  it('adds nothing to an e-mail to a full user', async () => {
    const message = draft({});
    expect(await compose(message, 'email')).toEqual({ message });
  });

  it('keeps a delivery planned before the contact unsubscribed as skipped, with why, and sends nothing', async () => {
    const contact = await buildNotificationUser(db.db, { customerId, email: 'late@example.com' });
    const [event] = await db.db
      .insert(alertEvents)
      .values({
        id: '00000000-0000-4000-8000-0000000000e1',
        kind: 'contact-welcome',
        notificationType: 1,
        customerId,
        correlationId: 'welcome',
        occurredAt: clock.now(),
        subject: 'Welcome',
        body: 'Hello',
        details: {},
      })
      .returning();
    const [delivery] = await db.db
      .insert(alertDeliveries)
      .values({
        eventId: event!.id,
        customerId,
        recipientKey: `notification-user:${contact.id}`,
        notificationUserId: contact.id,
        channel: 'email',
        address: 'late@example.com',
      })
      .returning();
    await db.db
      .update(notificationUsers)
      .set({ emailUnsubscribed: true })
      .where(eq(notificationUsers.id, contact.id));
    const sent: OutgoingMessage[] = [];
    const send = async (m: OutgoingMessage) => {
      sent.push(m);
    };
    const outcome = await deliverOne(
      {
        db,
        clock,
        senders: { email: send, sms: send, push: send, webhook: send, singlewire: send },
        perMinute: { email: 10, sms: 6 },
        compose,
      },
      delivery!.id,
      0,
      false,
    );
    expect(outcome).toBe('skipped');
    expect(sent).toEqual([]);
    const [row] = await db.db.select().from(alertDeliveries).where(eq(alertDeliveries.id, delivery!.id));
    expect(row).toMatchObject({ status: 'skipped', lastError: 'the contact unsubscribed from e-mail' });
  });
});

describe('an invite', () => {
  it('gets its activation link as it is sent; only the SHA-256 of the token is stored', async () => {
    const user = await buildUser(db.db, { customerId, isActive: false });
    const [invite] = await db.db.insert(userInvites).values({ userId: user.id, customerId }).returning();
    const composed = await compose(
      draft({
        kind: 'account-invite',
        body: `Set your password:\n${ACTIVATION_LINK_PLACEHOLDER}\n`,
        details: { inviteId: invite!.id },
      }),
      'email',
    );
    if ('skip' in composed) throw new Error(composed.skip);
    const token = /activate\?token=([A-Za-z0-9_-]{43})\n/.exec(composed.message.body)![1]!;
    expect(composed.message.body).toContain(`${PUBLIC_URL}/identity/account/activate?token=${token}`);
    const [stored] = await db.db.select().from(userInvites).where(eq(userInvites.id, invite!.id));
    expect(stored!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(stored!.sentAt).toEqual(clock.now());
  });

  it('is not sent once used or replaced', async () => {
    const user = await buildUser(db.db, { customerId, isActive: false });
    const [revoked] = await db.db
      .insert(userInvites)
      .values({ userId: user.id, customerId, revokedAt: clock.now() })
      .returning();
    const composed = await compose(
      draft({ kind: 'account-invite', details: { inviteId: revoked!.id } }),
      'email',
    );
    expect(composed).toEqual({ skip: 'invite used or replaced before it was sent' });
  });
});
