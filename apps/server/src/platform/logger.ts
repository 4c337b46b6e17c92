// Structured JSON logs (pino through Fastify). Secrets never reach a log line.
import type { FastifyServerOptions } from 'fastify';
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
