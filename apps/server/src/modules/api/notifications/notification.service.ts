// Notification history (the caller's own), push subscriptions, and the audit trail ('why did this
// alert fire?': the location audit policy, admin roles through the location's visibility) with dead letters
// (Super Admin).
import type { TAuditEvent, TDeadLetter, TNotification, TPushSubscription } from '@allclear/contracts';
import { locationAuditPolicy } from '@allclear/domain';
import type { Principal } from '../../../platform/auth.ts';
import { authorize, authorizeAction } from '../../shared/authorize.ts';
import type { DeliveryRow, NotificationRepository } from './notification.repository.ts';

function presentDelivery(d: DeliveryRow) {
  return {
    id: d.id,
    recipient: d.recipientName,
    recipientKey: d.recipientKey,
    channel: d.channel,
    address: d.address,
    status: d.status,
    attempts: d.attempts,
    lastError: d.lastError,
    acceptedAt: d.acceptedAt?.toISOString() ?? null,
  };
}

export class NotificationService {
  constructor(private readonly repo: NotificationRepository) {}

  /** The caller's notifications, newest first (spec 02 §2.6: count 20 over the last 7 days). */
  async history(p: Principal, count: number, start?: Date, end?: Date): Promise<TNotification[]> {
    const rows = await this.repo.history(p.userId, count, start, end);
    return rows.map((r) => ({
      id: r.id,
      message: r.message,
      sentUtc: r.sentUtc.toISOString(),
      timeZone: r.timeZone,
      eventType: r.eventType,
      correlationId: r.correlationId,
    }));
  }

  async savePushSubscription(p: Principal, body: TPushSubscription): Promise<void> {
    await this.repo.savePushSubscription(
      p.userId,
      p.customerId,
      body.endpoint,
      body.keys.p256dh,
      body.keys.auth,
    );
  }

  vapidPublicKey(): Promise<string | null> {
    return this.repo.vapidPublicKey();
  }

  /** Events of a location with their deliveries: 404 for a location the caller may not see, 403 for a role without the audit. */
  async locationAudit(p: Principal, locationId: number, count: number): Promise<TAuditEvent[]> {
    const location = authorize(
      p,
      locationAuditPolicy,
      'view',
      await this.repo.findLocation(locationId),
      'Location',
    );
    const { events, deliveries } = await this.repo.eventsOfLocation(location.customerId, locationId, count);
    return events.map((e) => ({
      id: e.id,
      kind: e.kind,
      notificationType: e.notificationType,
      locationId: e.locationId,
      policyId: e.policyId,
      correlationId: e.correlationId,
      occurredAt: e.occurredAt.toISOString(),
      subject: e.subject,
      body: e.body,
      details: e.details,
      deliveries: deliveries.filter((d) => d.eventId === e.id).map(presentDelivery),
    }));
  }

  async deadLetters(p: Principal, count: number): Promise<TDeadLetter[]> {
    authorizeAction(p, 'notification', 'deadLetters');
    const rows = await this.repo.deadLetters(count);
    return rows.map(({ delivery, event }) => ({
      ...presentDelivery(delivery),
      eventId: event.id,
      customerId: event.customerId,
      kind: event.kind,
      subject: event.subject,
      occurredAt: event.occurredAt.toISOString(),
    }));
  }
}
