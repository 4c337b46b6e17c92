// One error vocabulary, one exit: factories with a stable status, and the handler that writes the
// spec's `responseException` envelope (spec 02 §3 'Server error shape').
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { fieldErrorKey, personMessage } from '@allclear/contracts';
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

/** What a request's part is called when an error is about the whole of it rather than one field. */
const WHOLE_PART: Record<string, string> = {
  body: 'The request body',
  querystring: 'The query',
  params: 'The address',
  headers: 'The headers',
};

/** A request part its route's schema refused: the zod issues, worded for a person (`personMessage`). */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly part: string,
    readonly issues: readonly z.core.$ZodIssue[],
    /** What a schema's rule threw, if one did. */
    readonly thrown?: unknown,
  ) {
    super('One or more validation errors occurred.');
  }
}

/**
 * The validator of every route's schemas: zod's parse, with a person's wording for each issue its schema gave no
 * message of its own ('Phone number must be text.', not 'expected string, received undefined'). Set on the app
 * beside `installErrorHandling`, whose handler turns the refusal into the envelope.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const part = httpPart ?? 'body';
  const whole = WHOLE_PART[part] ?? 'The value';
  const error = (issue: z.core.$ZodRawIssue) => personMessage(issue, whole);
  return (data) => {
    let result: z.ZodSafeParseResult<unknown>;
    try {
      result = schema.safeParse(data, { error });
    } catch (err) {
      // a rule of the schema that fails on a body it did not expect: still the body's fault, so a 400; the rule
      // is ours to fix (logged by the error handler)
      return { error: new RequestValidationError(part, [], err) };
    }
    return result.success
      ? { value: result.data }
      : { error: new RequestValidationError(part, result.error.issues) };
  };
};

/** The envelope for what Fastify's router refuses before any route runs (a malformed URL, a param too long). */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  const message =
    err.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A part of the address is too long.'
      : err.code === 'FST_ERR_BAD_URL'
        ? 'The address is not valid.'
        : 'The request could not be routed.';
  request.log.info({ code: err.code }, message);
  void reply.code(status).send(errorBody(message, { Url: [message] }));
}

/** Installs the error and not-found handlers on an instance. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(
    (raised: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) => {
      // a database that went away under the request is an outage the caller waits out, not a fault
      const err = isLostDatabase(raised) ? databaseUnavailable() : raised;
      if (err instanceof AppError) {
        // a 503 is the product refusing to take more for now (a full journal), said to the caller: not an error here
        if (err.status >= 500 && err.status !== 503) request.log.error({ err }, err.message);
        else if (err.status === 503) request.log.warn({ reason: err.message }, 'request refused for now');
        return reply.code(err.status).headers(err.headers).send(errorBody(err.message, err.errors));
      }
      if (err instanceof RequestValidationError) {
        if (err.thrown !== undefined) {
          request.log.error({ err: err.thrown, part: err.part }, 'a schema threw while validating a request');
          const message = `${WHOLE_PART[err.part] ?? 'The request'} could not be read.`;
          return reply
            .code(400)
            .send(errorBody('One or more validation errors occurred.', { [fieldErrorKey([])]: [message] }));
        }
        return reply
          .code(400)
          .send(errorBody('One or more validation errors occurred.', zodFieldErrors(err.issues, err.part)));
      }
      // apps built without our validator (a module's own test app) refuse with the type provider's errors
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
