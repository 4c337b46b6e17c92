// Structured JSON logs (pino through Fastify). Secrets never reach a log line.
import type { FastifyServerOptions } from 'fastify';

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.passwordHash', '*.token'],
      censor: '[redacted]',
    },
  };
}
