// enqueueAlert: records the event, resolves its recipients, writes one delivery row per (event,
// recipient, channel) — unique, the dedup key — plus the user's history row, and sends one pg-boss job
// per new delivery, all in the caller's transaction. The same event enqueued again changes nothing.
import { and, eq, ne, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { isSilenced } from '@allclear/domain';
import { alertDeliveries, alertEvents, notifications, users } from '../../db/schema/index.ts';
import type { AlertEvent, AlertEventKind, EnqueueAlert, Tx } from '../contracts.ts';
import { DELIVERY_QUEUE, txExecutor } from './job-queue.ts';
import { personChannels, receivesAlert, type Channel } from './recipient-rules.ts';
import {
  groupsOf,
  loadCandidates,
  loadLocation,
  loadScenarioMappings,
  loadWebhooks,
  policyGroups,
  usesPolicyGroups,
} from './recipients.ts';

/** Kinds that close an alert: they go to whoever got the alert, whatever their schedule now. */
export const ALL_CLEAR_KINDS: readonly AlertEventKind[] = ['lightning-all-clear', 'policy-all-clear'];
/** Kinds that trigger a mapped Singlewire scenario (a new warning, not its re-alerts or all-clear). */
const SCENARIO_KINDS: readonly AlertEventKind[] = ['lightning-delay', 'policy-warning', 'nws-alert'];

export interface PlannedDelivery {
  recipientKey: string;
  channel: Channel;
  address: string;
  recipientName: string;
  userId: string | null;
  notificationUserId: number | null;
}

interface Plan {
  deliveries: PlannedDelivery[];
  /** Users whose history (the bell) lists the event. */
  historyUsers: { id: string; timeZone: string }[];
}

/** The enqueue function bound to a started job queue (null until the notifier starts). */
export function createEnqueueAlert(bossOf: () => PgBoss | null): EnqueueAlert {
  return async (tx, event) => {
    const boss = bossOf();
    if (!boss) throw new Error('notifier not started: call service.start() before the engines run');
    const inserted = await tx
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
    if (inserted.length === 0) return;

    const plan = await planDeliveries(tx, event);
    if (plan.historyUsers.length > 0) {
      await tx.insert(notifications).values(
        plan.historyUsers.map((u) => ({
          customerId: event.customerId,
          userId: u.id,
          message: event.body,
          sentUtc: event.occurredAt,
          timeZone: u.timeZone,
          eventType: event.notificationType,
          correlationId: event.correlationId,
        })),
      );
    }
    if (plan.deliveries.length === 0) return;
    const rows = await tx
      .insert(alertDeliveries)
      .values(plan.deliveries.map((d) => ({ ...d, eventId: event.id, customerId: event.customerId })))
      .onConflictDoNothing()
      .returning({ id: alertDeliveries.id });
    const db = txExecutor(tx);
    for (const row of rows) {
      await boss.send(DELIVERY_QUEUE, { deliveryId: row.id }, { db } as PgBoss.SendOptions);
    }
  };
}

/** Recipients and channels of an event (nothing when its location is silenced by flags mask 30). */
export async function planDeliveries(tx: Tx, event: AlertEvent): Promise<Plan> {
  const location = await loadLocation(tx, event.locationId);
  if (location && isSilenced(location.flags)) return { deliveries: [], historyUsers: [] };
  if (ALL_CLEAR_KINDS.includes(event.kind)) return planAllClear(tx, event);

  const groupIds = await groupsOf(tx, event, location);
  const candidates = await loadCandidates(tx, event, location, groupIds);
  const deliveries: PlannedDelivery[] = [];
  const historyUsers: Plan['historyUsers'] = [];
  const seen = new Set<string>();
  for (const c of candidates) {
    const recipientKey = `${c.kind}:${c.id}`;
    if (seen.has(recipientKey)) continue;
    seen.add(recipientKey);
    if (!receivesAlert(c, event.notificationType, event.occurredAt)) continue;
    // the bell (history) is the in-app channel: every user who hears the alert has it listed
    if (c.kind === 'user') historyUsers.push({ id: c.id, timeZone: c.timeZone });
    const channels = personChannels(c);
    for (const channel of channels) {
      deliveries.push({
        recipientKey,
        channel,
        address: channel === 'email' ? c.email! : channel === 'sms' ? c.phone! : '',
        recipientName: c.name,
        userId: c.kind === 'user' ? c.id : null,
        notificationUserId: c.kind === 'notification-user' ? Number(c.id) : null,
      });
    }
  }
  for (const hook of await loadWebhooks(tx, event.customerId)) {
    deliveries.push({
      recipientKey: `webhook:${hook.id}`,
      channel: 'webhook',
      address: hook.url,
      recipientName: hook.name,
      userId: null,
      notificationUserId: null,
    });
  }
  if (
    SCENARIO_KINDS.includes(event.kind) &&
    event.policyId != null &&
    location?.organizationLocationId != null
  ) {
    // Singlewire maps policy groups: a lightning policy (LR1..LR4) maps through its own groups
    const mappedGroups = usesPolicyGroups(event) ? groupIds : await policyGroups(tx, event.policyId);
    const mappings = await loadScenarioMappings(
      tx,
      event.customerId,
      location.organizationLocationId,
      mappedGroups,
    );
    for (const m of mappings) {
      deliveries.push({
        recipientKey: `singlewire:${m.id}`,
        channel: 'singlewire',
        address: m.scenarioId,
        recipientName: `Singlewire site ${m.siteId}`,
        userId: null,
        notificationUserId: null,
      });
    }
  }
  return { deliveries, historyUsers };
}

/** An all-clear goes on the same channels to whoever got the alert it closes (same correlation id). */
async function planAllClear(tx: Tx, event: AlertEvent): Promise<Plan> {
  const earlier = await tx
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
    .where(
      and(
        eq(alertEvents.customerId, event.customerId),
        eq(alertEvents.correlationId, event.correlationId),
        ne(alertEvents.id, event.id),
        sql`${alertEvents.kind} not in ('lightning-all-clear', 'policy-all-clear')`,
      ),
    );
  const history = await tx
    .selectDistinct({ id: notifications.userId, timeZone: users.timeZone })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(
      and(
        eq(notifications.customerId, event.customerId),
        eq(notifications.correlationId, event.correlationId),
      ),
    );
  const deliveries = earlier.map((d) => ({ ...d, channel: d.channel as Channel }));
  return { deliveries, historyUsers: history };
}
