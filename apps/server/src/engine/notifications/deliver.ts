// The delivery worker: one pg-boss job per delivery row. A row already delivered or dead is skipped
// (at-least-once jobs, exactly-once rows); e-mail and SMS are rate limited per address per minute;
// a failure is retried with pg-boss's capped exponential backoff until the last attempt, then kept
// as a dead letter (status 'dead', last error) for /api/Audit/DeadLetters. A delivery on a channel turned
// off is not attempted: it is kept as 'skipped' with the reason.
import type { DatabaseHandle } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { DIRECT_KINDS, type AlertEventKind } from '../../platform/alerts.ts';
import { DeliveryRepository, type AlertDeliveryRow } from './delivery.repository.ts';
import type { Channel } from './recipient-rules.ts';
import { PermanentDeliveryError, type ChannelSender, type OutgoingMessage } from './channels/types.ts';
import type { Composer } from './compose.ts';
import { priorityOf } from './priority.ts';
import { ALL_CLEAR_KINDS } from './enqueue.ts';

export interface DeliverDeps {
  db: DatabaseHandle;
  clock: Clock;
  senders: Record<Channel, ChannelSender>;
  /** Messages per address per minute on channels that cost money. */
  perMinute: { email: number; sms: number };
  /** Channels turned off (NOTIFY_<CHANNEL>=off), each with the reason recorded on its skipped deliveries. */
  off?: Partial<Record<Channel, string>>;
  /** Completes a message just before it is sent (an invite's link, a contact's unsubscribe link), or skips it. */
  compose?: Composer;
  /** After a life-safety message to an address, the others to it within this window go as one message at its close, ms. */
  mergeWindowMs?: number;
}

/** The merge window of life-safety messages to one address (MERGE_WINDOW_MS): short, for it adds to their latency. */
export const MERGE_WINDOW_MS = 5_000;

export type DeliveryOutcome = 'delivered' | 'skipped' | 'retrying' | 'dead' | 'rate-limited';

/**
 * Statuses no job changes again: sent, dead-lettered, skipped because its channel is off, or merged into another
 * delivery's message (which sets it delivered or dead with itself).
 */
const FINAL_STATUSES = new Set(['delivered', 'dead', 'skipped', 'merged']);

/**
 * Not to be sent yet: the delivery is offered again in `retryAfterSeconds`; waiting is no failed attempt, so it never
 * uses up the delivery's attempts.
 */
export class HeldBackError extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/**
 * Over the per-minute limit of its address: the delivery waits until its turn (`retryAfterSeconds`, rateLimitTurn);
 * a flood of alerts delays a message but never uses up its attempts.
 */
export class RateLimitedError extends HeldBackError {}

/** An all-clear whose alert's message to the same person and channel is still to be sent waits this long, s. */
export const ALL_CLEAR_WAIT_SECONDS = 2;

/**
 * Sends one delivery. `attempt` counts from 0 and `lastAttempt` says no retry follows. Resolves with
 * the outcome; rejects (so pg-boss retries) when the failure is transient and attempts remain.
 */
export async function deliverOne(
  deps: DeliverDeps,
  deliveryId: string,
  attempt: number,
  lastAttempt: boolean,
): Promise<DeliveryOutcome> {
  const { clock } = deps;
  const deliveries = new DeliveryRepository(deps.db.db);
  const row = await deliveries.findWithEvent(deliveryId);
  if (!row || FINAL_STATUSES.has(row.delivery.status)) return 'skipped';
  const { delivery, event } = row;
  const channel = delivery.channel as Channel;
  const offReason = deps.off?.[channel];
  if (offReason) {
    // never attempted, never dropped quietly: the row says why it was not sent
    await deliveries.markSkipped(delivery.id, offReason, clock.now());
    return 'skipped';
  }
  try {
    const kind = event.kind as AlertEventKind;
    // the flood limit protects people and costs from floods, never a person on a field from the message to clear it:
    // a life-safety message is not held by it (it still counts toward the minute, so information waits behind it);
    // nor is a message one person asked for (an invite, a report, a drill's report, a password notice) held behind a
    // storm's alerts to the same address, nor given up because of them
    const limited = (channel === 'email' || channel === 'sms') && !DIRECT_KINDS.includes(kind);
    const priority = priorityOf({ ...event, kind });
    const digest = limited && priority === 'information';
    if (limited && priority !== 'life-safety')
      await checkRateLimit(deps, deliveries, { ...delivery, channel }, digest);
    // 'all clear' before 'lightning delay' would send people back out before they knew to go in. After the rate
    // limit: an all-clear waiting for its turn behind its warning is offered again once, at that turn
    if (ALL_CLEAR_KINDS.includes(kind) && (await deliveries.alertsStillToSend(delivery, event)) > 0) {
      throw new HeldBackError(
        `all-clear held until its alert's message to ${delivery.address || delivery.recipientKey} is sent`,
        ALL_CLEAR_WAIT_SECONDS,
      );
    }
    // a flood is tamed by merging, not by delay: the first life-safety message to an address goes at once, those
    // that follow within the window go together at its close, as one message naming every location
    // and information beyond the limit goes as one digest when the first of it gets its turn
    const merged =
      limited && priority === 'life-safety'
        ? await mergeBurst(deps, deliveries, delivery)
        : digest && (delivery.status === 'waiting' || delivery.status === 'retrying')
          ? await deliveries.mergeInto(delivery, clock.now(), 'waiting')
          : [];
    if (merged === null) return 'skipped'; // taken into another delivery's message as the window closed
    const drafted: OutgoingMessage = {
      deliveryId: delivery.id,
      eventId: event.id,
      correlationId: event.correlationId,
      kind: event.kind,
      notificationType: event.notificationType,
      customerId: event.customerId,
      locationId: event.locationId,
      policyId: event.policyId,
      occurredAt: event.occurredAt,
      ...mergedText({ created: delivery.created, subject: event.subject, body: event.body }, merged),
      details: event.details,
      address: delivery.address,
      recipientKey: delivery.recipientKey,
      userId: delivery.userId,
    };
    const composed = deps.compose ? await deps.compose(drafted, channel) : { message: drafted };
    if ('skip' in composed) {
      // decided at the last moment (a contact who unsubscribed since, an invite already replaced): kept, with why
      await deliveries.markSkipped(delivery.id, composed.skip, clock.now());
      return 'skipped';
    }
    const { message } = composed;
    const sender = deps.senders[channel];
    if (!sender) throw new PermanentDeliveryError(`unknown channel ${channel}`);
    await sender(message);
    await deliveries.markDelivered(delivery.id, attempt + 1, clock.now());
    return 'delivered';
  } catch (error) {
    if (error instanceof HeldBackError) throw error; // not an attempt: the row stays as it was
    const permanent = error instanceof PermanentDeliveryError;
    const dead = permanent || lastAttempt;
    const message = error instanceof Error ? error.message : String(error);
    await deliveries.markFailed(delivery.id, dead ? 'dead' : 'retrying', attempt + 1, message, clock.now());
    if (permanent) return 'dead';
    throw error;
  }
}

/**
 * A life-safety delivery to an address that was sent one within the merge window: it waits for the window's close
 * (HeldBackError, status 'merging'), the job offered again then. Offered again (still 'merging'), the window has
 * closed: it takes every delivery still waiting into its own message and returns them (none: it goes alone); null
 * when another's message took it first. The close is the job queue's, not a second reading of the clock: a test's
 * frozen clock would keep the window open for ever.
 */
async function mergeBurst(
  deps: DeliverDeps,
  deliveries: DeliveryRepository,
  delivery: AlertDeliveryRow,
): Promise<MessageText[] | null> {
  const now = deps.clock.now();
  if (delivery.status === 'merging') {
    if (!(await deliveries.takeBackFromMerge(delivery.id, now))) return null;
    return deliveries.mergeInto(delivery, now, 'merging');
  }
  const windowMs = deps.mergeWindowMs ?? MERGE_WINDOW_MS;
  const recent = await deliveries.acceptedMessagesSince(
    delivery.channel,
    delivery.address,
    new Date(now.getTime() - windowMs),
  );
  const opened = recent
    .filter((m) => priorityOf({ ...m, kind: m.kind as AlertEventKind }) === 'life-safety')
    .reduce((latest, m) => Math.max(latest, m.acceptedAt.getTime()), -Infinity);
  if (opened === -Infinity) return deliveries.mergeInto(delivery, now, 'merging'); // a retry carries what it merged before
  await deliveries.markHeld(delivery.id, 'merging', now);
  throw new HeldBackError(
    `merged: a life-safety message went to ${delivery.address} within ${windowMs / 1000} s; this one goes with the others at the window's close`,
    Math.max(1, Math.ceil((opened + windowMs - now.getTime()) / 1000)),
  );
}

interface MessageText {
  created: Date;
  subject: string;
  body: string;
}

/**
 * One message for a delivery and those merged into it, oldest first: the oldest's subject and how many more
 * ('Lightning delay at Choctaw Stadium and 3 more'), then every message's text, each naming its location.
 */
export function mergedText(
  own: MessageText,
  merged: readonly MessageText[],
): { subject: string; body: string } {
  if (merged.length === 0) return { subject: own.subject, body: own.body };
  const all = [own, ...merged].sort((a, b) => a.created.getTime() - b.created.getTime());
  return {
    subject: `${all[0]!.subject} and ${merged.length} more`,
    body: all.map((m) => m.body).join('\n\n'),
  };
}

async function checkRateLimit(
  deps: DeliverDeps,
  deliveries: DeliveryRepository,
  delivery: AlertDeliveryRow & { channel: 'email' | 'sms' },
  digest: boolean,
): Promise<void> {
  const { channel, address } = delivery;
  const limit = deps.perMinute[channel];
  const now = deps.clock.now().getTime();
  const accepted = await deliveries.acceptedSince(channel, address, new Date(now - RATE_WINDOW_MS));
  if (accepted.length < limit) return;
  const ahead = await deliveries.countWaitingAhead(delivery);
  const turn = rateLimitTurn(
    accepted.map((d) => d.getTime()),
    limit,
    ahead,
  );
  // information held back joins the digest the first of it sends at its turn
  if (digest && delivery.status !== 'waiting')
    await deliveries.markHeld(delivery.id, 'waiting', deps.clock.now());
  throw new RateLimitedError(
    `rate limited: more than ${limit} ${channel} per minute to ${address}`,
    Math.max(1, Math.ceil((turn - now) / 1000)),
  );
}

/** The rate limit's window: `perMinute` messages per address in any minute. */
const RATE_WINDOW_MS = 60_000;

/**
 * When a message held back by the rate limit gets its turn (ms since the epoch): `accepted` are the times the last
 * minute's messages to the address were accepted, oldest first (at least `limit` of them), and `ahead` how many
 * messages to it wait before this one. Each slot frees a minute after the message that used it, and the waiting
 * messages take the slots in order: the first the slot of the oldest message that keeps the minute full, the
 * `limit`-th after it a minute later, and so on. So a message is offered again when its turn comes, once, not
 * every few seconds with all the others (a storm's backlog of a hundred e-mails to one person was offered again
 * 13 times a second, three statements each).
 */
export function rateLimitTurn(accepted: readonly number[], limit: number, ahead: number): number {
  const index = accepted.length - limit + ahead;
  if (index < accepted.length) return accepted[index]! + RATE_WINDOW_MS;
  const minutes = Math.floor((index - accepted.length) / limit) + 1;
  return accepted[index - minutes * limit]! + RATE_WINDOW_MS * (minutes + 1);
}
