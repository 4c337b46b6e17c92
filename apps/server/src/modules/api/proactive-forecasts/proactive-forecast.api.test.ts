// POST ProactiveForecast and the proactive-forecast reads on a real database: only a Super Admin writes, bad
// input is refused by name with nothing written, each location is notified, and messages are served sanitised.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { count } from 'drizzle-orm';
import { ZProactiveForecastMessage, ZProactiveForecasts } from '@allclear/contracts';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { buildUser } from '../../../db/factories.ts';
import { proactiveForecasts } from '../../../db/schema/index.ts';
import type { AlertEvent } from '../../../engine/contracts.ts';

let t: TestApp;
let app: FastifyInstance;
let superAdminId: string;
/** The events the app hands to its notifier (the test app records them). */
let events: AlertEvent[] = [];
const auth = async (userId: string) => ({ authorization: `Bearer ${await t.tokenFor(userId)}` });
const locationA = () => t.a.location.id;

beforeAll(async () => {
  t = await createTestApp();
  events = t.events;
  app = t.app;
  superAdminId = (
    await buildUser(t.db.db, {
      customerId: t.a.customer.id,
      role: 'Super Admin',
      password: 'Test-password-1',
    })
  ).id;
});
afterAll(async () => {
  await t.close();
});

describe('POST ProactiveForecast', () => {
  const body = () => ({
    forecastType: { name: 'Lightning Outlook', color: '#FFA500' },
    expiresAt: new Date(t.clock.now().getTime() + 6 * 3_600_000).toISOString(),
    headline: 'Storms likely after 3 PM',
    message: '<p>Storms <b>likely</b> after 3 PM.</p><script>alert(1)</script>',
    locationIds: [locationA()],
  });

  it('is refused to an Admin (403) and writes nothing', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/ProactiveForecast',
      headers: await auth(t.a.admin.id),
      payload: body(),
    });
    expect(res.statusCode).toBe(403);
    expect((await t.db.db.select({ n: count() }).from(proactiveForecasts))[0]!.n).toBe(0);
  });

  it('refuses an empty headline with 400 naming it, and writes nothing', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/ProactiveForecast',
      headers: await auth(superAdminId),
      payload: { ...body(), headline: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().responseException.errors)).toContain('Headline');
    expect((await t.db.db.select({ n: count() }).from(proactiveForecasts))[0]!.n).toBe(0);
  });

  it('creates the forecast for a Super Admin, notifies the location, and serves it sanitised', async () => {
    const before = events.length;
    const res = await app.inject({
      method: 'POST',
      url: '/api/ProactiveForecast',
      headers: await auth(superAdminId),
      payload: body(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const fired = events.slice(before);
    expect(fired.map((e) => [e.kind, e.notificationType, e.locationId])).toEqual([
      ['proactive-forecast', 13, locationA()],
    ]);
    expect(fired[0]!.subject).toContain(t.a.location.label);

    const list = ZProactiveForecasts.parse(
      (
        await app.inject({
          method: 'GET',
          url: `/api/ProactiveForecast/Location/${locationA()}`,
          headers: await auth(t.a.customerUser.id),
        })
      ).json().data,
    );
    expect(list).toHaveLength(1);
    expect(list[0]!.forecastType).toEqual({ name: 'Lightning Outlook', color: '#FFA500' });
    expect(list[0]!.messages[0]!.message).toBe(
      '<p>Storms <b>likely</b> after 3 PM.</p>&lt;script&gt;alert(1)&lt;/script&gt;',
    );

    const messageId = list[0]!.messages[0]!.id;
    const one = await app.inject({
      method: 'GET',
      url: `/api/ProactiveForecast/Message/${messageId}`,
      headers: await auth(t.a.admin.id),
    });
    expect(ZProactiveForecastMessage.parse(one.json().data).headline).toBe('Storms likely after 3 PM');
    const other = await app.inject({
      method: 'GET',
      url: `/api/ProactiveForecast/Message/${messageId}`,
      headers: await auth(t.b.admin.id),
    });
    expect(other.statusCode).toBe(404);
  });
});
