// The validation exit: a body refused by its schema answers the envelope with a person's wording, a schema's rule
// that throws on an unexpected body still answers 400 (never 500), and the router's refusals get the envelope too.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { frameworkErrors, installErrorHandling, validatorCompiler } from './errors.ts';

const app = Fastify({ frameworkErrors, routerOptions: { maxParamLength: 100 } });

beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  installErrorHandling(app);
  const throwing = z
    .object({ password: z.string().optional() })
    .refine((v) => v.password!.length > 0, 'Password is required.');
  app.post('/throws', { schema: { body: throwing } }, async () => ({ ok: true }));
  app.post('/person', { schema: { body: z.object({ phoneNumber: z.string() }).strict() } }, async () => ({
    ok: 1,
  }));
  app.post('/item/:id', async () => ({ ok: true }));
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

describe('validation errors', () => {
  it('words a refused field for a person', async () => {
    const res = await app.inject({ method: 'POST', url: '/person', payload: { phoneNumber: 5 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      responseException: {
        message: 'One or more validation errors occurred.',
        errors: { PhoneNumber: ['Phone number must be text.'] },
      },
    });
  });

  it('answers 400, not 500, when a rule of the schema throws on the body', async () => {
    const res = await app.inject({ method: 'POST', url: '/throws', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().responseException.errors).toEqual({ Body: ['The request body could not be read.'] });
  });

  it("answers the router's refusal of a param too long in the envelope", async () => {
    const res = await app.inject({ method: 'POST', url: `/item/${'x'.repeat(5000)}`, payload: {} });
    expect(res.statusCode).toBe(414);
    expect(res.json().responseException.message).toBe('A part of the address is too long.');
  });
});
