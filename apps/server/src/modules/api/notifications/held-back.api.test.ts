// GET Notification/IngestStatus (issue 21): whether alerts are held back by a database outage, for the admin
// roles' banner. Read from the ingest board (no database); the role matrix's notification.heldBack refuses a
// Customer (403) and an anonymous caller is 401. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { buildUser } from '../../../db/factories.ts';
import { createIngestBoard, type IngestQueueStatus } from '../../../platform/ingest-status.ts';

let t: TestApp;
let strikes: IngestQueueStatus = {
  name: 'strikes',
  state: 'live',
  waiting: 0,
  oldestReceivedAt: null,
  heldSince: null,
  dropped: {},
  failed: 0,
  lastCatchUp: null,
};
const ids: Record<string, string> = {};

beforeAll(async () => {
  const board = createIngestBoard();
  board.register(() => strikes);
  t = await createTestApp({ ingest: board });
  t.clock.set('2026-07-01T17:00:00Z');
  ids.superAdmin = (
    await buildUser(t.db, { customerId: t.a.customer.id, role: 'Super Admin', password: 'Test-password-1' })
  ).id;
  ids.assistant = (
    await buildUser(t.db, {
      customerId: t.a.customer.id,
      role: 'Assistant Admin',
      siteId: t.a.site.id,
      password: 'Test-password-1',
    })
  ).id;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const status = async (userId?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/Notification/IngestStatus',
    headers: userId ? { authorization: `Bearer ${await t.tokenFor(userId)}` } : {},
  });

describe('GET /api/Notification/IngestStatus', () => {
  it('tells an admin nothing is held back while the strikes are applied as they come', async () => {
    const res = await status(t.a.admin.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      alertsHeldBack: false,
      state: 'live',
      strikesWaiting: 0,
      oldestWaitingSeconds: null,
      heldSince: null,
    });
  });

  it('tells the admin roles alerts are held back while the database is away, with the strikes waiting', async () => {
    strikes = {
      ...strikes,
      state: 'held',
      waiting: 420,
      oldestReceivedAt: new Date('2026-07-01T16:59:18Z'),
      heldSince: new Date('2026-07-01T16:59:17Z'),
    };
    for (const userId of [t.a.admin.id, ids.assistant!, ids.superAdmin!]) {
      const res = await status(userId);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({
        alertsHeldBack: true,
        state: 'held',
        strikesWaiting: 420,
        oldestWaitingSeconds: 42,
        heldSince: '2026-07-01T16:59:17.000Z',
      });
    }
    strikes = { ...strikes, state: 'catching-up', waiting: 12 };
    expect((await status(t.a.admin.id)).json().data).toMatchObject({
      alertsHeldBack: true,
      state: 'catching-up',
      strikesWaiting: 12,
    });
  });

  it('refuses a Customer (403: the role matrix gives the banner to the admin roles only) and an anonymous caller (401)', async () => {
    const res = await status(t.a.customerUser.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().responseException.message).toBeTruthy();
    expect((await status()).statusCode).toBe(401);
  });
});
