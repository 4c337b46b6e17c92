// The only code of the notifier that reads and writes alert events, their deliveries and the users' history
// (the bell). Built on the caller's transaction when there is one: an event, its history rows and its
// deliveries are written in the transaction that records the engine's decision.
import { and, asc, count, eq, gt, inArray, isNull, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import { alertDeliveries, alertEvents, notifications, users } from '../../db/schema/index.ts';
import type { AlertEvent, Tx } from '../contracts.ts';

export type AlertEventRow = typeof alertEvents.$inferSelect;
export type AlertDeliveryRow = typeof alertDeliveries.$inferSelect;

/** Who a delivery goes to and how: the recipient key (with the event and channel, the dedup key), channel and address. */
export interface DeliveryTarget {
  recipientKey: string;
  channel: string;
  address: string;
  recipientName: string;
  userId: string | null;
  notificationUserId: number | null;
}

/** A user whose history (the bell) lists an event, with the time zone the row is read in. */
export interface HistoryUser {
  id: string;
  timeZone: string;
}

/** A row of a user's history as written. */
export interface HistoryRow {
  id: number;
  userId: string;
  customerId: number;
  message: string;
  sentUtc: Date;
  timeZone: string;
  eventType: number;
  correlationId: string | null;
}

/** The events of a customer that share an event's correlation id (a delay and its all-clear, a warning and its re-alerts). */
function ofCorrelation(event: Pick<AlertEvent, 'customerId' | 'correlationId'>) {
  return and(
    eq(alertEvents.customerId, event.customerId),
    eq(alertEvents.correlationId, event.correlationId),
  );
}

/** Events that are alerts rather than the all-clears that close them. */
function alertsNotAllClears() {
  return sql`${alertEvents.kind} not in ('lightning-all-clear', 'policy-all-clear')`;
}

/**
 * The messages the channel accepted for an address after `since`. Merged deliveries went in another's message: one
 * message, counted once.
 */
function acceptedTo(channel: string, address: string, since: Date) {
  return and(
    eq(alertDeliveries.channel, channel),
    eq(alertDeliveries.address, address),
    gt(alertDeliveries.acceptedAt, since),
    isNull(alertDeliveries.mergedInto),
  );
}

export class DeliveryRepository {
  constructor(private readonly db: Tx) {}

  /** Records the event; false when an event with its id is already recorded (nothing is written then). */
  async insertEvent(event: AlertEvent): Promise<boolean> {
    const inserted = await this.db
      .insert(alertEvents)
      .values({
        id: event.id,
        kind: event.kind,
        notificationType: event.notificationType,
        customerId: event.customerId,
        locationId: event.locationId,
        sirenId: event.sirenId ?? null,
        policyId: event.policyId ?? null,
        policyTypeShortName: event.policyTypeShortName ?? null,
        correlationId: event.correlationId,
        occurredAt: event.occurredAt,
        subject: event.subject,
        body: event.body,
        details: event.details,
      })
      .onConflictDoNothing({ target: alertEvents.id })
      .returning({ id: alertEvents.id });
    return inserted.length > 0;
  }

  /** Lists the event in each user's history (the bell), in the user's time zone; returns the rows written. */
  async addToHistory(event: AlertEvent, historyUsers: readonly HistoryUser[]): Promise<HistoryRow[]> {
    return this.db
      .insert(notifications)
      .values(
        historyUsers.map((u) => ({
          customerId: event.customerId,
          userId: u.id,
          message: event.body,
          sentUtc: event.occurredAt,
          timeZone: u.timeZone,
          eventType: event.notificationType,
          correlationId: event.correlationId,
        })),
      )
      .returning({
        id: notifications.id,
        userId: notifications.userId,
        customerId: notifications.customerId,
        message: notifications.message,
        sentUtc: notifications.sentUtc,
        timeZone: notifications.timeZone,
        eventType: notifications.eventType,
        correlationId: notifications.correlationId,
      });
  }

  /** Writes the event's deliveries; returns the ids of the new ones (one already there for the same key is kept). */
  async insertDeliveries(event: AlertEvent, targets: readonly DeliveryTarget[]): Promise<string[]> {
    const rows = await this.db
      .insert(alertDeliveries)
      .values(targets.map((d) => ({ ...d, eventId: event.id, customerId: event.customerId })))
      .onConflictDoNothing()
      .returning({ id: alertDeliveries.id });
    return rows.map((r) => r.id);
  }

  /**
   * The recipients and channels of the alerts an all-clear closes: every delivery of the customer's other
   * events with the same correlation id, all-clears excepted, each once.
   */
  async targetsOfCorrelation(event: AlertEvent): Promise<DeliveryTarget[]> {
    return this.db
      .selectDistinct({
        recipientKey: alertDeliveries.recipientKey,
        channel: alertDeliveries.channel,
        address: alertDeliveries.address,
        recipientName: alertDeliveries.recipientName,
        userId: alertDeliveries.userId,
        notificationUserId: alertDeliveries.notificationUserId,
      })
      .from(alertDeliveries)
      .innerJoin(alertEvents, eq(alertEvents.id, alertDeliveries.eventId))
      .where(and(ofCorrelation(event), ne(alertEvents.id, event.id), alertsNotAllClears()));
  }

  /**
   * The people (recipient key and channel, as 'key|channel') already sent, or still to be sent, a message of an
   * earlier lightning delay of the same location and correlation (the same delay: a zone entered after another);
   * one dead or skipped never reached them and does not count.
   */
  async warnedOfDelay(event: AlertEvent): Promise<Set<string>> {
    if (event.locationId === null) return new Set();
    const rows = await this.db
      .selectDistinct({ recipientKey: alertDeliveries.recipientKey, channel: alertDeliveries.channel })
      .from(alertDeliveries)
      .innerJoin(alertEvents, eq(alertEvents.id, alertDeliveries.eventId))
      .where(
        and(
          ofCorrelation(event),
          eq(alertEvents.locationId, event.locationId),
          eq(alertEvents.kind, 'lightning-delay'),
          ne(alertEvents.id, event.id),
          notInArray(alertDeliveries.status, ['dead', 'skipped']),
        ),
      );
    return new Set(rows.map((r) => `${r.recipientKey}|${r.channel}`));
  }

  /**
   * How many messages of the alerts an all-clear closes (same customer and correlation, all-clears excepted) still
   * wait to be sent to its recipient on its channel: the all-clear goes after them, never before.
   */
  async alertsStillToSend(delivery: AlertDeliveryRow, event: AlertEventRow): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(alertDeliveries)
      .innerJoin(alertEvents, eq(alertEvents.id, alertDeliveries.eventId))
      .where(
        and(
          ofCorrelation(event),
          alertsNotAllClears(),
          eq(alertDeliveries.recipientKey, delivery.recipientKey),
          eq(alertDeliveries.channel, delivery.channel),
          inArray(alertDeliveries.status, ['pending', 'retrying', 'waiting', 'merging', 'merged']),
        ),
      );
    return row?.n ?? 0;
  }

  /** The users whose history lists an event of the customer with this correlation id, each once. */
  async historyUsersOfCorrelation(customerId: number, correlationId: string): Promise<HistoryUser[]> {
    return this.db
      .selectDistinct({ id: notifications.userId, timeZone: users.timeZone })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(and(eq(notifications.customerId, customerId), eq(notifications.correlationId, correlationId)));
  }

  /** A delivery with its event, or undefined when there is none with the id. */
  async findWithEvent(
    deliveryId: string,
  ): Promise<{ delivery: AlertDeliveryRow; event: AlertEventRow } | undefined> {
    const [row] = await this.db
      .select({ delivery: alertDeliveries, event: alertEvents })
      .from(alertDeliveries)
      .innerJoin(alertEvents, eq(alertEvents.id, alertDeliveries.eventId))
      .where(eq(alertDeliveries.id, deliveryId));
    return row;
  }

  /** Keeps a delivery that was not attempted as 'skipped', with the reason. */
  async markSkipped(deliveryId: string, reason: string, now: Date): Promise<void> {
    await this.db
      .update(alertDeliveries)
      .set({ status: 'skipped', updated: now, lastError: reason })
      .where(eq(alertDeliveries.id, deliveryId));
  }

  /** Marks a delivery accepted by its channel after `attempts` attempts in all. */
  async markDelivered(deliveryId: string, attempts: number, now: Date): Promise<void> {
    await this.db
      .update(alertDeliveries)
      .set({ status: 'delivered', attempts, acceptedAt: now, updated: now, lastError: null })
      .where(eq(alertDeliveries.id, deliveryId));
    // the deliveries its message carried were delivered with it
    await this.db
      .update(alertDeliveries)
      .set({ status: 'delivered', acceptedAt: now, updated: now })
      .where(eq(alertDeliveries.mergedInto, deliveryId));
  }

  /** Records a failed attempt: 'retrying' while pg-boss retries, 'dead' (a dead letter) when no retry follows. */
  async markFailed(
    deliveryId: string,
    status: 'retrying' | 'dead',
    attempts: number,
    error: string,
    now: Date,
  ): Promise<void> {
    await this.db
      .update(alertDeliveries)
      .set({ status, attempts, updated: now, lastError: error })
      .where(eq(alertDeliveries.id, deliveryId));
    // a dead letter takes the deliveries its message carried with it, so they are listed, never lost quietly
    if (status === 'dead')
      await this.db
        .update(alertDeliveries)
        .set({ status, updated: now, lastError: error })
        .where(eq(alertDeliveries.mergedInto, deliveryId));
  }

  /** When the channel accepted each message to `address` after `since`, oldest first (the rate limit's minute). */
  async acceptedSince(channel: string, address: string, since: Date): Promise<Date[]> {
    const rows = await this.db
      .select({ at: alertDeliveries.acceptedAt })
      .from(alertDeliveries)
      .where(acceptedTo(channel, address, since))
      .orderBy(asc(alertDeliveries.acceptedAt));
    return rows.map((r) => r.at!);
  }

  /** The messages accepted on `channel` to `address` after `since`, with what they said (merged ones excepted). */
  async acceptedMessagesSince(
    channel: string,
    address: string,
    since: Date,
  ): Promise<(Pick<AlertEventRow, 'kind' | 'details' | 'policyTypeShortName'> & { acceptedAt: Date })[]> {
    const rows = await this.db
      .select({
        kind: alertEvents.kind,
        details: alertEvents.details,
        policyTypeShortName: alertEvents.policyTypeShortName,
        acceptedAt: alertDeliveries.acceptedAt,
      })
      .from(alertDeliveries)
      .innerJoin(alertEvents, eq(alertEvents.id, alertDeliveries.eventId))
      .where(acceptedTo(channel, address, since));
    return rows.map((r) => ({ ...r, acceptedAt: r.acceptedAt! }));
  }

  /** Sets a delivery waiting for its address's merge window to close ('merging') or its rate-limit turn ('waiting'). */
  async markHeld(deliveryId: string, status: 'merging' | 'waiting', now: Date): Promise<void> {
    await this.db
      .update(alertDeliveries)
      .set({ status, updated: now })
      .where(eq(alertDeliveries.id, deliveryId));
  }

  /**
   * Takes a delivery that waited in a merge window back to send it; false when another delivery's message took it
   * first (its window closed for both at once).
   */
  async takeBackFromMerge(deliveryId: string, now: Date): Promise<boolean> {
    const taken = await this.db
      .update(alertDeliveries)
      .set({ status: 'pending', updated: now })
      .where(and(eq(alertDeliveries.id, deliveryId), eq(alertDeliveries.status, 'merging')))
      .returning({ id: alertDeliveries.id });
    return taken.length > 0;
  }

  /**
   * Takes every other delivery of `into`'s channel and address in status `from` (a life-safety burst's 'merging', or
   * information held back by the rate limit, 'waiting') into its message (status 'merged'); returns every delivery merged into it so far, with its event's subject and body, oldest first.
   */
  async mergeInto(
    into: Pick<AlertDeliveryRow, 'id' | 'channel' | 'address'>,
    now: Date,
    from: 'merging' | 'waiting',
  ): Promise<{ id: string; created: Date; subject: string; body: string }[]> {
    await this.db
      .update(alertDeliveries)
      .set({ status: 'merged', mergedInto: into.id, updated: now })
      .where(
        and(
          eq(alertDeliveries.channel, into.channel),
          eq(alertDeliveries.address, into.address),
          eq(alertDeliveries.status, from),
          ne(alertDeliveries.id, into.id),
        ),
      );
    return this.db
      .select({
        id: alertDeliveries.id,
        created: alertDeliveries.created,
        subject: alertEvents.subject,
        body: alertEvents.body,
      })
      .from(alertDeliveries)
      .innerJoin(alertEvents, eq(alertEvents.id, alertDeliveries.eventId))
      .where(eq(alertDeliveries.mergedInto, into.id))
      .orderBy(asc(alertDeliveries.created), asc(alertDeliveries.id));
  }

  /**
   * How many messages to the same address on the same channel wait to be sent (not yet accepted, not given up) and
   * were written before this one: those go first when the address's rate limit frees a slot.
   */
  async countWaitingAhead(
    delivery: Pick<AlertDeliveryRow, 'id' | 'channel' | 'address' | 'created'>,
  ): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(alertDeliveries)
      .where(
        and(
          eq(alertDeliveries.channel, delivery.channel),
          eq(alertDeliveries.address, delivery.address),
          isNull(alertDeliveries.acceptedAt),
          inArray(alertDeliveries.status, ['pending', 'retrying', 'waiting']),
          or(
            lt(alertDeliveries.created, delivery.created),
            and(eq(alertDeliveries.created, delivery.created), lt(alertDeliveries.id, delivery.id)),
          ),
        ),
      );
    return row?.n ?? 0;
  }
}
