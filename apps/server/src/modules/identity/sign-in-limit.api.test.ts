// Sign-in guessing protection on the identity service (issue 15; OWASP ASVS 5.0 6.3.1): with the default limit the
// 11th wrong password within a minute is refused with 429 and Retry-After, the right one too until the window has
// passed, then it signs in; an unknown account gets the same answer as a wrong password; a second lockout backs off
// longer; every failure and refusal is an audit entry.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CUSTOMER_FEATURES } from '@allclear/domain';
import type { DatabaseHandle } from '../../db/client.ts';
import { buildCustomer, buildUser } from '../../db/factories.ts';
import { createTestDatabase } from '../../db/test-db.ts';
import { AuthEventRepository } from './auth-events.repository.ts';
import identityModule from './index.ts';
import { createSlidingWindowLimiter, SIGN_IN_FAILURE_LIMIT } from './sign-in-rate-limit.ts';
import { pathOf, postLogin, startAuthorization, type CookieJar } from './test-support.ts';

const PASSWORD = 'rain delay at the south gate';
const MINUTE = 60_000;

let db: DatabaseHandle;
let app: FastifyInstance;
let nowMs = Date.UTC(2026, 4, 8, 15, 0, 0);
let email: string;

beforeAll(async () => {
  db = await createTestDatabase();
  const customer = await buildCustomer(db, { features: [...ALL_CUSTOMER_FEATURES] });
  email = (await buildUser(db, { customerId: customer.id, role: 'Admin', password: PASSWORD })).email!;
  app = Fastify({ logger: false, routerOptions: { caseSensitive: false, ignoreTrailingSlash: true } });
  await app.register(identityModule, {
    prefix: '/identity',
    db,
    config: {
      publicUrl: 'http://localhost:8080',
      webRedirectOrigins: ['http://localhost:5173'],
      cookieSecure: false,
      productName: 'AllClear',
    },
    // the default limit (10 failures per 15 minutes), on a clock the test moves
    limiter: createSlidingWindowLimiter(SIGN_IN_FAILURE_LIMIT),
    now: () => nowMs,
  });
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await db?.close();
});

/** A fresh sign-in page (interactions expire by the real clock, not the limiter's). */
async function signInPage(): Promise<{ jar: CookieJar; path: string }> {
  const { jar, auth } = await startAuthorization(app);
  return { jar, path: pathOf(auth.headers.location as string) };
}

describe('sign-in limit (issue 15)', () => {
  it('refuses the 11th wrong password within a minute with 429 and Retry-After; the right one works after the window', async () => {
    const { jar, path } = await signInPage();
    for (let i = 0; i < 10; i++) {
      nowMs += 5_000;
      const res = await postLogin(app, jar, path, email, `wrong guess ${i}`);
      expect(res.statusCode).toBe(401);
    }
    nowMs += 5_000;
    const eleventh = await postLogin(app, jar, path, email, 'wrong guess 10');
    expect(eleventh.statusCode).toBe(429);
    const retryAfter = Number(eleventh.headers['retry-after']);
    // the first failure was 55 s ago: the window of 15 minutes ends 14 min 5 s from now
    expect(retryAfter).toBe(15 * 60 - 50);
    expect(eleventh.body).toContain(
      'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
    );

    // the right password is refused too while the limit holds
    nowMs += MINUTE;
    expect((await postLogin(app, jar, path, email, PASSWORD)).statusCode).toBe(429);

    // after the window it signs in
    nowMs += retryAfter * 1000;
    const fresh = await signInPage();
    expect((await postLogin(app, fresh.jar, fresh.path, email, PASSWORD)).statusCode).toBe(303);
  });

  it('answers an unknown account exactly as a wrong password', async () => {
    nowMs += 30 * MINUTE;
    const { jar, path } = await signInPage();
    const unknown = await postLogin(app, jar, path, 'nobody@nowhere.allclear.test', 'whatever it is');
    const wrong = await postLogin(app, jar, path, email, 'whatever it is');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    const errorOf = (html: string) => /role="alert"[^>]*>([^<]*)</.exec(html)?.[1];
    expect(errorOf(unknown.body)).toBeTruthy();
    expect(errorOf(unknown.body)).toBe(errorOf(wrong.body));
  });

  it('backs off: a second lockout of the account within a day lasts 30 minutes', async () => {
    nowMs += 60 * MINUTE;
    const { jar, path } = await signInPage();
    // from addresses of their own, so only the account's count is tested
    const attempt = (i: number) =>
      app.inject({
        method: 'POST',
        url: `${path}/login`,
        remoteAddress: `198.51.100.${i + 1}`,
        headers: {
          cookie: jar.header(),
          origin: 'http://localhost:8080',
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams({ email, password: `wrong ${i}` }).toString(),
      });
    for (let i = 0; i < 10; i++) expect((await attempt(i)).statusCode).toBe(401);
    const refused = await attempt(10);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBe(30 * 60);
  });

  it('audits every failure (with whether the account exists) and every refusal, keeping no password', async () => {
    const audit = new AuthEventRepository(db.db);
    const failed = await audit.latest(100, 'sign-in-failed');
    expect(failed.length).toBeGreaterThanOrEqual(22);
    expect(failed.find((r) => r.email === 'nobody@nowhere.allclear.test')).toMatchObject({
      userId: null,
      details: { reason: 'unknown account' },
    });
    expect(failed.find((r) => r.email === email)).toMatchObject({ details: { reason: 'wrong password' } });
    expect(failed.every((r) => r.ip !== '')).toBe(true);
    const refused = await audit.latest(100, 'sign-in-refused');
    expect(refused.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify([...failed, ...refused])).not.toContain('wrong guess');
  });
});
