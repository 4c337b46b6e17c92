// Users and notification-only contacts on the API (spec 02 §2.8, §3 'User', §4 'User modal', 'User invite link', §5
// 'User modal', §7 'Users and groups', §8 'User'; issue 14): the list and its order, paging through 5,000 users, every
// field error of §5 under its field with nothing written, promotion and demotion (one transaction each), the
// invite each new full user is sent, the contacts' e-mail subscription and unsubscribe link, 'resend?', and the
// 'user-changed' bus event. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { RoleName } from '@allclear/domain';
import { USER_MESSAGES } from '@allclear/contracts';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import {
  locations,
  notificationUsers,
  userInvites,
  userNotificationSettings,
  users,
} from '../../../db/schema/index.ts';
import {
  buildCustomer,
  buildLocation,
  buildNotificationUser,
  buildSite,
  buildUser,
} from '../../../db/factories.ts';
import { ACTIVATION_LINK_PLACEHOLDER } from '../../../platform/alerts.ts';
import type { BusEvents } from '../../../platform/bus.ts';
import { unsubscribeSignerFor } from '../../../platform/message-links.ts';
import { INVITE_EMAIL_SENT } from '../../shared/invites.ts';
import { UNSUBSCRIBE_PAGE_TEXTS } from './unsubscribe-texts.ts';
import { GROUP_REFUSED, ROLE_REFUSED } from './user.service.ts';

const PASSWORD = 'Test-password-1';
let t: TestApp;
let assistantId: string;
let otherGroup: number;
const changes: BusEvents['user-changed'][] = [];

beforeAll(async () => {
  t = await createTestApp();
  t.bus.subscribe('user-changed', (e) => changes.push(e));
  otherGroup = (await buildSite(t.db.db, { customerId: t.a.customer.id, name: 'Grounds' })).id;
  assistantId = (
    await buildUser(t.db.db, {
      customerId: t.a.customer.id,
      role: 'Assistant Admin',
      siteId: t.a.site.id,
      password: PASSWORD,
    })
  ).id;
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'DELETE';
const as = (userId: string) => async (method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: { authorization: `Bearer ${await t.tokenFor(userId)}` },
  });
const admin = () => as(t.a.admin.id);

const userCount = async () => (await t.db.db.select({ n: count() }).from(users))[0]!.n;
const contactCount = async () => (await t.db.db.select({ n: count() }).from(notificationUsers))[0]!.n;
const inviteCount = async () => (await t.db.db.select({ n: count() }).from(userInvites))[0]!.n;
const userRow = async (id: string) => (await t.db.db.select().from(users).where(eq(users.id, id)))[0];
const contactRow = async (id: number) =>
  (await t.db.db.select().from(notificationUsers).where(eq(notificationUsers.id, id)))[0];

let seq = 0;
/** A valid `POST user` body for a Customer of customer A's group. */
const newUser = (over: Record<string, unknown> = {}) => {
  seq += 1;
  return {
    id: '',
    firstName: `New${seq}`,
    lastName: 'Person',
    email: `new${seq}@users.test`,
    phoneNumber: null,
    timeZone: 'CST',
    roleId: 4,
    siteId: t.a.site.id,
    ...over,
  };
};
const newContact = (over: Record<string, unknown> = {}) => {
  seq += 1;
  return {
    firstName: `Contact${seq}`,
    lastName: 'Only',
    email: `contact${seq}@users.test`,
    phoneNumber: '+1 (214) 555-0199',
    timeZone: 'EST',
    siteId: t.a.site.id,
    ...over,
  };
};
const customerOfGroup = (role: RoleName = 'Customer', siteId = t.a.site.id) =>
  buildUser(t.db.db, { customerId: t.a.customer.id, role, siteId, isActive: false });

describe('GET user/customer', () => {
  it("lists the caller's customer's users by first name, case-insensitively, in the spec's shape", async () => {
    const customer = await buildCustomer(t.db.db, { name: 'Ordering Co' });
    const site = await buildSite(t.db.db, { customerId: customer.id, name: 'Crew' });
    const boss = await buildUser(t.db.db, {
      customerId: customer.id,
      role: 'Admin',
      firstName: 'Zed',
      password: PASSWORD,
    });
    for (const [firstName, lastName] of [
      ['bob', 'B'],
      ['Alice', 'Z'],
      ['alice', 'A'],
    ])
      await buildUser(t.db.db, { customerId: customer.id, siteId: site.id, firstName, lastName });
    const res = await as(boss.id)('GET', '/api/user/customer');
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { firstName: string; lastName: string }[];
    expect(list.map((u) => u.firstName)).toEqual(['alice', 'Alice', 'bob', 'Zed']);
    expect(list.slice(0, 3).map((u) => u.lastName)).toEqual(['A', 'Z', 'B']);
    expect(list[0]).toMatchObject({
      fullName: 'alice A',
      roleId: 4,
      roleName: 'Customer',
      roleDisplayName: 'Customer',
      roleHierarchy: 4,
      siteId: site.id,
      siteName: 'Crew',
      customerId: customer.id,
      timeZone: 'CST',
      isActive: true,
      orgLocations: [],
      abilities: { edit: true, delete: true, resendInvite: false, changeGroup: true },
    });
    // the Admin themself: seen, not editable (hierarchy not below their own)
    expect(list[3]).toMatchObject({ id: boss.id, abilities: { edit: false, delete: false } });
  });

  it('answers one page with limit and offset, in the same order', async () => {
    const all = (await admin()('GET', '/api/user/customer')).json().data as { id: string }[];
    const page = (await admin()('GET', '/api/user/customer?offset=1&limit=2')).json().data as {
      id: string;
    }[];
    expect(page.map((u) => u.id)).toEqual(all.slice(1, 3).map((u) => u.id));
    expect((await admin()('GET', '/api/user/customer?limit=1001')).statusCode).toBe(400);
  });

  it("gives an Assistant Admin only their own group's users", async () => {
    const other = await customerOfGroup('Customer', otherGroup);
    const list = (await as(assistantId)('GET', '/api/user/customer')).json().data as {
      id: string;
      siteId: number;
    }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((u) => u.siteId === t.a.site.id)).toBe(true);
    expect(list.map((u) => u.id)).not.toContain(other.id);
    expect(list.map((u) => u.id)).toContain(assistantId);
  });

  it('offers resend only for a user who has not set a password yet', async () => {
    const invited = await customerOfGroup();
    const list = (await admin()('GET', '/api/user/customer')).json().data as {
      id: string;
      abilities: { resendInvite: boolean };
    }[];
    expect(list.find((u) => u.id === invited.id)!.abilities.resendInvite).toBe(true);
    expect(list.find((u) => u.id === t.a.customerUser.id)!.abilities.resendInvite).toBe(false);
  });

  it('reads 5,000 users in five pages of 1,000, each quickly, in one order', async () => {
    const customer = await buildCustomer(t.db.db, { name: 'Big Co' });
    const site = await buildSite(t.db.db, { customerId: customer.id });
    const boss = await buildUser(t.db.db, { customerId: customer.id, role: 'Admin', password: PASSWORD });
    const rows = Array.from({ length: 4999 }, (_, i) => ({
      customerId: customer.id,
      siteId: site.id,
      roleId: 4,
      firstName: `Person${String(i).padStart(4, '0')}`,
      lastName: 'Bulk',
      email: `bulk${i}@big.test`,
      userName: `bulk${i}@big.test`,
    }));
    for (let i = 0; i < rows.length; i += 1000) await t.db.db.insert(users).values(rows.slice(i, i + 1000));
    const call = as(boss.id);
    const seen: string[] = [];
    let slowest = 0;
    for (let offset = 0; ; offset += 1000) {
      const started = performance.now();
      const res = await call('GET', `/api/user/customer?offset=${offset}&limit=1000`);
      slowest = Math.max(slowest, performance.now() - started);
      const page = res.json().data as { firstName: string }[];
      seen.push(...page.map((u) => u.firstName));
      if (page.length < 1000) break;
    }
    expect(seen).toHaveLength(5000);
    expect(new Set(seen).size).toBe(5000);
    expect(seen).toContain('Person4998');
    const sorted = [...seen].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
    expect(seen).toEqual(sorted);
    // a page of 1,000 with its groups, roles and locations in one query; generous for a shared machine
    expect(slowest).toBeLessThan(3000);
  }, 120_000);
});

describe('POST user/roles', () => {
  it("lists the customer's users of the given roles", async () => {
    const res = await admin()('POST', '/api/user/roles', ['Admin', 'Assistant Admin']);
    expect(res.statusCode).toBe(200);
    const roles = new Set((res.json().data as { roleName: string }[]).map((u) => u.roleName));
    expect([...roles].sort()).toEqual(['Admin', 'Assistant Admin']);
    expect((await admin()('POST', '/api/user/roles', ['Notification Only'])).statusCode).toBe(400);
  });
});

describe('POST user', () => {
  it('adds an inactive user, e-mails the invite through the notifier and publishes user-changed', async () => {
    const before = t.events.length;
    const body = newUser({ email: '  New.Person@Users.TEST ', phoneNumber: '(214) 555-0110' });
    const res = await admin()('POST', '/api/user', body);
    expect(res.statusCode).toBe(200);
    const user = res.json().data;
    expect(user).toMatchObject({
      firstName: body.firstName,
      email: 'new.person@users.test',
      userName: 'new.person@users.test',
      phoneNumber: '(214) 555-0110',
      roleName: 'Customer',
      siteId: t.a.site.id,
      isActive: false,
      alertTimesEnabled: true,
      geofenceAlertsEnabled: false,
      abilities: { edit: true, delete: true, resendInvite: true },
    });
    const row = await userRow(user.id);
    expect(row).toMatchObject({ passwordHash: null, isActive: false });
    const [settings] = await t.db.db
      .select()
      .from(userNotificationSettings)
      .where(eq(userNotificationSettings.userId, user.id));
    expect(settings).toBeDefined();
    const invite = t.events.slice(before).find((e) => e.kind === 'account-invite')!;
    expect(invite.details.recipient).toMatchObject({
      key: `user:${user.id}`,
      email: 'new.person@users.test',
    });
    // the event holds a placeholder, never a token: the link is made as the e-mail is sent
    expect(invite.body).toContain(ACTIVATION_LINK_PLACEHOLDER);
    const [stored] = await t.db.db.select().from(userInvites).where(eq(userInvites.userId, user.id));
    expect(stored).toMatchObject({ tokenHash: null, usedAt: null, revokedAt: null });
    expect(changes.at(-1)).toEqual({ userId: user.id, customerId: t.a.customer.id, deleted: false });
  });

  it("puts an Assistant Admin's new user into their own group", async () => {
    const res = await as(assistantId)('POST', '/api/user', newUser());
    expect(res.statusCode).toBe(200);
    expect(res.json().data.siteId).toBe(t.a.site.id);
  });
});

/** Every field error of spec 02 §5 'User modal', each under its field. */
const FIELD_ERRORS: [string, Record<string, unknown>, string, string][] = [
  ['a blank first name', { firstName: '  ' }, 'FirstName', USER_MESSAGES.FirstName],
  [
    'a first name over 100 characters',
    { firstName: 'x'.repeat(101) },
    'FirstName',
    USER_MESSAGES.firstNameTooLong,
  ],
  ['no e-mail for a full user', { email: null }, 'Email', USER_MESSAGES.Email],
  ['an e-mail that is not one', { email: 'not-an-address' }, 'Email', USER_MESSAGES.emailInvalid],
  ['a phone number of 6 digits', { phoneNumber: '555-010' }, 'PhoneNumber', USER_MESSAGES.phoneInvalid],
  ['a phone number with letters', { phoneNumber: '214-CALL-NOW' }, 'PhoneNumber', USER_MESSAGES.phoneInvalid],
  ['no time zone', { timeZone: '' }, 'TimeZone', USER_MESSAGES.TimeZone],
  ['an unknown time zone', { timeZone: 'GMT' }, 'TimeZone', USER_MESSAGES.timeZoneUnknown],
  ['no permission level', { roleId: null }, 'RoleId', USER_MESSAGES.RoleId],
  ['an unknown permission level', { roleId: 99 }, 'RoleId', USER_MESSAGES.roleUnknown],
  ['Notification Only on a full user', { roleId: -1 }, 'RoleId', USER_MESSAGES.roleNotFull],
  ['no user group', { siteId: null }, 'SiteId', USER_MESSAGES.SiteId],
];

describe('field errors of spec 02 §5: named field, nothing written', () => {
  const nothingWritten = async () => [
    await userCount(),
    await contactCount(),
    await inviteCount(),
    t.events.length,
  ];

  it.each(FIELD_ERRORS)('POST user with %s → %s', async (_, over, field, message) => {
    const before = await nothingWritten();
    const res = await admin()('POST', '/api/user', newUser(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().responseException.errors[field]).toEqual([message]);
    expect(await nothingWritten()).toEqual(before);
  });

  it.each(FIELD_ERRORS)('POST user/update with %s → %s', async (_, over, field, message) => {
    const target = await customerOfGroup();
    const before = await userRow(target.id);
    const body = { ...newUser(over), id: target.id };
    const res = await admin()('POST', '/api/user/update', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().responseException.errors[field]).toEqual([message]);
    expect(await userRow(target.id)).toEqual(before);
  });

  it("names SiteId for another customer's group, and UserName for an e-mail another user has", async () => {
    const before = await nothingWritten();
    const foreign = await admin()('POST', '/api/user', newUser({ siteId: t.b.site.id }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().responseException.errors).toEqual({ SiteId: ['User Group does not exist.'] });
    const taken = t.b.customerUser.email!.toUpperCase();
    const dup = await admin()('POST', '/api/user', newUser({ email: taken }));
    expect(dup.statusCode).toBe(400);
    expect(dup.json().responseException.errors).toEqual({
      UserName: [USER_MESSAGES.userNameTaken(taken.toLowerCase())],
    });
    expect(await nothingWritten()).toEqual(before);
  });

  it('names every missing field at once', async () => {
    const res = await admin()('POST', '/api/user', {
      id: '',
      firstName: '',
      email: null,
      phoneNumber: null,
      timeZone: '',
      roleId: null,
      siteId: null,
    });
    expect(Object.keys(res.json().responseException.errors).sort()).toEqual([
      'Email',
      'FirstName',
      'RoleId',
      'SiteId',
      'TimeZone',
    ]);
  });

  it.each(
    FIELD_ERRORS.filter(([, over]) => !('roleId' in over) && !('email' in over && over.email === null)),
  )('POST notificationuser with %s → %s', async (_, over, field, message) => {
    const before = await nothingWritten();
    const res = await admin()('POST', '/api/notificationuser', newContact(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().responseException.errors[field]).toEqual([message]);
    expect(await nothingWritten()).toEqual(before);
  });
});

describe('POST user/update', () => {
  it("changes a user's role and group, and publishes user-changed", async () => {
    const target = await customerOfGroup();
    const res = await admin()('POST', '/api/user/update', {
      ...newUser({ roleId: 3, siteId: otherGroup, email: target.email }),
      id: target.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      roleName: 'Assistant Admin',
      siteId: otherGroup,
      siteName: 'Grounds',
    });
    expect(changes.at(-1)).toEqual({ userId: target.id, customerId: t.a.customer.id, deleted: false });
  });

  it("sends a new invite to an inactive user's new address; the old link is revoked", async () => {
    const added = (await admin()('POST', '/api/user', newUser())).json().data;
    const before = t.events.length;
    const res = await admin()('POST', '/api/user/update', {
      ...newUser({ email: 'moved@users.test' }),
      id: added.id,
    });
    expect(res.statusCode).toBe(200);
    const invite = t.events.slice(before).find((e) => e.kind === 'account-invite')!;
    expect(invite.details.recipient).toMatchObject({ email: 'moved@users.test' });
    const rows = await t.db.db.select().from(userInvites).where(eq(userInvites.userId, added.id));
    expect(rows.filter((r) => r.revokedAt === null)).toHaveLength(1);
    expect(rows).toHaveLength(2);
  });

  it('refuses a role at or above the editor’s own, and an Assistant Admin moving a user to another group', async () => {
    const target = await customerOfGroup();
    const before = await userRow(target.id);
    const promote = await admin()('POST', '/api/user/update', {
      ...newUser({ roleId: 2, email: target.email }),
      id: target.id,
    });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().responseException.message).toBe(ROLE_REFUSED);
    const move = await as(assistantId)('POST', '/api/user/update', {
      ...newUser({ siteId: otherGroup, email: target.email }),
      id: target.id,
    });
    expect(move.statusCode).toBe(403);
    expect(move.json().responseException.message).toBe(GROUP_REFUSED);
    expect(await userRow(target.id)).toEqual(before);
  });
});

describe('DELETE user/{id}', () => {
  it('deletes the user with their locations, and publishes user-changed (deleted)', async () => {
    const target = await customerOfGroup();
    await buildLocation(t.db.db, { customerId: t.a.customer.id, userId: target.id });
    const res = await admin()('DELETE', `/api/user/${target.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toBe('Deleted user');
    expect(await userRow(target.id)).toBeUndefined();
    expect(await t.db.db.select().from(locations).where(eq(locations.userId, target.id))).toEqual([]);
    expect(changes.at(-1)).toEqual({ userId: target.id, customerId: t.a.customer.id, deleted: true });
  });
});

describe('DELETE user/demote', () => {
  it('turns a full user into a contact and removes their locations and settings, in one transaction', async () => {
    const target = await customerOfGroup();
    await t.db.db.insert(userNotificationSettings).values({ userId: target.id });
    await buildLocation(t.db.db, { customerId: t.a.customer.id, userId: target.id });
    const body = { id: target.id, ...newContact({ email: target.email }) };
    const res = await admin()('DELETE', '/api/user/demote', body);
    expect(res.statusCode).toBe(200);
    const contact = res.json().data;
    expect(contact).toMatchObject({
      firstName: body.firstName,
      email: target.email,
      roleId: -1,
      roleName: 'Notification Only',
      roleHierarchy: 5,
      isActive: true,
      emailUnsubscribed: false,
    });
    expect(await userRow(target.id)).toBeUndefined();
    expect(await t.db.db.select().from(locations).where(eq(locations.userId, target.id))).toEqual([]);
    expect(
      await t.db.db
        .select()
        .from(userNotificationSettings)
        .where(eq(userNotificationSettings.userId, target.id)),
    ).toEqual([]);
    expect(await contactRow(contact.id)).toMatchObject({ customerId: t.a.customer.id, siteId: t.a.site.id });
    expect(changes.at(-1)).toEqual({ userId: target.id, customerId: t.a.customer.id, deleted: true });
  });

  it('writes nothing when the contact cannot be written (the user stays, with their locations)', async () => {
    const target = await customerOfGroup();
    await buildLocation(t.db.db, { customerId: t.a.customer.id, userId: target.id });
    const before = await contactCount();
    const res = await admin()('DELETE', '/api/user/demote', {
      id: target.id,
      ...newContact({ siteId: 999999 }),
    });
    expect(res.statusCode).toBe(400);
    expect(await userRow(target.id)).toBeDefined();
    expect(await t.db.db.select().from(locations).where(eq(locations.userId, target.id))).toHaveLength(1);
    expect(await contactCount()).toBe(before);
  });
});

describe('POST user/PromoteNotificationOnlyUser', () => {
  it('turns a contact into an inactive full user with an invite; the contact is gone', async () => {
    const contact = await buildNotificationUser(t.db.db, {
      customerId: t.a.customer.id,
      siteId: t.a.site.id,
    });
    const before = t.events.length;
    const res = await admin()('POST', '/api/user/PromoteNotificationOnlyUser', {
      ...newUser({ firstName: contact.firstName, email: 'promoted@users.test' }),
      id: contact.id,
    });
    expect(res.statusCode).toBe(200);
    const user = res.json().data;
    expect(user).toMatchObject({ firstName: contact.firstName, roleName: 'Customer', isActive: false });
    expect(await contactRow(contact.id)).toBeUndefined();
    expect(t.events.slice(before).map((e) => e.kind)).toEqual(['account-invite']);
    expect(changes.at(-1)).toEqual({ userId: user.id, customerId: t.a.customer.id, deleted: false });
  });

  it('keeps the contact when the e-mail is taken', async () => {
    const contact = await buildNotificationUser(t.db.db, {
      customerId: t.a.customer.id,
      siteId: t.a.site.id,
    });
    const res = await admin()('POST', '/api/user/PromoteNotificationOnlyUser', {
      ...newUser({ email: t.a.customerUser.email }),
      id: contact.id,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().responseException.errors)).toEqual(['UserName']);
    expect(await contactRow(contact.id)).toBeDefined();
  });
});

describe('notificationuser', () => {
  it("lists the customer's contacts with their subscription; an Assistant Admin only their group's", async () => {
    const mine = await buildNotificationUser(t.db.db, { customerId: t.a.customer.id, siteId: t.a.site.id });
    const theirs = await buildNotificationUser(t.db.db, { customerId: t.a.customer.id, siteId: otherGroup });
    const all = (await admin()('GET', '/api/notificationuser')).json().data as { id: number }[];
    expect(all.map((c) => c.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect(all.find((c) => c.id === mine.id)).toMatchObject({
      roleId: -1,
      roleHierarchy: 5,
      emailUnsubscribed: false,
      abilities: { edit: true, delete: true, resendInvite: false, changeGroup: true },
    });
    const group = (await as(assistantId)('GET', '/api/notificationuser')).json().data as { id: number }[];
    expect(group.map((c) => c.id)).toContain(mine.id);
    expect(group.map((c) => c.id)).not.toContain(theirs.id);
  });

  it('adds a contact and e-mails it a welcome (none without an e-mail address)', async () => {
    const before = t.events.length;
    const res = await admin()('POST', '/api/notificationuser', newContact());
    expect(res.statusCode).toBe(200);
    const contact = res.json().data;
    const welcome = t.events.slice(before);
    expect(welcome.map((e) => e.kind)).toEqual(['contact-welcome']);
    expect(welcome[0]!.details.recipient).toMatchObject({ key: `notification-user:${contact.id}` });
    const silent = t.events.length;
    expect((await admin()('POST', '/api/notificationuser', newContact({ email: null }))).statusCode).toBe(
      200,
    );
    expect(t.events.length).toBe(silent);
  });

  it('updates a contact; a new address starts subscribed', async () => {
    const contact = await buildNotificationUser(t.db.db, {
      customerId: t.a.customer.id,
      siteId: t.a.site.id,
      emailUnsubscribed: true,
      emailUnsubscribedAt: new Date(),
    });
    const res = await admin()('POST', '/api/notificationuser/update', {
      id: contact.id,
      ...newContact({ email: 'fresh@users.test' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email: 'fresh@users.test', emailUnsubscribed: false });
  });

  it('deletes a contact', async () => {
    const contact = await buildNotificationUser(t.db.db, {
      customerId: t.a.customer.id,
      siteId: t.a.site.id,
    });
    const res = await admin()('DELETE', `/api/notificationuser/${contact.id}`);
    expect(res.statusCode).toBe(200);
    expect(await contactRow(contact.id)).toBeUndefined();
  });
});

describe('the unsubscribe link and GET notificationuser/{id}/emailsubscriptions', () => {
  const link = async (id: number, email: string) => {
    const signer = await unsubscribeSignerFor(t.db.db);
    return `/api/notificationuser/unsubscribe?u=${id}&s=${signer.sign(id, email)}`;
  };
  const subscriptions = async (id: number) =>
    (await admin()('GET', `/api/notificationuser/${id}/emailsubscriptions`)).json().data;

  it('shows a page with a button, unsubscribing nobody; no sign-in needed', async () => {
    const contact = await buildNotificationUser(t.db.db, {
      customerId: t.a.customer.id,
      siteId: t.a.site.id,
    });
    const res = await t.app.inject({ method: 'GET', url: await link(contact.id, contact.email!) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain(UNSUBSCRIBE_PAGE_TEXTS.button);
    expect(await subscriptions(contact.id)).toMatchObject({ subscribed: true, unsubscribedAt: null });
    // its Content Security Policy lets its own style and form through, and nothing else
    const csp = String(res.headers['content-security-policy']);
    const style = /<style>([\s\S]*?)<\/style>/.exec(res.body)![1]!;
    expect(csp).toContain(`style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(csp).toContain("form-action 'self'");
    expect(csp).toMatch(/^default-src 'none'/);
    expect(res.body).not.toMatch(/<script|style="/);
  });

  it('unsubscribes at once on the one-click POST (RFC 8058), urlencoded or multipart', async () => {
    for (const [type, payload] of [
      ['application/x-www-form-urlencoded', 'List-Unsubscribe=One-Click'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
      ],
    ] as const) {
      const contact = await buildNotificationUser(t.db.db, {
        customerId: t.a.customer.id,
        siteId: t.a.site.id,
      });
      const res = await t.app.inject({
        method: 'POST',
        url: await link(contact.id, contact.email!),
        headers: { 'content-type': type },
        payload,
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(UNSUBSCRIBE_PAGE_TEXTS.done);
      expect(await subscriptions(contact.id)).toMatchObject({
        notificationUserId: contact.id,
        email: contact.email,
        subscribed: false,
        unsubscribedAt: t.clock.now().toISOString(),
      });
      const list = (await admin()('GET', '/api/notificationuser')).json().data as {
        id: number;
        emailUnsubscribed: boolean;
      }[];
      expect(list.find((c) => c.id === contact.id)!.emailUnsubscribed).toBe(true);
    }
  });

  it('refuses a forged link and the link of an older address, changing nothing', async () => {
    const contact = await buildNotificationUser(t.db.db, {
      customerId: t.a.customer.id,
      siteId: t.a.site.id,
    });
    const forged = `/api/notificationuser/unsubscribe?u=${contact.id}&s=${'A'.repeat(43)}`;
    const old = await link(contact.id, 'old-address@users.test');
    for (const url of [forged, old, await link(contact.id + 100000, contact.email!)]) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(UNSUBSCRIBE_PAGE_TEXTS.invalid);
    }
    expect(await subscriptions(contact.id)).toMatchObject({ subscribed: true });
  });
});

describe('GET account/sendactivateemail (identity service)', () => {
  it("sends a new invite to a user who has not set a password, revoking the old one: 'Invite email sent!'", async () => {
    const added = (await admin()('POST', '/api/user', newUser())).json().data;
    const before = t.events.length;
    const res = await admin()('GET', `/identity/account/sendactivateemail?id=${added.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toBe(INVITE_EMAIL_SENT);
    expect(t.events.slice(before).map((e) => e.kind)).toEqual(['account-invite']);
    const rows = await t.db.db.select().from(userInvites).where(eq(userInvites.userId, added.id));
    expect(rows.map((r) => r.revokedAt === null).sort()).toEqual([false, true]);
  });

  it('refuses a user who has set their password, and a caller without a token', async () => {
    const res = await admin()('GET', `/identity/account/sendactivateemail?id=${t.a.customerUser.id}`);
    expect(res.statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/identity/account/sendactivateemail?id=${t.a.customerUser.id}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
