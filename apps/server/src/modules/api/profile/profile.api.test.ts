// POST user/profile on the real app (issue 15; spec 02 §2.11, §5): the caller's own name and phone number, every field
// error, and the answer GET user/current gives at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '@allclear/contracts';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
let token: string;

const save = (payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/profile',
    headers: { authorization: `Bearer ${token}` },
    payload: payload as object,
  });

beforeAll(async () => {
  t = await createTestApp();
  token = await t.tokenFor(t.a.customerUser.id);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('POST user/profile', () => {
  it("saves the caller's name and phone number and answers them as GET user/current does", async () => {
    const res = await save({ firstName: ' Morgan ', lastName: 'Reyes', phoneNumber: '(214) 555-0199' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: t.a.customerUser.id,
      firstName: 'Morgan',
      lastName: 'Reyes',
      fullName: 'Morgan Reyes',
      phoneNumber: '(214) 555-0199',
      email: t.a.customerUser.email,
    });
    const current = await t.app.inject({
      method: 'GET',
      url: '/api/user/current',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(current.json().data).toMatchObject({ fullName: 'Morgan Reyes', phoneNumber: '(214) 555-0199' });
    // nobody else changed
    const [other] = await t.db.query<{ first_name: string }>('select first_name from users where id = $1', [
      t.a.admin.id,
    ]);
    expect(other!.first_name).toBe(t.a.admin.firstName);
  });

  it('takes an empty phone number as none', async () => {
    const res = await save({ firstName: 'Morgan', lastName: '', phoneNumber: null });
    expect(res.json().data).toMatchObject({ phoneNumber: null, lastName: '' });
  });

  it('names every bad field: FirstName, LastName, PhoneNumber, and the e-mail it does not take', async () => {
    const res = await save({
      firstName: '',
      lastName: 'x'.repeat(101),
      phoneNumber: '12',
      email: 'new@example.test',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().responseException.errors).toEqual({
      FirstName: [USER_MESSAGES.FirstName],
      LastName: [USER_MESSAGES.lastNameTooLong],
      PhoneNumber: [USER_MESSAGES.phoneInvalid],
      Email: ["Unknown field 'email'."],
    });
  });

  it('needs a signed-in caller', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user/profile', payload: { firstName: 'X' } });
    expect(res.statusCode).toBe(401);
  });
});
