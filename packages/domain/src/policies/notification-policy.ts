// Notifications: a user's own history and push subscriptions (spec 02 §2.6 My Notifications), the audit trail of a
// location's alerts (ours: 'why did this alert fire?', admin roles, through the location's 'view' so an Assistant
// Admin's group limit holds), and the dead letters of every customer (Super Admin). Dead letters have no row:
// reachFor(p, 'notification', 'deadLetters'); nor has whether alerts are held back by a database outage (the
// admin roles' banner, issue 21): reachFor(p, 'notification', 'heldBack').
import { definePolicy, matrixPolicy } from './entity-policy.ts';
import { decideLocation, type LocationPolicyRow } from './location-policy.ts';
import { ROLE_MATRIX, covers, reachOf, relationOf } from './role-matrix.ts';

export interface NotificationPolicyRow {
  customerId: number;
  /** The recipient. */
  userId: string;
}

export const notificationPolicy = matrixPolicy('notification', ['viewOwn'] as const, {
  see: 'each',
  scope: (row: NotificationPolicyRow) => ({ customerId: row.customerId, ownerId: row.userId }),
});

/** The audit trail of a location: the location must be visible, then the audit rule applies. */
export const locationAuditPolicy = definePolicy<'view', LocationPolicyRow>(
  ['view'] as const,
  (p, _action, row) => {
    const seen = decideLocation(p, 'view', row);
    if (seen !== 'allowed') return seen;
    const relation = relationOf(p, { customerId: row.customerId });
    return covers(reachOf(p, ROLE_MATRIX.notification.audit), relation) ? 'allowed' : 'forbidden';
  },
);
