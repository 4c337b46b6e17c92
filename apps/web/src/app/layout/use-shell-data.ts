// What the shell needs about the signed-in user: who they are, what they may see, their customer.
import { useMemo } from 'react';
import { ADMIN_ROLES } from '@allclear/domain';
import { accessSubjectOf, useCurrentUser } from '../../lib/session/current-user.ts';
import { useCustomer } from '../../features/users/api/get-customer.ts';
import { useAirQualitySensors } from '../../features/air-quality/api/get-air-quality.ts';

/** The current user, their access subject, whether an admin role, their customer and whether it has air quality sensors. */
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
    isAdmin,
    customer: customerQuery.data,
    hasAirQualitySensors: (airQuality.data?.length ?? 0) > 0,
  };
}
