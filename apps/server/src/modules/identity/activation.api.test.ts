// Invites are real (issue 14): an admin adds a user, the notifier e-mails the invite (to the local outbox) with a
// link to the identity service's set-password page, the user sets a password (OWASP ASVS rules, argon2id) and is
// signed in. The link's token is stored only as its SHA-256, works once, expires 72 hours after the e-mail was sent,
// and a forged, altered or replaced token is refused with nothing changed. Runs on PGlite, and on PostgreSQL with
// TEST_DATABASE_URL.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { PASSWORD_MESSAGES } from '@allclear/domain';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  alertDeliveries,
  alertEvents,
  devOutboxMessages,
  userInvites,
  users,
} from '../../db/schema/index.ts';
import { createNotifier, type Notifier } from '../../engine/notifications/index.ts';
import { waitFor } from '../../engine/notifications/test-fakes.ts';
import { INVITE_TTL_MS } from '../../platform/message-links.ts';
import { ACTIVATION_COOKIE } from './activation-cookie.ts';
import { ACTIVATION_MESSAGES } from './activation.routes.ts';
import { escapeHtml } from './pages.ts';
import { CookieJar, exchangeCode, pathOf, signIn, startAuthorization } from './test-support.ts';

const GOOD_PASSWORD = 'storm season at the lake 2026';
let t: TestApp;
let notifier: Notifier;

beforeAll(async () => {
  t = await createTestApp({ enqueueAlert: (tx, event) => notifier.enqueueAlert(tx, event) });
  notifier = createNotifier({
    notify: t.config.notify,
    db: t.db,
    clock: t.clock,
    log: pino({ level: 'silent' }),
    settings: { NOTIFY_POLL_SECONDS: 0.5 },
  });
  await notifier.service.start();
}, 60_000);
afterAll(async () => {
  await notifier?.service.stop();
  await t?.close();
});

const ORIGIN = { origin: 'http://localhost:8080' };
let seq = 0;

/** Adds a user as customer A's Admin and returns the user's id and the link of the invite in the outbox. */
async function invite(): Promise<{ userId: string; email: string; link: string; token: string }> {
  seq += 1;
  const email = `invitee${seq}@activation.test`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user',
    headers: { authorization: `Bearer ${await t.tokenFor(t.a.admin.id)}` },
    payload: {
      firstName: 'Invited',
      lastName: `Person${seq}`,
      email,
      phoneNumber: null,
      timeZone: 'CST',
      roleId: 4,
      siteId: t.a.site.id,
    },
  });
  expect(res.statusCode).toBe(200);
  return { userId: res.json().data.id, email, ...(await linkSentTo(email)) };
}

/** The newest activation link e-mailed to an address (waits for the notifier). */
async function linkSentTo(email: string, after = 0): Promise<{ link: string; token: string }> {
  let body = '';
  await waitFor(async () => {
    const [row] = await t.db.db
      .select()
      .from(devOutboxMessages)
      .where(and(eq(devOutboxMessages.recipient, email), eq(devOutboxMessages.channel, 'email')))
      .orderBy(desc(devOutboxMessages.id))
      .limit(1);
    if (!row || row.id <= after) return false;
    body = row.body;
    return true;
  });
  const link = /http:\/\/localhost:8080\/identity\/account\/activate\?token=([A-Za-z0-9_-]+)/.exec(body);
  expect(link, body).not.toBeNull();
  return { link: link![0], token: link![1]! };
}

const open = (token: string) =>
  t.app.inject({ method: 'GET', url: `/identity/account/activate?token=${token}` });
const setPassword = (token: string, password: string, confirmPassword = password, headers = ORIGIN) =>
  t.app.inject({
    method: 'POST',
    url: '/identity/account/activate',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams({ token, password, confirmPassword }).toString(),
  });
const userRow = async (id: string) => (await t.db.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('the invite e-mail', () => {
  it('reaches the outbox with a link to the set-password page; only the SHA-256 of its token is stored', async () => {
    const sentAt = t.clock.now();
    const { userId, token } = await invite();
    const [row] = await t.db.db.select().from(userInvites).where(eq(userInvites.userId, userId));
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(row!.expiresAt!.getTime() - sentAt.getTime()).toBe(INVITE_TTL_MS);
    // nowhere else in the database: not in the event, not in its delivery
    const events = JSON.stringify(await t.db.db.select().from(alertEvents));
    const deliveries = JSON.stringify(await t.db.db.select().from(alertDeliveries));
    expect(events).not.toContain(token);
    expect(deliveries).not.toContain(token);
    expect(JSON.stringify(await t.db.db.select().from(userInvites))).not.toContain(token);
  });
});

describe('the set-password page', () => {
  it('shows the account and refuses a password the rules refuse, changing nothing', async () => {
    const { userId, email, token } = await invite();
    const page = await open(token);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(email);
    for (const [password, confirm, text] of [
      ['short pass', 'short pass', PASSWORD_MESSAGES.tooShort],
      ['x'.repeat(129), 'x'.repeat(129), PASSWORD_MESSAGES.tooLong],
      ['password1234', 'password1234', PASSWORD_MESSAGES.common],
      // on the common list @zxcvbn-ts/language-common ships, not on the domain's own
      ['LeaveMeAlone', 'LeaveMeAlone', PASSWORD_MESSAGES.common],
      [email, email, PASSWORD_MESSAGES.personal],
      [GOOD_PASSWORD, `${GOOD_PASSWORD}!`, PASSWORD_MESSAGES.mismatch],
    ] as const) {
      const res = await setPassword(token, password, confirm);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(escapeHtml(text));
    }
    expect(await userRow(userId)).toMatchObject({ isActive: false, passwordHash: null });
  });

  it('refuses a form sent from another site', async () => {
    const { userId, token } = await invite();
    const res = await setPassword(token, GOOD_PASSWORD, GOOD_PASSWORD, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect((await userRow(userId)).isActive).toBe(false);
  });

  it('sets the password (argon2id), activates the user and signs that browser in once', async () => {
    const { userId, email, token } = await invite();
    const done = await setPassword(token, GOOD_PASSWORD);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('http://localhost:8080/');
    const row = await userRow(userId);
    expect(row.isActive).toBe(true);
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.activated).toEqual(t.clock.now());

    // the web app starts its sign-in: the browser that set the password is not asked for it
    const jar = new CookieJar();
    jar.store(done);
    expect(jar.header()).toContain(ACTIVATION_COOKIE);
    const { auth, verifier, redirectUri } = await startAuthorization(t.app);
    jar.store(auth);
    const interaction = await t.app.inject({
      method: 'GET',
      url: pathOf(auth.headers.location as string),
      headers: { cookie: jar.header() },
    });
    expect(interaction.statusCode).toBe(303);
    jar.store(interaction);
    let location = new URL(interaction.headers.location as string, 'http://localhost:8080');
    for (let hops = 0; location.pathname.startsWith('/identity/') && hops < 6; hops += 1) {
      const res = await t.app.inject({
        method: 'GET',
        url: pathOf(location.href),
        headers: { cookie: jar.header() },
      });
      jar.store(res);
      location = new URL(res.headers.location as string, 'http://localhost:8080');
    }
    expect(location.pathname).toBe('/callback');
    const tokens = await exchangeCode(t.app, {
      jar,
      verifier,
      redirectUri,
      interactionPath: '',
      callback: location,
    });
    expect(tokens.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user/current',
      headers: { authorization: `Bearer ${tokens.json().access_token}` },
    });
    expect(me.json().data).toMatchObject({ id: userId, email, isActive: true });

    // the cookie signs in once only: the next sign-in asks for the password, which works
    const again = await startAuthorization(t.app);
    const page = await t.app.inject({
      method: 'GET',
      url: pathOf(again.auth.headers.location as string),
      headers: { cookie: `${again.jar.header()}; ${ACTIVATION_COOKIE}=${cookieOf(done)}` },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sign in to continue');
    const journey = await signIn(t.app, email, GOOD_PASSWORD);
    expect(journey.callback.searchParams.get('code')).toBeTruthy();
  });
});

describe('the link', () => {
  it('works once: the second use is refused and changes nothing', async () => {
    const { userId, token } = await invite();
    expect((await setPassword(token, GOOD_PASSWORD)).statusCode).toBe(303);
    const hash = (await userRow(userId)).passwordHash;
    const reused = await setPassword(token, 'another long enough password');
    expect(reused.statusCode).toBe(409);
    expect(reused.body).toContain(escapeHtml(ACTIVATION_MESSAGES.used));
    expect((await open(token)).statusCode).toBe(409);
    expect((await userRow(userId)).passwordHash).toBe(hash);
  });

  it('works until 72 hours after it was sent, not at 72 hours', async () => {
    const { userId, token } = await invite();
    t.clock.advance(INVITE_TTL_MS - 1000);
    expect((await open(token)).statusCode).toBe(200);
    t.clock.advance(1000);
    const expired = await open(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.body).toContain(escapeHtml(ACTIVATION_MESSAGES.expired));
    expect((await setPassword(token, GOOD_PASSWORD)).statusCode).toBe(400);
    expect((await userRow(userId)).isActive).toBe(false);
  });

  it('refuses an altered, a truncated and a made-up token, and one a newer invite replaced', async () => {
    const { userId, email, token } = await invite();
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [altered, token.slice(0, 20), 'A'.repeat(43), `${token}x`]) {
      const res = await setPassword(bad, GOOD_PASSWORD);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(escapeHtml(ACTIVATION_MESSAGES.invalid));
    }
    // 'resend?': the old link is replaced by the new one
    const [last] = await t.db.db
      .select({ id: devOutboxMessages.id })
      .from(devOutboxMessages)
      .orderBy(desc(devOutboxMessages.id))
      .limit(1);
    const resend = await t.app.inject({
      method: 'GET',
      url: `/identity/account/sendactivateemail?id=${userId}`,
      headers: { authorization: `Bearer ${await t.tokenFor(t.a.admin.id)}` },
    });
    expect(resend.json().data).toBe('Invite email sent!');
    const fresh = await linkSentTo(email, last!.id);
    const replaced = await setPassword(token, GOOD_PASSWORD);
    expect(replaced.statusCode).toBe(400);
    expect(replaced.body).toContain(escapeHtml(ACTIVATION_MESSAGES.replaced));
    expect((await userRow(userId)).isActive).toBe(false);
    expect((await setPassword(fresh.token, GOOD_PASSWORD)).statusCode).toBe(303);
  });
});

/** The activation cookie's value in a response. */
function cookieOf(res: { headers: Record<string, unknown> }): string {
  const raw = [res.headers['set-cookie']].flat().map(String);
  const line = raw.find((l) => l.startsWith(`${ACTIVATION_COOKIE}=`))!;
  return line.split(';')[0]!.split('=')[1]!;
}
