// Request logging: one line per answered request, at info for writes, failures and slow reads.
import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyChildLogger, requestLogging } from './logger.ts';

async function linesFor(level: string, requests: { method: 'GET' | 'POST'; url: string }[]) {
  const lines: { level: number; msg: string; reqId?: string; res?: { statusCode: number } }[] = [];
  const stream = { write: (line: string) => void lines.push(JSON.parse(line)) };
  const app = Fastify({
    logger: { level, stream },
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: lazyChildLogger,
  });
  app.get('/says', async (request) => {
    request.log.warn({ detail: 1 }, 'said');
    return { ok: true };
  });
  await app.register(requestLogging);
  app.get('/read', async () => ({ ok: true }));
  app.post('/write', async () => ({ ok: true }));
  app.get('/fail', async (_request, reply) => reply.code(404).send({}));
  for (const r of requests) await app.inject(r);
  await app.close();
  return lines.filter((l) => l.msg !== undefined);
}

describe('requestLogging', () => {
  it('logs a write and a failed read at info, and a quick successful read not at all at info', async () => {
    const lines = await linesFor('info', [
      { method: 'GET', url: '/read' },
      { method: 'POST', url: '/write' },
      { method: 'GET', url: '/fail' },
    ]);
    expect(lines.map((l) => [l.level, l.res?.statusCode])).toEqual([
      [30, 200],
      [30, 404],
    ]);
  });

  it('logs every request at debug', async () => {
    const lines = await linesFor('debug', [
      { method: 'GET', url: '/read' },
      { method: 'POST', url: '/write' },
    ]);
    expect(lines.map((l) => l.level)).toEqual([20, 30]);
  });
});

describe('lazyChildLogger', () => {
  it("writes a request's lines with its request id, made when the request first writes", async () => {
    const lines = await linesFor('info', [
      { method: 'GET', url: '/says' },
      { method: 'GET', url: '/fail' },
    ]);
    expect(lines.map((l) => [l.msg, typeof l.reqId])).toEqual([
      ['said', 'string'],
      ['request completed', 'string'],
    ]);
    expect(lines[0]!.reqId).not.toBe(lines[1]!.reqId);
  });
});
