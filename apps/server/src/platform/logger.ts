// Structured JSON logs (pino through Fastify), readable lines in a terminal. Secrets never reach a log line.
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { pino, type Logger, type LoggerOptions } from 'pino';
import { prettyFactory } from 'pino-pretty';

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.passwordHash', '*.token'],
      censor: '[redacted]',
    },
  };
}

/** Where the product's log lines go: standard output, or a stand-in for it in tests. */
export interface LogOutput {
  isTTY?: boolean;
  write(text: string): unknown;
}

/**
 * The product's logger: JSON lines for a collector when standard output is a file or a pipe, and readable lines
 * (pino-pretty: time, level, message, then the fields) when it is a terminal, as the Fastify ecosystem does.
 * Prettified here, on the logging call, rather than through pino-pretty's stream or a transport, which write later:
 * the lines logged before the start banner then come before it.
 */
export function productLogger(level: string, out: LogOutput = process.stdout): Logger {
  const options = loggerOptions(level) as LoggerOptions;
  if (!out.isTTY) return out === process.stdout ? pino(options) : pino(options, out);
  const prettify = prettyFactory({ translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' });
  return pino(options, { write: (line: string) => void out.write(prettify(line)) });
}

const DEBUG_LEVELS = new Set(['debug', 'trace']);

/** A read answered in this long or longer is logged at info like a failure, ms. */
export const SLOW_REQUEST_MS = 1_000;

/** The level of a request's one line (requestLogging): debug for a quick successful read, info otherwise. */
export function answeredLevel(method: string, statusCode: number, responseTime: number): 'debug' | 'info' {
  const read = method === 'GET' || method === 'HEAD';
  return read && statusCode < 400 && responseTime < SLOW_REQUEST_MS ? 'debug' : 'info';
}

/** Whether a logger at this level writes debug lines. */
export const logsDebug = (level: string): boolean => DEBUG_LEVELS.has(level);

/**
 * One line per request, when it has been answered (Fastify's own request logging is turned off: it wrote two lines
 * per request, which cost about as much as the whole of a Fastify hello world's answer; issue 18 profile). At info:
 * every request that changes something (not GET or HEAD), failed (4xx, 5xx) or was slow; a quick successful read at
 * debug only, since a dashboard polls dozens of them a minute.
 */
export const requestLogging = fp(
  async (app) => {
    app.addHook('onResponse', function logAnswered(request, reply, done) {
      const responseTime = reply.elapsedTime;
      const level = answeredLevel(request.method, reply.statusCode, responseTime);
      if (level === 'info' || logsDebug(request.log.level))
        request.log[level]({ req: request, res: reply, responseTime }, 'request completed');
      done();
    });
  },
  { name: 'allclear-request-logging', fastify: '5.x' },
);

/**
 * A request's logger that makes its pino child (with the request id) when it first writes. One object per request
 * with its methods on the prototype: the earlier closure per method was ten allocations per request (issue 18).
 */
class LazyLogger {
  #child: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Record<string, unknown>,
    private readonly options: object,
  ) {}
  private made(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }
  get level(): string {
    return (this.#child ?? this.parent).level;
  }
  set level(level: string) {
    this.made().level = level;
  }
  child(more: Record<string, unknown>, moreOptions?: object): FastifyBaseLogger {
    return this.made().child(more, moreOptions);
  }
  fatal(...args: unknown[]): void {
    (this.made().fatal as (...a: unknown[]) => void)(...args);
  }
  error(...args: unknown[]): void {
    (this.made().error as (...a: unknown[]) => void)(...args);
  }
  warn(...args: unknown[]): void {
    (this.made().warn as (...a: unknown[]) => void)(...args);
  }
  info(...args: unknown[]): void {
    (this.made().info as (...a: unknown[]) => void)(...args);
  }
  debug(...args: unknown[]): void {
    (this.made().debug as (...a: unknown[]) => void)(...args);
  }
  trace(...args: unknown[]): void {
    (this.made().trace as (...a: unknown[]) => void)(...args);
  }
  silent(...args: unknown[]): void {
    (this.made().silent as (...a: unknown[]) => void)(...args);
  }
}

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
  return new LazyLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
