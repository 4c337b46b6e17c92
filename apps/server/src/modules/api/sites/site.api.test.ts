// User groups (spec 02 §2.8 Manage User Groups, §4 'Alert-time rows' and 'Policy', §5 'User group', §7 site calls,
// §8 'Group'): every field error under Name and AlertTimes[day].StartTime with nothing written, the alert-time rows
// normalised as §4 says, the counts the modal's Delete reads, and a group in use refused with the server's text.
// Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { GROUP_START_TIME_OFF_STEP } from '@allclear/domain';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { organizationLocationSites, siteAlertTimes, sites, widgets } from '../../../db/schema/index.ts';
import { buildOrganizationLocation, buildSite, buildUser } from '../../../db/factories.ts';
import { GROUP_NAME_TAKEN } from './site.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const headers = async () => ({ authorization: `Bearer ${await t.tokenFor(t.a.admin.id)}` });
const call = async (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: await headers(), payload });
const siteCount = async () => (await t.db.db.select({ n: count() }).from(sites))[0]!.n;
const rowOf = async (id: number) => (await t.db.db.select().from(sites).where(eq(sites.id, id)))[0];
const timesOf = async (id: number) =>
  t.db.db.select().from(siteAlertTimes).where(eq(siteAlertTimes.siteId, id)).orderBy(siteAlertTimes.day);

/** Seven rows, 05:00 to 23:00, enabled, with `over` applied to the row of `day`. */
const week = (day = -1, over: Record<string, unknown> = {}) =>
  [0, 1, 2, 3, 4, 5, 6].map((d) => ({
    day: d,
    startTime: '05:00:00',
    endTime: '23:00:00',
    allDay: false,
    enabled: true,
    ...(d === day ? over : {}),
  }));

describe('POST site/add and site/update: field errors under Name and AlertTimes[day].StartTime', () => {
  const cases: [string, () => Record<string, unknown>, string, string][] = [
    ['an empty name', () => ({ name: '   ', alertTimes: week() }), 'Name', 'Name is required.'],
    [
      'a name over 100 characters',
      () => ({ name: 'x'.repeat(101), alertTimes: week() }),
      'Name',
      'Name must be at most 100 characters.',
    ],
    [
      "another group's name, in other letter case",
      () => ({ name: t.a.site.name.toUpperCase(), alertTimes: week() }),
      'Name',
      GROUP_NAME_TAKEN,
    ],
    [
      "Wednesday's start at a quarter past (not a 30-minute option)",
      () => ({ name: 'Quarter', alertTimes: week(3, { startTime: '05:15:00' }) }),
      'AlertTimes[3].StartTime',
      GROUP_START_TIME_OFF_STEP,
    ],
    [
      "Saturday's start that is no time of day",
      () => ({ name: 'Late', alertTimes: week(6, { startTime: '24:00:00' }) }),
      'AlertTimes[6].StartTime',
      'Must be a time of day as HH:MM:SS.',
    ],
  ];
  it.each(cases.map(([name, body, field, text]) => [name, field, text, body] as const))(
    'refuses %s on add (400, %s: %s), writing nothing',
    async (_, field, text, body) => {
      const before = await siteCount();
      const res = await call('POST', '/api/site/add', body());
      expect(res.statusCode).toBe(400);
      expect(res.json().responseException.errors).toEqual({ [field]: [text] });
      expect(await siteCount()).toBe(before);
    },
  );

  it('refuses the same on update, leaving the group and its times as they were', async () => {
    const group = await buildSite(t.db.db, { customerId: t.a.customer.id, name: 'Ushers', alertTimes: true });
    const [before, timesBefore] = [await rowOf(group.id), await timesOf(group.id)];
    const res = await call('POST', '/api/site/update', {
      id: group.id,
      name: t.a.site.name,
      alertTimes: week(0, { startTime: '06:10:00' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().responseException.errors).toEqual({
      Name: [GROUP_NAME_TAKEN],
      'AlertTimes[0].StartTime': [GROUP_START_TIME_OFF_STEP],
    });
    expect(await rowOf(group.id)).toEqual(before);
    expect(await timesOf(group.id)).toEqual(timesBefore);
    // keeping its own name is no clash
    const kept = await call('POST', '/api/site/update', { id: group.id, name: 'Ushers', alertTimes: week() });
    expect(kept.statusCode).toBe(200);
  });
});

describe('alert-time rows as spec 02 §4 says', () => {
  it('saves an overnight row as it is, makes start = end all day, and ends an all-day row at 12:00 AM', async () => {
    const res = await call('POST', '/api/site/add', {
      name: 'Night shift',
      alertTimes: [
        { day: 0, startTime: '22:00:00', endTime: '06:00:00', allDay: false, enabled: true },
        { day: 1, startTime: '08:00:00', endTime: '08:00:00', allDay: false, enabled: true },
        { day: 2, startTime: '08:00:00', endTime: '17:00:00', allDay: true, enabled: false },
      ],
    });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data.alertTimes.map(({ id: _id, ...r }: { id: number }) => r);
    expect(rows).toEqual([
      { day: 0, startTime: '22:00:00', endTime: '06:00:00', allDay: false, enabled: true },
      { day: 1, startTime: '08:00:00', endTime: '00:00:00', allDay: true, enabled: true },
      { day: 2, startTime: '08:00:00', endTime: '00:00:00', allDay: true, enabled: false },
    ]);
    const read = (await call('GET', `/api/site/${res.json().data.id}`)).json().data;
    expect(read.alertTimes).toEqual(res.json().data.alertTimes);
  });
});

describe("POST site/delete/{id}: only a group no one uses ('Deleted user group')", () => {
  it('serves the users and widgets that use a group, and refuses to delete it while they do', async () => {
    const group = await buildSite(t.db.db, { customerId: t.a.customer.id, name: 'Volunteers' });
    const [widget] = await t.db.db
      .insert(widgets)
      .values({ customerId: t.a.customer.id, name: 'Board', policyGroupId: group.id })
      .returning();
    const read = async () => (await call('GET', `/api/site/${group.id}`)).json().data;
    expect(await read()).toMatchObject({ users: 0, widgets: 1 });
    const byWidget = await call('POST', `/api/site/delete/${group.id}`);
    expect(byWidget.statusCode).toBe(400);
    expect(byWidget.json().responseException.errors.ServerErrors).toEqual([
      'Cannot delete a group used by a widget',
    ]);

    await t.db.db.delete(widgets).where(eq(widgets.id, widget!.id));
    const member = await buildUser(t.db.db, { customerId: t.a.customer.id, siteId: group.id });
    expect(await read()).toMatchObject({ users: 1, widgets: 0 });
    expect((await call('POST', `/api/site/delete/${group.id}`)).json().responseException.message).toBe(
      'Cannot delete a group that has users',
    );

    const venue = await buildOrganizationLocation(t.db.db, { customerId: t.a.customer.id });
    await t.db.db
      .insert(organizationLocationSites)
      .values({ customerId: t.a.customer.id, organizationLocationId: venue.id, siteId: group.id });
    const byLocation = await call('POST', `/api/site/delete/${group.id}`);
    expect(byLocation.statusCode).toBe(400);
    expect(byLocation.json().responseException.errors.ServerErrors).toEqual([
      'Cannot delete a group assigned to one or more locations',
    ]);
    expect(await rowOf(group.id)).toBeDefined();
    expect(member.siteId).toBe(group.id);
  });

  it('deletes a group no one uses', async () => {
    const group = await buildSite(t.db.db, { customerId: t.a.customer.id, name: 'Spare', alertTimes: true });
    const res = await call('POST', `/api/site/delete/${group.id}`);
    expect(res.json()).toEqual({ data: 'Deleted user group' });
    expect(await rowOf(group.id)).toBeUndefined();
  });
});
