// One error vocabulary, one exit: factories with a stable status, and the handler that writes the
// spec's `responseException` envelope (spec 02 §3 'Server error shape').
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { fieldErrorKey } from '@allclear/contracts';
import { isLostDatabase } from './lost-database.ts';

export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldErrors = {},
    /** Headers the answer carries (Retry-After of a 503). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors: FieldErrors = {}) => new AppError(400, message, errors);
export const unauthorized = (message = 'Unauthorized') => new AppError(401, message);
export const forbidden = (message = 'You do not have access to this resource.') => new AppError(403, message);
export const notFound = (what = 'Resource') => new AppError(404, `${what} not found.`);
export const conflict = (message: string, errors: FieldErrors = {}) => new AppError(409, message, errors);
/** A rule of the product refused the request; the message is shown to the user as ServerErrors. */
export const ruleViolation = (message: string) => new AppError(400, message, { ServerErrors: [message] });
/** Cannot take the request now; the caller may try again after `retryAfterSeconds` (Retry-After). */
export const serviceUnavailable = (message: string, retryAfterSeconds: number) =>
  new AppError(503, message, { ServerErrors: [message] }, { 'retry-after': String(retryAfterSeconds) });

/** What a request that needed the database is told while it does not answer (down, restarting): try again soon. */
export const databaseUnavailable = () =>
  serviceUnavailable('The database is unavailable for a moment; try again in a few seconds.', 5);

/** The envelope body for an error. */
export function errorBody(message: string, errors: FieldErrors = {}) {
  return { responseException: { message, errors } };
}

interface ZodIssueLike {
  path: PropertyKey[];
  message: string;
  code?: string;
  keys?: string[];
}

function zodFieldErrors(issues: readonly ZodIssueLike[], part: string): FieldErrors {
  const errors: FieldErrors = {};
  const add = (key: string, msg: string) => (errors[key] ??= []).push(msg);
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const k of issue.keys) add(fieldErrorKey([...issue.path, k]), `Unknown field '${k}'.`);
    } else {
      add(
        part === 'body' ? fieldErrorKey(issue.path) : fieldErrorKey(issue.path.length ? issue.path : [part]),
        issue.message,
      );
    }
  }
  return errors;
}

/** Installs the error and not-found handlers on an instance. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(
    (raised: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) => {
      // a database that went away under the request is an outage the caller waits out, not a fault (issue 21)
      const err = isLostDatabase(raised) ? databaseUnavailable() : raised;
      if (err instanceof AppError) {
        // a 503 is the product refusing to take more for now (a full journal), said to the caller: not an error here
        if (err.status >= 500 && err.status !== 503) request.log.error({ err }, err.message);
        else if (err.status === 503) request.log.warn({ reason: err.message }, 'request refused for now');
        return reply.code(err.status).headers(err.headers).send(errorBody(err.message, err.errors));
      }
      if (hasZodFastifySchemaValidationErrors(err)) {
        const part = (err as FastifyError).validationContext ?? 'body';
        const issues = err.validation.map((v) => ({
          path: (v.instancePath || '')
            .split('/')
            .filter(Boolean)
            .map((s) => (/^\d+$/.test(s) ? Number(s) : s)),
          message: v.message ?? 'Invalid value.',
          code: v.keyword,
          keys: (v.params as { keys?: string[] } | undefined)?.keys,
        }));
        return reply
          .code(400)
          .send(errorBody('One or more validation errors occurred.', zodFieldErrors(issues, part)));
      }
      if (isResponseSerializationError(err)) {
        request.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
        return reply.code(500).send(errorBody('An unexpected error occurred.'));
      }
      const fe = err as FastifyError;
      switch (fe.code) {
        case 'FST_ERR_CTP_INVALID_JSON_BODY':
        case 'FST_ERR_CTP_EMPTY_JSON_BODY':
          return reply
            .code(400)
            .send(errorBody('The request body is not valid JSON.', { Body: [fe.message] }));
        case 'FST_ERR_CTP_BODY_TOO_LARGE':
          return reply
            .code(413)
            .send(errorBody('The request body is too large.', { Body: ['The request body is too large.'] }));
        case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
          return reply.code(415).send(errorBody('Unsupported media type.', { Body: [fe.message] }));
      }
      if (err instanceof SyntaxError && fe.statusCode === 400) {
        return reply
          .code(400)
          .send(errorBody('The request body is not valid JSON.', { Body: [err.message] }));
      }
      if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
        return reply.code(fe.statusCode).send(errorBody(fe.message));
      }
      request.log.error({ err }, 'unhandled error');
      return reply.code(500).send(errorBody('An unexpected error occurred.'));
    },
  );
}
