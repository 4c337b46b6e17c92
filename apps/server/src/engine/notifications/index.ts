// The notifier (ARCHITECTURE.md 'Notifications'): enqueueAlert records an engine decision and its
// deliveries in the caller's transaction, with one pg-boss job per delivery sent in that same
// transaction; the worker delivers by e-mail, SMS, web push, signed webhooks and Singlewire with
// retries and dead letters. E-mail and SMS go to the local outbox (/dev/outbox) when not configured.
import type { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { and, eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client.ts';
import { integrationConfigs, scenarioMappings, webhooks } from '../../db/schema/index.ts';
import type { Config } from '../../platform/config.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Bus } from '../../platform/bus.ts';
import type { EngineService, EnqueueAlert } from '../contracts.ts';
import { createEnqueueAlert } from './enqueue.ts';
import { deliverOne, type DeliverDeps } from './deliver.ts';
import { DELIVERY_QUEUE, startJobQueue } from './job-queue.ts';
import { loadNotifierSettings, type NotifierSettings } from './settings.ts';
import { localOutboxSender } from './channels/local-outbox.ts';
import { smtpSender } from './channels/email.ts';
import { twilioSender } from './channels/sms.ts';
import { ensureVapidKeys, webPushSender, type VapidKeys } from './channels/push.ts';
import { webhookSender } from './channels/webhook.ts';
import { singlewireSender } from './channels/singlewire.ts';
import type { ChannelSender } from './channels/types.ts';

export { loadNotifierSettings, type NotifierSettings } from './settings.ts';
export { ALL_CLEAR_KINDS } from './enqueue.ts';

export interface NotifierContext {
  config: Config;
  db: DatabaseHandle;
  clock: Clock;
  log: FastifyBaseLogger;
  bus?: Bus;
  fetch?: typeof fetch;
  /** Environment to read the notifier's variables from (process.env by default). */
  env?: Record<string, string | undefined>;
  /** HTTPS agent for web push (tests trust a loopback push service with it). */
  pushAgent?: Agent;
  /** Overrides of the parsed settings (tests). */
  settings?: Partial<NotifierSettings>;
}

export interface Notifier {
  /** Hand to the engines (AppDeps.enqueueAlert): records an event and its deliveries in the caller's transaction. */
  enqueueAlert: EnqueueAlert;
  /** Starts the job queue (pg-boss migrations on first start), VAPID keys and the delivery worker. */
  service: EngineService;
  settings: NotifierSettings;
  /** The VAPID public key for browsers (after start). */
  vapidPublicKey(): string | null;
  /** True when e-mail and SMS go to the local outbox (shown at /dev/outbox). */
  usesLocalOutbox: { email: boolean; sms: boolean };
}

/** Builds the notifier; nothing runs until `service.start()`. */
export function createNotifier(ctx: NotifierContext): Notifier {
  const settings = { ...loadNotifierSettings(ctx.env ?? process.env), ...ctx.settings };
  const { db, clock, log } = ctx;
  let boss: PgBoss | null = null;
  let vapid: VapidKeys | null = null;
  let closeSmtp: (() => void) | null = null;
  const twilioConfigured = Boolean(
    settings.TWILIO_ACCOUNT_SID && settings.TWILIO_AUTH_TOKEN && settings.TWILIO_FROM,
  );

  const buildSenders = (keys: VapidKeys): DeliverDeps['senders'] => {
    let email: ChannelSender;
    if (settings.SMTP_URL) {
      const smtp = smtpSender(settings.SMTP_URL, settings.SMTP_FROM);
      closeSmtp = smtp.close;
      email = smtp.send;
    } else {
      email = localOutboxSender(db, clock, 'email');
    }
    const sms = twilioConfigured
      ? twilioSender({
          accountSid: settings.TWILIO_ACCOUNT_SID!,
          authToken: settings.TWILIO_AUTH_TOKEN!,
          from: settings.TWILIO_FROM!,
          apiUrl: settings.TWILIO_API_URL,
          fetch: ctx.fetch,
        })
      : localOutboxSender(db, clock, 'sms');
    return {
      email,
      sms,
      push: webPushSender(db, keys, settings.VAPID_SUBJECT, ctx.pushAgent),
      webhook: webhookSender({
        allowLoopback: settings.ALLOW_PRIVATE_WEBHOOKS,
        timeoutMs: settings.WEBHOOK_TIMEOUT_MS,
        secretOf: async (m) => {
          const id = Number(m.recipientKey.split(':')[1]);
          const [row] = await db.db
            .select({ secret: webhooks.secret })
            .from(webhooks)
            .where(and(eq(webhooks.id, id), eq(webhooks.customerId, m.customerId)));
          return row?.secret ?? null;
        },
      }),
      singlewire: singlewireSender({
        apiUrl: settings.SINGLEWIRE_API_URL,
        fetch: ctx.fetch,
        mappingOf: async (m) => {
          const id = Number(m.recipientKey.split(':')[1]);
          const [row] = await db.db
            .select({ token: integrationConfigs.token, siteId: scenarioMappings.singlewireSiteId })
            .from(scenarioMappings)
            .innerJoin(integrationConfigs, eq(integrationConfigs.id, scenarioMappings.integrationConfigId))
            .where(and(eq(scenarioMappings.id, id), eq(scenarioMappings.customerId, m.customerId)));
          return row ?? null;
        },
      }),
    };
  };

  const service: EngineService = {
    async start() {
      if (boss) return;
      vapid = await ensureVapidKeys(db);
      const deps: DeliverDeps = {
        db,
        clock,
        senders: buildSenders(vapid),
        perMinute: { email: settings.NOTIFY_EMAIL_PER_MINUTE, sms: settings.NOTIFY_SMS_PER_MINUTE },
      };
      const started = await startJobQueue(db, {
        attempts: settings.NOTIFY_ATTEMPTS,
        retryDelaySeconds: settings.NOTIFY_RETRY_DELAY_SECONDS,
        expireInSeconds: settings.NOTIFY_EXPIRE_SECONDS,
        pollingIntervalSeconds: settings.NOTIFY_POLL_SECONDS,
        maintenanceIntervalSeconds: settings.NOTIFY_MAINTENANCE_SECONDS,
      });
      started.on('error', (err) => log.error({ err }, 'notifier job queue error'));
      await started.work<{ deliveryId: string }>(
        DELIVERY_QUEUE,
        { pollingIntervalSeconds: settings.NOTIFY_POLL_SECONDS, batchSize: 10, includeMetadata: true },
        async (jobs) => {
          // each job succeeds or fails on its own: a failed one is failed by id (pg-boss retries it),
          // the rest are completed when the handler resolves
          await Promise.all(
            jobs.map(async (job) => {
              try {
                const outcome = await deliverOne(
                  deps,
                  job.data.deliveryId,
                  job.retryCount,
                  job.retryCount >= job.retryLimit,
                );
                log.debug({ deliveryId: job.data.deliveryId, outcome }, 'delivery');
              } catch (err) {
                log.warn(
                  { err, deliveryId: job.data.deliveryId, attempt: job.retryCount + 1 },
                  'delivery failed',
                );
                await started.fail(DELIVERY_QUEUE, job.id, { message: String(err) });
              }
            }),
          );
        },
      );
      boss = started;
    },
    async stop() {
      const running = boss;
      boss = null;
      if (running) await running.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
      closeSmtp?.();
    },
  };

  return {
    enqueueAlert: createEnqueueAlert(() => boss),
    service,
    settings,
    vapidPublicKey: () => vapid?.publicKey ?? null,
    usesLocalOutbox: { email: !settings.SMTP_URL, sms: !twilioConfigured },
  };
}
