import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../platform/password.ts';
import type { DatabaseHandle } from './client.ts';
import {
  buildCustomer,
  buildHardware,
  buildLocation,
  buildNotificationUser,
  buildOrganizationLocation,
  buildPaMessage,
  buildPaUnit,
  buildPolicy,
  buildSiren,
  buildSite,
  buildUser,
  buildWeatherStation,
} from './factories.ts';
import { createTestDatabase } from './test-db.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

describe('factories', () => {
  it('buildCustomer inserts an ACTIVE customer with every feature, and takes overrides', async () => {
    const a = await buildCustomer(handle);
    const b = await buildCustomer(handle.db, { name: 'Override', status: 'TRIAL', features: [] });
    expect(a).toMatchObject({ status: 'ACTIVE', features: [1, 2, 3, 6, 7, 8, 9, 10] });
    expect(b).toMatchObject({ name: 'Override', status: 'TRIAL', features: [] });
    expect(b.id).not.toBe(a.id);
  });

  it('buildUser sets the role by name, lower-cases the e-mail and hashes an optional password', async () => {
    const customer = await buildCustomer(handle);
    const admin = await buildUser(handle, {
      customerId: customer.id,
      role: 'Assistant Admin',
      email: 'Coach@Example.TEST',
      password: 'pw-123456',
    });
    expect(admin).toMatchObject({ customerId: customer.id, roleId: 3, email: 'coach@example.test' });
    expect(await verifyPassword(admin.passwordHash!, 'pw-123456')).toBe(true);
    const noPassword = await buildUser(handle, { customerId: customer.id, role: 'Super Admin' });
    expect(noPassword).toMatchObject({ roleId: 1, passwordHash: null });
    const notificationOnly = await buildUser(handle, { role: 'Notification Only', email: null });
    expect(notificationOnly).toMatchObject({ roleId: -1, email: null });
    expect(notificationOnly.customerId).not.toBe(customer.id);
  });

  it('buildSite adds seven default alert-time rows when asked', async () => {
    const site = await buildSite(handle, { alertTimes: true });
    const rows = await handle.query<{ day: number; start_time: string; end_time: string; enabled: boolean }>(
      'select day, start_time, end_time, enabled from site_alert_times where site_id = $1 order by day',
      [site.id],
    );
    expect(rows.map((r) => r.day)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(rows[0]).toMatchObject({ start_time: '05:00:00', end_time: '23:00:00', enabled: true });
  });

  it('buildPolicy takes unit, precision and direction from the type and links the groups', async () => {
    const customer = await buildCustomer(handle);
    const site = await buildSite(handle, { customerId: customer.id });
    const chill = await buildPolicy(handle, {
      customerId: customer.id,
      shortName: 'CHILL',
      threshold: 20,
      siteIds: [site.id],
    });
    expect(chill).toMatchObject({
      isDesc: true,
      unit: '°F',
      threshold: 20,
      reAlertMinutes: 10,
      allClearMinutes: 30,
    });
    const precip = await buildPolicy(handle, { customerId: customer.id, shortName: 'PRECIP' });
    expect(precip).toMatchObject({ isDesc: false, unit: 'in', precision: 2 });
    const links = await handle.query('select site_id from policy_sites where policy_id = $1', [chill.id]);
    expect(links).toEqual([{ site_id: site.id }]);
    await expect(buildPolicy(handle, { customerId: customer.id, policyTypeId: 999 })).rejects.toThrow(/999/);
  });

  it('builds locations, organisation locations, contacts, hardware, sirens, stations and PA rows for one customer', async () => {
    const customer = await buildCustomer(handle);
    const customerId = customer.id;
    const org = await buildOrganizationLocation(handle, {
      customerId,
      name: 'AT&T Stadium',
      latitude: 32.7473,
      longitude: -97.0945,
    });
    const location = await buildLocation(handle, { customerId, organizationLocationId: org.id, radius2: 20 });
    const contact = await buildNotificationUser(handle, { customerId });
    const unit = await buildHardware(handle, { customerId, modelId: 'OWX', organizationLocationId: org.id });
    const siren = await buildSiren(handle, { customerId, hardwareId: unit.id, radius: 8 });
    const station = await buildWeatherStation(handle, { customerId, hardwareId: unit.id });
    const sirenOnNewUnit = await buildSiren(handle, { customerId });
    const message = await buildPaMessage(handle, { customerId });
    const pa = await buildPaUnit(handle, { customerId, hardwareId: unit.id });
    expect(location).toMatchObject({ customerId, organizationLocationId: org.id, radius1: 10, radius2: 20 });
    expect(contact).toMatchObject({ customerId, emailUnsubscribed: false });
    expect(unit).toMatchObject({ customerId, modelId: 'OWX', enabled: true });
    expect(siren).toMatchObject({ customerId, hardwareId: unit.id, radius: 8, enabled: true });
    expect(station).toMatchObject({ customerId, hardwareId: unit.id });
    expect(message).toMatchObject({ customerId });
    expect(pa).toMatchObject({ customerId, defaultPlayCount: 1 });
    const [newUnit] = await handle.query<{ model_id: string; customer_id: number }>(
      'select model_id, customer_id from hardware where id = $1',
      [sirenOnNewUnit.hardwareId],
    );
    expect(newUnit).toEqual({ model_id: 'OWS', customer_id: customerId });
  });
});
