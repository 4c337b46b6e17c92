// POST Support on the real app (issue 15; spec 02 §2.7, §3 'Consultation request', §6, §7 'Support', §8): the
// consultation policy (the support permission and an admin role: a Customer and an admin without the permission get
// 403), every field error, copies only to the caller's organisation's admins, and what a request becomes: a stored
// row with a reference number, and an e-mail to the meteorologists' desk with the asker and the admins in copy,
// handed to the notifier in the same transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSULTATION_MESSAGES } from '@allclear/contracts';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { buildCustomer, buildUser } from '../../../db/factories.ts';
import { SupportRepository } from './support.repository.ts';
import { newReference } from './support.service.ts';

let t: TestApp;
let adminToken: string;
let assistant: { id: string; email: string };

const ask = (token: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/Support',
    headers: { authorization: `Bearer ${token}` },
    payload: payload as object,
  });

const QUESTION = {
  message: 'Will the storms near Arlington clear before our 7 PM kickoff?',
  preferredContact: 'email',
  email: 'Coach@Example.test',
  phone: null,
  ccdEmails: [] as string[],
};

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.tokenFor(t.a.admin.id);
  const row = await buildUser(t.db.db, {
    customerId: t.a.customer.id,
    role: 'Assistant Admin',
    siteId: t.a.site.id,
    password: 'Test-password-1',
  });
  assistant = { id: row.id, email: row.email! };
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('POST Support', () => {
  it('stores the question with a reference and e-mails the desk, the asker and the copied admin in copy', async () => {
    const before = t.events.length;
    const res = await ask(adminToken, { ...QUESTION, ccdEmails: [assistant.email.toUpperCase()] });
    expect(res.statusCode).toBe(200);
    const text: string = res.json().data;
    expect(text.startsWith(CONSULTATION_MESSAGES.success)).toBe(true);
    const reference = /(MET-[0-9A-Z]{8})/.exec(text)![1]!;

    const stored = await new SupportRepository(t.db.db).findByReference(reference);
    expect(stored).toMatchObject({
      customerId: t.a.customer.id,
      userId: t.a.admin.id,
      email: 'coach@example.test',
      preferredContact: 'email',
      message: QUESTION.message,
      ccdEmails: [assistant.email],
    });

    const event = t.events.slice(before).find((e) => e.kind === 'consultation-request')!;
    expect(event.subject).toContain(reference);
    expect(event.body).toContain(QUESTION.message);
    expect(event.body).toContain('Answer by: E-mail to coach@example.test');
    expect(event.details.recipient).toEqual({
      key: 'support:desk',
      email: t.config.notify.settings.SUPPORT_EMAIL,
      name: 'Meteorologists',
      userId: null,
      notificationUserId: null,
      cc: ['coach@example.test', assistant.email],
      replyTo: 'coach@example.test',
    });
  });

  it('takes a phone or text preference with a number', async () => {
    const res = await ask(adminToken, {
      ...QUESTION,
      preferredContact: 'text',
      email: null,
      phone: '214-555-0123',
    });
    expect(res.statusCode).toBe(200);
  });

  it('names every bad field: Message, PreferredContact, Email, Phone, CcdEmails', async () => {
    const empty = await ask(adminToken, { message: '  ', preferredContact: 'fax', ccdEmails: [] });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().responseException.errors).sort()).toEqual([
      'Message',
      'PreferredContact',
    ]);
    const noEmail = await ask(adminToken, { ...QUESTION, email: '' });
    expect(noEmail.json().responseException.errors).toEqual({ Email: [CONSULTATION_MESSAGES.emailRequired] });
    const badEmail = await ask(adminToken, { ...QUESTION, email: 'not an address' });
    expect(badEmail.json().responseException.errors).toEqual({ Email: [CONSULTATION_MESSAGES.emailInvalid] });
    const noPhone = await ask(adminToken, { ...QUESTION, preferredContact: 'phone', phone: '' });
    expect(noPhone.json().responseException.errors).toEqual({ Phone: [CONSULTATION_MESSAGES.phoneRequired] });
    const long = await ask(adminToken, { ...QUESTION, message: 'x'.repeat(4001) });
    expect(long.json().responseException.errors).toEqual({ Message: [CONSULTATION_MESSAGES.messageTooLong] });
  });

  it("copies only the organisation's admins: a Customer or another customer's admin is refused under CcdEmails", async () => {
    const customer = await ask(adminToken, { ...QUESTION, ccdEmails: [t.a.customerUser.email] });
    expect(customer.statusCode).toBe(400);
    expect(customer.json().responseException.errors.CcdEmails).toEqual([
      `${CONSULTATION_MESSAGES.ccNotAdmin} (${t.a.customerUser.email})`,
    ]);
    const stranger = await ask(adminToken, { ...QUESTION, ccdEmails: [t.b.admin.email] });
    expect(stranger.statusCode).toBe(400);
  });

  it('refuses a Customer with 403 (spec 02 §6), and an admin whose organisation lacks the support permission', async () => {
    const customer = await ask(await t.tokenFor(t.a.customerUser.id), QUESTION);
    expect(customer.statusCode).toBe(403);
    const plain = await buildCustomer(t.db.db, { features: [] });
    const admin = await buildUser(t.db.db, {
      customerId: plain.id,
      role: 'Admin',
      password: 'Test-password-1',
    });
    const noPermission = await ask(await t.tokenFor(admin.id), QUESTION);
    expect(noPermission.statusCode).toBe(403);
    const before = await t.db.query('select count(*)::int as n from consultation_requests');
    expect(before[0]).toEqual({ n: 2 });
  });

  it('makes references of MET- and eight letters or digits, without look-alikes', () => {
    const refs = new Set(Array.from({ length: 200 }, newReference));
    expect(refs.size).toBe(200);
    for (const r of refs) expect(r).toMatch(/^MET-[0-9A-HJKMNP-TV-Z]{8}$/);
  });
});
