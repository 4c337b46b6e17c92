// What the shell needs about the signed-in user: who they are, what they may see, their customer.
import { useMemo } from 'react';
import {
  ADMIN_ROLES,
  ROLE_NAMES,
  effectivePermissions,
  type AccessSubject,
  type RoleName,
} from '@allclear/domain';
import type { TCurrentUser } from '@allclear/contracts';
import { useCurrentUser } from '../../features/users/api/get-current-user.ts';
import { useCustomer } from '../../features/users/api/get-customer.ts';
import { useAirQualitySensors } from '../../features/air-quality/api/get-air-quality.ts';

/** The access subject for a user: their role and the permissions their features and grants give. */
export function accessSubjectOf(
  user: Pick<TCurrentUser, 'roleName' | 'permissions' | 'features'>,
): AccessSubject {
  const role: RoleName = (ROLE_NAMES as readonly string[]).includes(user.roleName)
    ? (user.roleName as RoleName)
    : 'Customer';
  return { role, permissions: effectivePermissions(user.features, user.permissions) };
}

/** The current user, their access subject, their customer and whether it has air quality sensors. */
export function useShellData() {
  const userQuery = useCurrentUser();
  const user = userQuery.data;
  const subject = useMemo(() => (user ? accessSubjectOf(user) : undefined), [user]);
  const customerQuery = useCustomer(user?.customerId);
  const isAdmin = subject !== undefined && ADMIN_ROLES.includes(subject.role);
  const airQuality = useAirQualitySensors(isAdmin);
  return {
    userQuery,
    user,
    subject,
    customer: customerQuery.data,
    hasAirQualitySensors: (airQuality.data?.length ?? 0) > 0,
  };
}
