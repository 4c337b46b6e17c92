// User (spec 02 §3 'User') as the current-user call returns it.
import { z } from 'zod';

export const ZCurrentUser = z.object({
  id: z.string(),
  userName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  roleId: z.number().int(),
  roleName: z.string(),
  roleDisplayName: z.string(),
  roleHierarchy: z.number().int(),
  siteId: z.number().int().nullable(),
  siteName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  customerId: z.number().int(),
  customerName: z.string(),
  timeZone: z.string(),
  smsNotifications: z.boolean(),
  emailNotifications: z.boolean(),
  geofenceAlertsEnabled: z.boolean(),
  alertTimesEnabled: z.boolean(),
  declinesNotifications: z.boolean(),
  isActive: z.boolean(),
  permissions: z.array(z.string()),
  features: z.array(z.number().int()),
  WIDGET_ADMIN: z.string().nullable(),
});
export type TCurrentUser = z.infer<typeof ZCurrentUser>;
