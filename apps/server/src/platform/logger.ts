// Structured JSON logs (pino through Fastify). Secrets never reach a log line.
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.passwordHash', '*.token'],
      censor: '[redacted]',
    },
  };
}

const DEBUG_LEVELS = new Set(['debug', 'trace']);

/** A read answered in this long or longer is logged at info like a failure, ms. */
export const SLOW_REQUEST_MS = 1_000;

/**
 * One line per request, when it has been answered (Fastify's own request logging is turned off: it wrote two lines
 * per request, which cost about as much as the whole of a Fastify hello world's answer; issue 18 profile). At info:
 * every request that changes something (not GET or HEAD), failed (4xx, 5xx) or was slow; a quick successful read at
 * debug only, since a dashboard polls dozens of them a minute.
 */
export const requestLogging = fp(
  async (app) => {
    app.addHook('onResponse', (request, reply, done) => {
      const responseTime = reply.elapsedTime;
      const read = request.method === 'GET' || request.method === 'HEAD';
      if (read && reply.statusCode < 400 && responseTime < SLOW_REQUEST_MS) {
        if (DEBUG_LEVELS.has(request.log.level))
          request.log.debug({ req: request, res: reply, responseTime }, 'request completed');
      } else {
        request.log.info({ req: request, res: reply, responseTime }, 'request completed');
      }
      done();
    });
  },
  { name: 'allclear-request-logging', fastify: '5.x' },
);

const METHODS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Fastify's `childLoggerFactory`: a request's logger (with its request id) made when it first writes, not for every
 * request. Most requests never log now (requestLogging logs a quick successful read at debug only), and making a pino
 * child for each cost a tenth of a Fastify hello world's answer (issue 18 profile).
 */
export function lazyChildLogger(
  this: unknown,
  logger: FastifyBaseLogger,
  bindings: Record<string, unknown>,
  options: object,
): FastifyBaseLogger {
  let child: FastifyBaseLogger | undefined;
  const made = () => (child ??= logger.child(bindings, options));
  const lazy = {
    get level() {
      return (child ?? logger).level;
    },
    set level(level: string) {
      made().level = level;
    },
    child: (more: Record<string, unknown>, moreOptions?: object) => made().child(more, moreOptions),
  } as Record<string, unknown>;
  for (const method of METHODS)
    lazy[method] = (...args: unknown[]) => (made()[method] as (...a: unknown[]) => void)(...args);
  return lazy as unknown as FastifyBaseLogger;
}
