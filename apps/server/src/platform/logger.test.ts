// Request logging: one line per answered request, at info for writes, failures and slow reads; the product's
// logger: readable lines on a terminal, JSON otherwise.
import { execFile } from 'node:child_process';
import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyChildLogger, productLogger, requestLogging } from './logger.ts';

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

describe('productLogger', () => {
  const ANSI = new RegExp(String.raw`\u001b\[[0-9;]*m`, 'g');
  const linesOf = (isTTY: boolean) => {
    const written: string[] = [];
    const log = productLogger('info', { isTTY, write: (text) => written.push(text) });
    log.info({ port: 8080 }, 'listening');
    log.debug('not at info');
    return written.map((text) => text.replace(ANSI, ''));
  };

  it('writes readable lines on a terminal: time, level, message, then the fields', () => {
    const [line, ...more] = linesOf(true);
    expect(more).toEqual([]);
    expect(line).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: listening\n {4}port: 8080\n$/);
  });

  it('writes one JSON object a line otherwise', () => {
    const [line, ...more] = linesOf(false);
    expect(more).toEqual([]);
    expect(JSON.parse(line!)).toMatchObject({ level: 30, msg: 'listening', port: 8080 });
  });

  // the real standard output: a pseudo-terminal from script(1), then a pipe
  const logOnce = `import { productLogger } from ${JSON.stringify(new URL('./logger.ts', import.meta.url).href)};
productLogger('info').info({ port: 8080 }, 'listening');`;
  const run = (command: string, args: string[]) =>
    new Promise<string>((resolve, reject) =>
      execFile(command, args, { env: { ...process.env, NO_COLOR: '1' } }, (err, stdout) =>
        err ? reject(err) : resolve(stdout.replace(ANSI, '').replace(/\r\n/g, '\n')),
      ),
    );
  const node = [process.execPath, '--import', 'tsx', '--input-type=module', '-e', logOnce];

  it('picks readable lines when standard output is a terminal and JSON when it is a pipe', async () => {
    const quoted = node.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
    expect(await run('script', ['-qec', quoted, '/dev/null'])).toMatch(
      /^\[\d\d:\d\d:\d\d\] INFO: listening\n/,
    );
    expect(JSON.parse(await run(node[0]!, node.slice(1)))).toMatchObject({ level: 30, msg: 'listening' });
  }, 30_000);
});
