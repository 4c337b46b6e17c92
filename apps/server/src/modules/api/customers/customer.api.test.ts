// Customer calls (spec 01 §7 'Customers'): each caller reads their own customer; a Super Admin reads any
// (the customer policy: packages/domain/src/policies/customer-policy.ts); another customer's is 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { buildUser } from '../../../db/factories.ts';

let t: TestApp;
let superAdminId: string;

beforeAll(async () => {
  t = await createTestApp();
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

const get = async (url: string, userId: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/${url}`,
    headers: { authorization: `Bearer ${await t.tokenFor(userId)}` },
  });

describe('GET Customer', () => {
  it("lists only the caller's own customer for every role but Super Admin", async () => {
    for (const userId of [t.a.admin.id, t.a.customerUser.id]) {
      const res = await get('Customer', userId);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((c: { id: number }) => c.id)).toEqual([t.a.customer.id]);
    }
  });

  it('lists every customer for a Super Admin', async () => {
    const res = await get('Customer', superAdminId);
    expect(res.json().data.map((c: { id: number }) => c.id)).toEqual(
      expect.arrayContaining([t.a.customer.id, t.b.customer.id]),
    );
  });
});

describe('GET Customer/{id}', () => {
  it("reads the caller's own customer", async () => {
    const res = await get(`Customer/${t.a.customer.id}`, t.a.customerUser.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: t.a.customer.id, name: 'Customer A' });
  });

  it("answers another customer's with 404, as a missing one", async () => {
    expect((await get(`Customer/${t.b.customer.id}`, t.a.admin.id)).statusCode).toBe(404);
    expect((await get('Customer/999999', t.a.admin.id)).statusCode).toBe(404);
  });

  it("lets a Super Admin read another customer's", async () => {
    const res = await get(`Customer/${t.b.customer.id}`, superAdminId);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.id).toBe(t.b.customer.id);
  });
});
