// The notifier (ARCHITECTURE.md 'Notifications'): enqueueAlert records an engine decision and its
// deliveries in the caller's transaction, with one pg-boss job per delivery sent in that same
// transaction; the worker delivers by e-mail, SMS, web push, signed webhooks and Singlewire with
// retries and dead letters. Each channel is configured, sent to the local outbox (/dev/outbox) or turned
// off (platform/config.ts decides at start); deliveries on a channel that is off are recorded as skipped.
import type { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../../db/client.ts';
import type { ChannelStates, NotifierSettings, NotifyConfig } from '../../platform/config.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Bus } from '../../platform/bus.ts';
import { eachOnItsOwnTurn } from '../../platform/turns.ts';
import type { EngineService, EnqueueAlert } from '../contracts.ts';
import { createEnqueueAlert, type Announcement } from './enqueue.ts';
import { deliverOne, HeldBackError, type DeliverDeps } from './deliver.ts';
import {
  ANNOUNCE_QUEUE,
  DELIVERY_QUEUE,
  handleExecutor,
  startJobQueue,
  type TrackedExecutor,
} from './job-queue.ts';
import { localOutboxSender } from './channels/local-outbox.ts';
import { smtpSender } from './channels/email.ts';
import { twilioSender } from './channels/sms.ts';
import { ensureVapidKeys, webPushSender, type VapidKeys } from './channels/push.ts';
import { webhookSender } from './channels/webhook.ts';
import { singlewireSender } from './channels/singlewire.ts';
import type { ChannelSender } from './channels/types.ts';
import { ChannelRepository } from './channels/channel.repository.ts';
import { createComposer } from './compose.ts';

export type { NotifierSettings } from '../../platform/config.ts';
export { ALL_CLEAR_KINDS } from './enqueue.ts';

export interface NotifierContext {
  /** The notify section of the configuration: each channel's state and the notifier's settings. */
  notify: NotifyConfig;
  db: DatabaseHandle;
  clock: Clock;
  log: FastifyBaseLogger;
  bus?: Bus;
  fetch?: typeof fetch;
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
  /** Each channel's state: configured, outbox or off. */
  channels: ChannelStates;
}

/** Names of the channels in the reasons recorded on skipped deliveries. */
const CHANNEL_NAMES: Record<keyof ChannelStates, string> = {
  email: 'E-mail',
  sms: 'SMS',
  push: 'Web push',
  webhook: 'Webhooks',
  singlewire: 'Singlewire',
};

/** The reason recorded on a delivery not attempted because its channel is off. */
export function channelOffReason(channel: keyof ChannelStates): string {
  return `${CHANNEL_NAMES[channel]} is turned off (NOTIFY_${channel.toUpperCase()}=off): not sent`;
}

/** Builds the notifier; nothing runs until `service.start()`. */
export function createNotifier(ctx: NotifierContext): Notifier {
  const settings = { ...ctx.notify.settings, ...ctx.settings };
  const { db, clock, log } = ctx;
  const { channels } = ctx.notify;
  if (channels.email === 'configured' && !settings.SMTP_URL) {
    throw new Error('e-mail is configured but the notifier has no SMTP_URL');
  }
  if (
    channels.sms === 'configured' &&
    !(settings.TWILIO_ACCOUNT_SID && settings.TWILIO_AUTH_TOKEN && settings.TWILIO_FROM)
  ) {
    throw new Error(
      'SMS is configured but the notifier has no TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN or TWILIO_FROM',
    );
  }
  let boss: PgBoss | null = null;
  /** The statements pg-boss runs (stop() waits for the last ones: job-queue.ts TrackedExecutor); one per start. */
  let executor: TrackedExecutor | null = null;
  let vapid: VapidKeys | null = null;
  let closeSmtp: (() => void) | null = null;

  const buildSenders = (keys: VapidKeys): DeliverDeps['senders'] => {
    const channelRepository = new ChannelRepository(db.db);
    let email: ChannelSender;
    if (channels.email === 'configured') {
      const smtp = smtpSender(settings.SMTP_URL!, settings.SMTP_FROM);
      closeSmtp = smtp.close;
      email = smtp.send;
    } else {
      email = localOutboxSender(db, clock, 'email');
    }
    const sms =
      channels.sms === 'configured'
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
        secretOf: (m) => channelRepository.webhookSecret(Number(m.recipientKey.split(':')[1]), m.customerId),
      }),
      singlewire: singlewireSender({
        apiUrl: settings.SINGLEWIRE_API_URL,
        fetch: ctx.fetch,
        mappingOf: (m) =>
          channelRepository.singlewireMapping(Number(m.recipientKey.split(':')[1]), m.customerId),
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
        off: Object.fromEntries(
          Object.entries(channels)
            .filter(([, state]) => state === 'off')
            .map(([channel]) => [channel, channelOffReason(channel as keyof ChannelStates)]),
        ),
        compose: createComposer({ db, clock, publicUrl: ctx.notify.publicUrl }),
      };
      executor = handleExecutor(db, {
        onLost: (err) => log.warn({ err }, 'job queue: the database does not answer; deliveries wait for it'),
        onBack: () => log.info('job queue: the database answers again'),
      });
      const started = await startJobQueue(executor, {
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
          // the rest are completed when the handler resolves; together, but each started on its own turn of
          // the event loop, so the reads are not held behind a whole batch's queries (platform/turns.ts)
          await eachOnItsOwnTurn(jobs, async (job) => {
            try {
              const outcome = await deliverOne(
                deps,
                job.data.deliveryId,
                job.retryCount,
                job.retryCount >= job.retryLimit,
              );
              log.debug({ deliveryId: job.data.deliveryId, outcome }, 'delivery');
            } catch (err) {
              if (err instanceof HeldBackError) {
                // offered again once the address's minute has room (or an all-clear's alert has gone); this job ends
                // (no attempt used). At debug: it is no failure, and one storm holds back dozens of messages (the
                // demo's wrote a hundred lines at start)
                log.debug(
                  { deliveryId: job.data.deliveryId, retryAfterSeconds: err.retryAfterSeconds },
                  err.message,
                );
                await started.send(DELIVERY_QUEUE, job.data, {
                  startAfter: err.retryAfterSeconds,
                  priority: job.priority,
                });
                return;
              }
              log.warn(
                { err, deliveryId: job.data.deliveryId, attempt: job.retryCount + 1 },
                'delivery failed',
              );
              await started.fail(DELIVERY_QUEUE, job.id, { message: String(err) });
            }
          });
        },
      );
      // the history rows an event wrote, committed: each goes on the bus for the stream service (the bell)
      await started.work<Announcement>(
        ANNOUNCE_QUEUE,
        { pollingIntervalSeconds: settings.NOTIFY_POLL_SECONDS, batchSize: 20 },
        async (jobs) => {
          for (const job of jobs)
            for (const sent of job.data.notifications) ctx.bus?.publish('notification-sent', sent);
        },
      );
      boss = started;
    },
    async stop() {
      const running = boss;
      boss = null;
      // a database away at shutdown is not waited for (job-queue.ts close)
      executor?.close();
      if (running) await running.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
      await executor?.settled();
      closeSmtp?.();
    },
  };

  return {
    enqueueAlert: createEnqueueAlert(() => boss),
    service,
    settings,
    vapidPublicKey: () => vapid?.publicKey ?? null,
    usesLocalOutbox: { email: channels.email === 'outbox', sms: channels.sms === 'outbox' },
    channels,
  };
}
