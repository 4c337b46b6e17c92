// Roles as `GET user/roles` lists them (spec 02 §3 'Role', §6).
import { z } from 'zod';

export const ZRole = z.object({
  id: z.number().int(),
  name: z.string(),
  displayName: z.string(),
  /** Lower is more powerful: 1 Super Admin .. 5 Notification Only. */
  hierarchy: z.number().int(),
  /** What the role may do, for the Permission Level tooltip of the Users page (spec 02 §2.8). */
  description: z.string(),
});
export type TRole = z.infer<typeof ZRole>;
