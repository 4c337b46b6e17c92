// Integrators send the shapes the spec lists (spec 02 §3 'Entities and their fields', spec 03 §3): each entity's
// write takes its full shape as served, derived fields included (and ignored: they never override what the server
// decides), an omitted nullable field is null, and a field error is worded for a person.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  headers = { authorization: `Bearer ${await t.tokenFor(t.a.admin.id)}` };
});

afterAll(async () => {
  await t?.close();
});

const send = (method: 'POST' | 'PATCH', url: string, payload: unknown) =>
  t.app.inject({ method, url, headers, payload: payload as object });

/** A user as spec 02 §3 lists it, for the Customer role of tenant A's group. */
const specUser = (email: string) => ({
  id: '',
  userName: email,
  firstName: 'Dana',
  lastName: 'Reyes',
  fullName: 'Dana Reyes',
  email,
  roleId: 4,
  roleName: 'Customer',
  roleDisplayName: 'Customer',
  roleHierarchy: 4,
  siteId: t.a.site.id,
  siteName: 'Wrong name, ignored',
  phoneNumber: null,
  customerId: t.b.customer.id,
  timeZone: 'CST',
  smsNotifications: true,
  emailNotifications: true,
  geofenceAlertsEnabled: false,
  alertTimesEnabled: true,
  isActive: true,
  orgLocations: [],
});

describe('spec 02 §3 User', () => {
  it('POST user takes the spec shape, ignoring what the server derives (the customer stays the caller’s)', async () => {
    const res = await send('POST', '/api/user', specUser('dana.reyes@example.com'));
    expect(res.statusCode, res.body).toBe(200);
    const user = res.json().data;
    expect(user).toMatchObject({
      userName: 'dana.reyes@example.com',
      email: 'dana.reyes@example.com',
      customerId: t.a.customer.id,
      siteId: t.a.site.id,
      phoneNumber: null,
      // invited, not yet active whatever the body said
      isActive: false,
    });
    expect(user.siteName).not.toBe('Wrong name, ignored');
  });

  it('POST user takes an omitted phone number as null', async () => {
    const { phoneNumber: _omitted, ...body } = specUser('no.phone@example.com');
    const res = await send('POST', '/api/user', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.phoneNumber).toBeNull();
  });

  it('POST user/update takes the spec shape back as read', async () => {
    const created = (await send('POST', '/api/user', specUser('to.update@example.com'))).json().data;
    const res = await send('POST', '/api/user/update', {
      ...created,
      firstName: 'Dee',
      phoneNumber: '214-555-0101',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: created.id, firstName: 'Dee', phoneNumber: '214-555-0101' });
  });

  it('POST notificationuser takes a Notification Only user of the spec (role id -1)', async () => {
    const { email: _e, userName: _u, ...rest } = specUser('');
    const res = await send('POST', '/api/notificationuser', { ...rest, roleId: -1, roleHierarchy: 5 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ email: null, phoneNumber: null, customerId: t.a.customer.id });
  });

  it('words a field error for a person, not as the parser does', async () => {
    const res = await send('POST', '/api/user', { ...specUser('typed@example.com'), phoneNumber: 5551234 });
    expect(res.statusCode).toBe(400);
    expect(res.json().responseException.errors).toEqual({ PhoneNumber: ['Phone number must be text.'] });
  });
});

describe('spec 02 §3 User group', () => {
  it('site/add and site/update take the group as served (customer and counts ignored)', async () => {
    const group = {
      id: 0,
      name: 'Grounds crew',
      customerId: t.b.customer.id,
      users: 7,
      notificationUsers: 2,
      policies: 3,
      alertTimes: [
        { id: 0, day: 1, startTime: '08:00:00', endTime: '17:00:00', allDay: false, enabled: true },
      ],
    };
    const added = await send('POST', '/api/site/add', group);
    expect(added.statusCode, added.body).toBe(200);
    const site = added.json().data;
    expect(site).toMatchObject({ name: 'Grounds crew', customerId: t.a.customer.id, users: 0, policies: 0 });
    const updated = await send('POST', '/api/site/update', { ...site, name: 'Grounds' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ id: site.id, name: 'Grounds' });
  });
});

describe('spec 02 §3 Policy', () => {
  it('POST and PATCH policy take the policy as served (what its type decides ignored)', async () => {
    const policy = {
      id: 0,
      policyType: 9,
      policyTypeShortName: 'WIND',
      policyTypeName: 'Wind Speed',
      threshold: 30,
      isDesc: true,
      unit: 'km/h',
      precision: 3,
      limit: null,
      minAllClear: 0,
      allClearMinutes: 30,
      reAlertMinutes: 10,
      customerId: t.b.customer.id,
      sites: [t.a.site.id],
      allGroups: false,
      notificationActions: [{ id: 0, triggerId: null, allClear: false, message: 'High wind.' }],
      creatorId: 'someone else',
    };
    const added = await send('POST', '/api/policy', policy);
    expect(added.statusCode, added.body).toBe(200);
    const saved = added.json().data;
    expect(saved).toMatchObject({ unit: 'mph', isDesc: false, precision: 0, customerId: t.a.customer.id });
    expect(saved.creatorId).toBe(t.a.admin.id);
    const patched = await send('PATCH', '/api/policy', { ...saved, threshold: 35 });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({ id: saved.id, threshold: 35 });
  });

  it('takes an omitted trigger id of a message as null', async () => {
    const res = await send('POST', '/api/policy', {
      policyType: 9,
      threshold: 40,
      allClearMinutes: 30,
      notificationActions: [{ allClear: false, message: 'Gusty.' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.notificationActions[0].triggerId).toBeNull();
  });
});

describe('spec 02 §3 User notification settings', () => {
  it('Settings/Notifications takes the settings as served', async () => {
    const res = await send('POST', '/api/Settings/Notifications', {
      declinesNotifications: false,
      optOutForecast: true,
      precipitationNotification: true,
      severeWeatherNotification: false,
      proactiveForecastNotification: true,
      notificationType: 0,
      geofenceAlertsEnabled: false,
      alertTimesEnabled: true,
      timeZone: 'EST',
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('spec 02 §3 User location preload record', () => {
  it('location/Add takes the preload record with its defaults', async () => {
    const res = await send('POST', '/api/location/Add', {
      radius1: 10,
      radius2: 20,
      radius3: 30,
      organizationLocationId: null,
      latitude: 32.78,
      longitude: -96.8,
      label: 'Field 4',
      locationName: 'North fields',
      allClearMinutes: 30,
      flags: 2,
      forecastLocation: false,
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
