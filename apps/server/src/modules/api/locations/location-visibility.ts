// Who may read a location (spec 01 §6): its owner; anyone of its customer when it is shared (no owner);
// an admin role every location of its customer; a Super Admin any. One rule for every service that
// serves a location by id, so the location, lightning and conditions calls can never disagree: the
// domain's location policy ('view'), the same one the location service enforces for changes.
import { canOnLocation } from '@allclear/domain';
import type { Principal } from '../../../platform/auth.ts';
import { notFound } from '../../../platform/errors.ts';

/** The columns of a location the rule needs. */
export interface LocationOwnership {
  customerId: number;
  /** The owning user; null for a location shared by the customer. */
  userId: string | null;
}

/** Whether the caller may read this location. */
export function canSeeLocation(p: Principal, row: LocationOwnership): boolean {
  // seeing does not depend on the type-1 lock
  return canOnLocation(p, 'view', { customerId: row.customerId, userId: row.userId, type: 0 });
}

/**
 * The row when the caller may read it; 404 when it is missing or hidden, so another customer's or
 * another user's location is never revealed.
 */
export function visibleOr404<T extends LocationOwnership>(p: Principal, row: T | undefined): T {
  if (!row || !canSeeLocation(p, row)) throw notFound('Location');
  return row;
}
