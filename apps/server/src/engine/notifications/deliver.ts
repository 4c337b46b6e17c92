// The delivery worker: one pg-boss job per delivery row. A row already delivered or dead is skipped
// (at-least-once jobs, exactly-once rows); e-mail and SMS are rate limited per address per minute;
// a failure is retried with pg-boss's capped exponential backoff until the last attempt, then kept
// as a dead letter (status 'dead', last error) for /api/Audit/DeadLetters. A delivery on a channel turned
// off is not attempted: it is kept as 'skipped' with the reason.
import { and, count, eq, gt } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client.ts';
import { alertDeliveries, alertEvents } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Channel } from './recipient-rules.ts';
import { PermanentDeliveryError, type ChannelSender, type OutgoingMessage } from './channels/types.ts';

export interface DeliverDeps {
  db: DatabaseHandle;
  clock: Clock;
  senders: Record<Channel, ChannelSender>;
  /** Messages per address per minute on channels that cost money. */
  perMinute: { email: number; sms: number };
  /** Channels turned off (NOTIFY_<CHANNEL>=off), each with the reason recorded on its skipped deliveries. */
  off?: Partial<Record<Channel, string>>;
}

export type DeliveryOutcome = 'delivered' | 'skipped' | 'retrying' | 'dead' | 'rate-limited';

/** Statuses no job changes again: sent, dead-lettered, or skipped because its channel is off. */
const FINAL_STATUSES = new Set(['delivered', 'dead', 'skipped']);

/** Thrown for a message held back by the rate limit; it is retried like any transient failure. */
export class RateLimitedError extends Error {}

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
  const { db, clock } = deps;
  const [row] = await db.db
    .select({ delivery: alertDeliveries, event: alertEvents })
    .from(alertDeliveries)
    .innerJoin(alertEvents, eq(alertEvents.id, alertDeliveries.eventId))
    .where(eq(alertDeliveries.id, deliveryId));
  if (!row || FINAL_STATUSES.has(row.delivery.status)) return 'skipped';
  const { delivery, event } = row;
  const channel = delivery.channel as Channel;
  const offReason = deps.off?.[channel];
  if (offReason) {
    // never attempted, never dropped quietly: the row says why it was not sent
    await db.db
      .update(alertDeliveries)
      .set({ status: 'skipped', updated: clock.now(), lastError: offReason })
      .where(eq(alertDeliveries.id, delivery.id));
    return 'skipped';
  }
  try {
    if (channel === 'email' || channel === 'sms') await checkRateLimit(deps, channel, delivery.address);
    const message: OutgoingMessage = {
      deliveryId: delivery.id,
      eventId: event.id,
      correlationId: event.correlationId,
      kind: event.kind,
      notificationType: event.notificationType,
      customerId: event.customerId,
      locationId: event.locationId,
      policyId: event.policyId,
      occurredAt: event.occurredAt,
      subject: event.subject,
      body: event.body,
      details: event.details,
      address: delivery.address,
      recipientKey: delivery.recipientKey,
      userId: delivery.userId,
    };
    const sender = deps.senders[channel];
    if (!sender) throw new PermanentDeliveryError(`unknown channel ${channel}`);
    await sender(message);
    const now = clock.now();
    await db.db
      .update(alertDeliveries)
      .set({ status: 'delivered', attempts: attempt + 1, acceptedAt: now, updated: now, lastError: null })
      .where(eq(alertDeliveries.id, delivery.id));
    return 'delivered';
  } catch (error) {
    const permanent = error instanceof PermanentDeliveryError;
    const dead = permanent || lastAttempt;
    const message = error instanceof Error ? error.message : String(error);
    await db.db
      .update(alertDeliveries)
      .set({
        status: dead ? 'dead' : 'retrying',
        attempts: attempt + 1,
        updated: clock.now(),
        lastError: message,
      })
      .where(eq(alertDeliveries.id, delivery.id));
    if (permanent) return 'dead';
    throw error;
  }
}

async function checkRateLimit(deps: DeliverDeps, channel: 'email' | 'sms', address: string): Promise<void> {
  const since = new Date(deps.clock.now().getTime() - 60_000);
  const [row] = await deps.db.db
    .select({ n: count() })
    .from(alertDeliveries)
    .where(
      and(
        eq(alertDeliveries.channel, channel),
        eq(alertDeliveries.address, address),
        gt(alertDeliveries.acceptedAt, since),
      ),
    );
  if ((row?.n ?? 0) >= deps.perMinute[channel]) {
    throw new RateLimitedError(
      `rate limited: more than ${deps.perMinute[channel]} ${channel} per minute to ${address}`,
    );
  }
}
