// enqueueAlert: records the event, resolves its recipients, writes one delivery row per (event,
// recipient, channel) — unique, the dedup key — plus the user's history row, and sends one pg-boss job
// per new delivery, all in the caller's transaction. The same event enqueued again changes nothing.
import type PgBoss from 'pg-boss';
import { isSilenced } from '@allclear/domain';
import type { AlertEvent, AlertEventKind, EnqueueAlert, Tx } from '../contracts.ts';
import { DIRECT_KINDS, type DirectRecipient } from '../../platform/alerts.ts';
import { DeliveryRepository, type HistoryRow, type HistoryUser } from './delivery.repository.ts';
import type { NotificationSent } from '../../platform/bus.ts';
import { ANNOUNCE_QUEUE, DELIVERY_QUEUE } from './job-queue.ts';
import { JOB_PRIORITY, priorityOf } from './priority.ts';
import { txExecutor } from './job-queue.repository.ts';
import { RecipientRepository } from './recipient.repository.ts';
import { personChannels, receivesAlert, type Channel } from './recipient-rules.ts';
import { groupsOf, loadCandidates, loadLocation, policyGroups, usesPolicyGroups } from './recipients.ts';

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
  historyUsers: HistoryUser[];
}

/** The data of an ANNOUNCE_QUEUE job: the history rows an event wrote, as the bus carries them. */
export interface Announcement {
  notifications: NotificationSent[];
}

function presentHistoryRow(row: HistoryRow): NotificationSent {
  return {
    userId: row.userId,
    customerId: row.customerId,
    notification: {
      id: row.id,
      message: row.message,
      sentUtc: row.sentUtc.toISOString(),
      timeZone: row.timeZone,
      eventType: row.eventType,
      correlationId: row.correlationId,
    },
  };
}

/** The enqueue function bound to a started job queue (null until the notifier starts). */
export function createEnqueueAlert(bossOf: () => PgBoss | null): EnqueueAlert {
  return async (tx, event) => {
    const boss = bossOf();
    if (!boss) throw new Error('notifier not started: call service.start() before the engines run');
    const events = new DeliveryRepository(tx);
    if (!(await events.insertEvent(event))) return;

    const plan = await planDeliveries(tx, event);
    const db = txExecutor(tx);
    if (plan.historyUsers.length > 0) {
      const rows = await events.addToHistory(event, plan.historyUsers);
      // heard on the bus once this transaction commits (the job exists only then): the bell updates live
      const announcement: Announcement = { notifications: rows.map(presentHistoryRow) };
      await boss.send(ANNOUNCE_QUEUE, announcement, { db } as PgBoss.SendOptions);
    }
    const deliveries =
      event.kind === 'lightning-delay' ? await notWarnedYet(events, event, plan) : plan.deliveries;
    if (deliveries.length === 0) return;
    const deliveryIds = await events.insertDeliveries(event, deliveries);
    // a life-safety message is fetched ahead of everything waiting on the queue (pg-boss: priority desc, then age)
    const priority = JOB_PRIORITY[priorityOf(event)];
    for (const deliveryId of deliveryIds) {
      await boss.send(DELIVERY_QUEUE, { deliveryId }, { db, priority } as PgBoss.SendOptions);
    }
  };
}

/** People who hear a lightning delay: one message of a delay is enough (a zone entered after another). */
const PERSON_KEY = /^(user|notification-user):/;

/**
 * A delay's deliveries less those to people already sent a message of the same delay on the same channel. Webhooks
 * and Singlewire get every decision: they are systems that track each zone, not people reading a second message.
 */
async function notWarnedYet(
  events: DeliveryRepository,
  event: AlertEvent,
  plan: Plan,
): Promise<PlannedDelivery[]> {
  const warned = await events.warnedOfDelay(event);
  return plan.deliveries.filter(
    (d) => !PERSON_KEY.test(d.recipientKey) || !warned.has(`${d.recipientKey}|${d.channel}`),
  );
}

/** Recipients and channels of an event (nothing when its location is silenced by flags mask 30). */
export async function planDeliveries(tx: Tx, event: AlertEvent): Promise<Plan> {
  if (DIRECT_KINDS.includes(event.kind)) return planDirect(event);
  const recipients = new RecipientRepository(tx);
  const location = await loadLocation(recipients, event.locationId);
  if (location && isSilenced(location.flags)) return { deliveries: [], historyUsers: [] };
  if (ALL_CLEAR_KINDS.includes(event.kind)) return planAllClear(new DeliveryRepository(tx), event);

  const groupIds = await groupsOf(recipients, event, location);
  const candidates = await loadCandidates(recipients, event, location, groupIds);
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
  for (const hook of await recipients.webhooksOf(event.customerId)) {
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
    const mappedGroups = usesPolicyGroups(event) ? groupIds : await policyGroups(recipients, event.policyId);
    const mappings = await recipients.scenarioMappings(
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

/**
 * A message to one person (an invite, a new contact's welcome; issue 14): one e-mail to the recipient the event
 * names, whatever their alert settings; not listed in anyone's history (the bell lists alerts).
 */
function planDirect(event: AlertEvent): Plan {
  const recipient = event.details.recipient as DirectRecipient | undefined;
  if (!recipient?.email) return { deliveries: [], historyUsers: [] };
  return {
    deliveries: [
      {
        recipientKey: recipient.key,
        channel: 'email',
        address: recipient.email,
        recipientName: recipient.name,
        userId: recipient.userId,
        notificationUserId: recipient.notificationUserId,
      },
    ],
    historyUsers: [],
  };
}

/** An all-clear goes on the same channels to whoever got the alert it closes (same correlation id). */
async function planAllClear(deliveries: DeliveryRepository, event: AlertEvent): Promise<Plan> {
  const earlier = await deliveries.targetsOfCorrelation(event);
  const history = await deliveries.historyUsersOfCorrelation(event.customerId, event.correlationId);
  return { deliveries: earlier.map((d) => ({ ...d, channel: d.channel as Channel })), historyUsers: history };
}
