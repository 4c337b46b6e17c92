// The alert port: an engine decision or an API action hands an AlertEvent to the notifier inside the
// same database transaction that records it, so nothing is lost between them (engine/contracts.ts).
import type { NotificationType } from '@allclear/domain';
import type { Database } from '../db/client.ts';

/** A transaction (or the database itself) that an engine writes through. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export type AlertEventKind =
  | 'lightning-delay'
  | 'lightning-all-clear'
  | 'policy-warning'
  | 'policy-realert'
  | 'policy-all-clear'
  | 'nws-alert'
  | 'proactive-forecast'
  | 'siren-fault'
  // a scheduled siren drill's report to the admin who scheduled it (issue 16)
  | 'drill-report'
  // messages to one person rather than an alert's hearers (issue 14): `details.recipient` names them
  | 'account-invite'
  | 'contact-welcome'
  // issue 15: a password change's notice to the user, and a question to the meteorologists' desk
  | 'password-changed'
  | 'consultation-request'
  // issue 15: a user's daily forecast e-mail of the locations they picked
  | 'daily-forecast'
  // issue 17: a report built, to its requester (the recipients in copy), with its files or their links
  | 'report-ready';

/** Kinds sent to the one person `details.recipient` names, by e-mail, whatever their alert settings. */
export const DIRECT_KINDS: readonly AlertEventKind[] = [
  'drill-report',
  'account-invite',
  'contact-welcome',
  'password-changed',
  'consultation-request',
  'daily-forecast',
  'report-ready',
];

/** Who a direct message goes to (`AlertEvent.details.recipient` of a DIRECT_KINDS event). */
export interface DirectRecipient {
  /** 'user:<uuid>' or 'notification-user:<id>' (with the event and channel, the delivery dedup key). */
  key: string;
  email: string;
  name: string;
  userId: string | null;
  notificationUserId: number | null;
  /** Addresses the e-mail is copied to (Cc), e.g. the asker and the admins of a consultation request. */
  cc?: string[];
  /** Where a reply goes (Reply-To), e.g. the asker of a consultation request. */
  replyTo?: string;
}

/** Where the activation link goes in an invite's body: the notifier makes the link when it sends the e-mail. */
export const ACTIVATION_LINK_PLACEHOLDER = '{activationLink}';

/** One decision of the engine that people may need to hear about. */
export interface AlertEvent {
  /** Stable id of this event (uuid); with recipient and channel it is the delivery dedup key. */
  id: string;
  kind: AlertEventKind;
  /** spec 01 §3 'Notification type'. */
  notificationType: NotificationType;
  customerId: number;
  locationId: number | null;
  sirenId?: number | null;
  policyId?: number | null;
  policyTypeShortName?: string | null;
  /** Shared by a delay and its all-clear, or a warning and its re-alerts and all-clear. */
  correlationId: string;
  occurredAt: Date;
  /** Short text (e-mail subject, push title), naming the location and the hazard. */
  subject: string;
  /** Full text: location, hazard, value or distance, and the time of all-clear where known. */
  body: string;
  /** Why it fired, for the audit trail: strike id, distance, zone, value, threshold, source... */
  details: Record<string, unknown>;
}

/**
 * Records an event and enqueues its deliveries in the caller's transaction (the notifier resolves
 * recipients and channels). Implemented by engine/notifications.
 */
export type EnqueueAlert = (tx: Tx, event: AlertEvent) => Promise<void>;
