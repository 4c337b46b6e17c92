// POST /identity/account/change on the real app (issue 15; spec 02 §3 'Password change', §5, §8): every field error
// (IdentityError, CurrentPassword, NewPassword, ConfirmedNewPassword), the profile policy (another user's id 404,
// whatever their customer), the package's common passwords, and what a change does: the new password signs in and the
// old does not, every other session ends at once (its access token refused by the API, its refresh token gone) while
// the session that changed it goes on, a notice e-mail is handed to the notifier, and each attempt is audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_CHANGE_MESSAGES } from '@allclear/contracts';
import { PASSWORD_MESSAGES } from '@allclear/domain';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildUser } from '../../db/factories.ts';
import { AuthEventRepository } from './auth-events.repository.ts';
import { exchangeCode, postLogin, signIn, startAuthorization, pathOf } from './test-support.ts';
import { WEB_CLIENT_ID } from './provider.ts';

const OLD = 'thunder over the practice field';
const NEW = 'a quiet all clear at dusk';

let t: TestApp;
let user: { id: string; email: string };

/** Signs in through the sign-in page and the token endpoint: a session of its own with its tokens. */
async function session(email: string, password: string) {
  const journey = await signIn(t.app, email, password);
  const res = await exchangeCode(t.app, journey);
  expect(res.statusCode).toBe(200);
  const body = res.json() as { access_token: string; refresh_token: string };
  return { access: body.access_token, refresh: body.refresh_token };
}

const change = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/identity/account/change',
    headers: { authorization: `Bearer ${token}` },
    payload,
  });

const current = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/user/current', headers: { authorization: `Bearer ${token}` } });

const refresh = (refreshToken: string) =>
  t.app.inject({
    method: 'POST',
    url: '/identity/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:5173' },
    payload: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: WEB_CLIENT_ID,
    }).toString(),
  });

const body = (payload: Partial<Record<string, string>> = {}) => ({
  userId: user.id,
  currentPassword: OLD,
  newPassword: NEW,
  confirmedNewPassword: NEW,
  ...payload,
});

beforeAll(async () => {
  t = await createTestApp();
  const row = await buildUser(t.db.db, {
    customerId: t.a.customer.id,
    role: 'Customer',
    email: 'casey.changer@test.allclear.test',
    firstName: 'Casey',
    lastName: 'Changer',
    password: OLD,
  });
  user = { id: row.id, email: row.email! };
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('POST account/change: field errors (spec 02 §5)', () => {
  let token: string;
  beforeAll(async () => {
    token = await t.tokenFor(user.id);
  });

  it('refuses a wrong current password under CurrentPassword', async () => {
    const res = await change(token, body({ currentPassword: 'not the one' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().responseException).toEqual({
      message: 'Error changing password',
      errors: { CurrentPassword: [PASSWORD_CHANGE_MESSAGES.currentWrong] },
    });
  });

  it('requires the current password', async () => {
    const res = await change(token, body({ currentPassword: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().responseException.errors.CurrentPassword).toEqual([
      PASSWORD_CHANGE_MESSAGES.currentRequired,
    ]);
  });

  it('refuses a new password of 11 characters under NewPassword', async () => {
    const res = await change(
      token,
      body({ newPassword: 'eleven char', confirmedNewPassword: 'eleven char' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().responseException.errors.NewPassword).toEqual([PASSWORD_MESSAGES.tooShort]);
  });

  it('refuses 129 characters and takes no composition rule', async () => {
    const long = 'x'.repeat(129);
    const res = await change(token, body({ newPassword: long, confirmedNewPassword: long }));
    expect(res.json().responseException.errors.NewPassword).toEqual([PASSWORD_MESSAGES.tooLong]);
  });

  it("refuses a password on the package's common list (not on the domain's own)", async () => {
    const res = await change(
      token,
      body({ newPassword: 'LeaveMeAlone', confirmedNewPassword: 'LeaveMeAlone' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().responseException.errors).toEqual({ NewPassword: [PASSWORD_MESSAGES.common] });
  });

  it("refuses the account's own e-mail address", async () => {
    const res = await change(token, body({ newPassword: user.email, confirmedNewPassword: user.email }));
    expect(res.json().responseException.errors).toEqual({ NewPassword: [PASSWORD_MESSAGES.personal] });
  });

  it('refuses the current password as the new one', async () => {
    const res = await change(token, body({ newPassword: OLD, confirmedNewPassword: OLD }));
    expect(res.statusCode).toBe(400);
    expect(res.json().responseException.errors.NewPassword).toEqual([PASSWORD_MESSAGES.sameAsCurrent]);
  });

  it('refuses a confirmation that differs under ConfirmedNewPassword, and an empty one', async () => {
    const res = await change(token, body({ confirmedNewPassword: `${NEW}!` }));
    expect(res.json().responseException.errors).toEqual({
      ConfirmedNewPassword: [PASSWORD_MESSAGES.mismatch],
    });
    const empty = await change(token, body({ confirmedNewPassword: '' }));
    expect(empty.json().responseException.errors).toEqual({
      ConfirmedNewPassword: [PASSWORD_CHANGE_MESSAGES.confirmRequired],
    });
  });

  it("refuses another user's password, of the caller's customer or another's, as not found (404)", async () => {
    // the profile policy lets a user see only their own record: another's is not revealed
    const same = await change(token, body({ userId: t.a.admin.id }));
    expect(same.statusCode).toBe(404);
    const other = await change(token, body({ userId: t.b.admin.id }));
    expect(other.statusCode).toBe(404);
  });

  it('needs a bearer token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/identity/account/change', payload: body() });
    expect(res.statusCode).toBe(401);
  });

  it('audits every failed attempt the service decides, never keeping a password', async () => {
    const rows = await new AuthEventRepository(t.db.db).latest(50, 'password-change-failed');
    const mine = rows.filter((r) => r.userId === user.id);
    expect(mine.length).toBeGreaterThanOrEqual(3);
    expect(mine.map((r) => r.details.reason)).toContain('wrong current password');
    expect(JSON.stringify(mine)).not.toContain(OLD);
  });
});

describe('POST account/change: a change ends every other session', () => {
  it('keeps the session that changed it, ends the others, and the new password signs in', async () => {
    const changer = await session(user.email, OLD);
    const other = await session(user.email, OLD);
    expect((await current(other.access)).statusCode).toBe(200);
    const eventsBefore = t.events.length;

    const res = await change(changer.access, body());
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toBe(PASSWORD_CHANGE_MESSAGES.changed);

    // the other session: its access token is refused at once, its refresh token is gone
    expect((await current(other.access)).statusCode).toBe(401);
    expect((await refresh(other.refresh)).statusCode).toBe(400);
    // and the identity service's user info refuses it too
    const me = (token: string) =>
      t.app.inject({ method: 'GET', url: '/identity/me', headers: { authorization: `Bearer ${token}` } });
    expect((await me(other.access)).statusCode).toBe(401);
    expect((await me(changer.access)).statusCode).toBe(200);
    // the session that changed it goes on, and renews
    expect((await current(changer.access)).statusCode).toBe(200);
    const renewed = await refresh(changer.refresh);
    expect(renewed.statusCode).toBe(200);
    expect((await current(renewed.json().access_token)).statusCode).toBe(200);

    // the old password no longer signs in; the new one does, and its session works
    const { jar, auth } = await startAuthorization(t.app);
    const refused = await postLogin(t.app, jar, pathOf(auth.headers.location as string), user.email, OLD);
    expect(refused.statusCode).toBe(401);
    const fresh = await session(user.email, NEW);
    expect((await current(fresh.access)).statusCode).toBe(200);

    // the notice to the user, handed to the notifier in the change's transaction
    const notice = t.events.slice(eventsBefore).find((e) => e.kind === 'password-changed');
    expect(notice?.subject).toBe('Your AllClear password was changed');
    expect(notice?.details.recipient).toMatchObject({ email: user.email, userId: user.id });
    const audit = await new AuthEventRepository(t.db.db).latest(5, 'password-changed');
    expect(audit[0]).toMatchObject({ userId: user.id, customerId: t.a.customer.id });
  });

  it('limits wrong current passwords per account: the 11th in a row is refused with 429 and Retry-After', async () => {
    const victim = await buildUser(t.db.db, { customerId: t.a.customer.id, password: OLD });
    const token = await t.tokenFor(victim.id);
    const wrong = {
      userId: victim.id,
      currentPassword: 'guess',
      newPassword: NEW,
      confirmedNewPassword: NEW,
    };
    for (let i = 0; i < 10; i++) expect((await change(token, wrong)).statusCode).toBe(400);
    const refused = await change(token, { ...wrong, currentPassword: OLD });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    expect(refused.json().responseException.errors.IdentityError[0]).toMatch(
      /^Too many wrong current passwords/,
    );
  });
});
