// Who may read or manage another user (spec 02 §6 'Edit/delete a user', 'Assistant Admin data').
import type { Principal } from '../../../platform/auth.ts';
import type { UserWithRelations } from './user.repository.ts';

/** Admin roles manage users of their customer; an Assistant Admin only users of their own group. */
export function canManageUser(p: Principal, target: UserWithRelations): boolean {
  if (p.role === 'Super Admin') return true;
  if (target.user.customerId !== p.customerId) return false;
  if (p.role === 'Admin') return true;
  if (p.role === 'Assistant Admin') return target.user.siteId != null && target.user.siteId === p.siteId;
  return false;
}
