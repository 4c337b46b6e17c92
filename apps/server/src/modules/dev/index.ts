// The dev module (/dev), for loopback callers only: the local outbox (e-mail and SMS the notifier kept instead of
// sending, newest first; served when the outbox is on: the embedded default, or NOTIFY_OUTBOX=1) and the fault
// switch of ./faults.ts (only when APP_ENV is 'test' or 'development').
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TOutboxMessage } from '@allclear/contracts';
import { routes } from '@allclear/contracts/routes';
import type { AppDeps } from '../../platform/deps.ts';
import { errorBody } from '../../platform/errors.ts';
import { register } from '../../platform/route.ts';
import { DevRepository, type OutboxRow } from './dev.repository.ts';
import { faultRoutes } from './faults.ts';

export { devFaultsPlugin } from './faults.ts';

export type DevModuleOptions = Pick<AppDeps, 'config' | 'db'>;

/** Messages listed per page (newest first). */
export const OUTBOX_PAGE_SIZE = 200;

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** Headers a reverse proxy adds: a request that carries one came from elsewhere, whatever its TCP peer. */
const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

/**
 * True when the caller is on this machine: the TCP peer is loopback (the socket address, never a forwarded header)
 * and no proxy forwarded the request (a proxy on the same host would otherwise make every caller loopback).
 */
export function isLoopbackRequest(request: FastifyRequest): boolean {
  if (PROXY_HEADERS.some((h) => request.headers[h] !== undefined)) return false;
  return LOOPBACK.test(request.socket.remoteAddress ?? request.ip);
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const presentOutboxMessage = (r: OutboxRow): TOutboxMessage => ({
  channel: r.channel,
  recipient: r.recipient,
  subject: r.subject,
  body: r.body,
  headers: r.headers,
  ...(r.attachments.length > 0 ? { attachments: r.attachments } : {}),
  time: r.created.toISOString(),
});

/** The outbox and the fault switch (mount at prefix '/dev'). */
export const devModule: FastifyPluginAsync<DevModuleOptions> = async (app, { config, db }) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopbackRequest(request)) return reply.code(404).send(errorBody('Not Found'));
  });
  const repo = new DevRepository(db.db);
  await app.register(faultRoutes, { repo });
  await app.register(outboxRoutes, { config, repo });
};

/** GET /dev/outbox.json and GET /dev/outbox. */
const outboxRoutes: FastifyPluginAsync<Pick<AppDeps, 'config'> & { repo: DevRepository }> = async (
  app,
  { config, repo },
) => {
  app.addHook('onRequest', async (_request, reply) => {
    if (!config.notify.outbox) return reply.code(404).send(errorBody('Not Found'));
  });

  const list = async () => (await repo.latestOutboxMessages(OUTBOX_PAGE_SIZE)).map(presentOutboxMessage);

  register(app, routes.devOutboxJson, {}, async () => list());

  register(app, routes.devOutboxPage, {}, async (_request, reply) => {
    const rows = await list();
    const items = rows
      .map(
        (m) =>
          `<tr><td>${escapeHtml(m.time)}</td><td>${escapeHtml(m.channel)}</td><td>${escapeHtml(m.recipient)}</td>` +
          `<td>${escapeHtml(m.subject)}</td><td><pre>${escapeHtml(m.body)}</pre></td>` +
          `<td><pre>${escapeHtml(
            [
              ...Object.entries(m.headers).map(([k, v]) => `${k}: ${v}`),
              ...(m.attachments ?? []).map((a) => `Attachment: ${a.fileName} (${a.sizeBytes} bytes)`),
            ].join('\n'),
          )}</pre></td></tr>`,
      )
      .join('\n');
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>AllClear outbox</title>
<style>body{font-family:sans-serif;margin:1rem}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:4px;vertical-align:top;text-align:left}pre{margin:0;white-space:pre-wrap}</style>
</head><body><h1>Local outbox</h1><p>E-mail and SMS kept in the local outbox instead of being sent (newest first).</p>
${rows.length === 0 ? '<p>No messages yet.</p>' : `<table><thead><tr><th>Time</th><th>Channel</th><th>Recipient</th><th>Subject</th><th>Body</th><th>Headers</th></tr></thead><tbody>${items}</tbody></table>`}
</body></html>`;
    return reply.type('text/html; charset=utf-8').send(html);
  });
};
