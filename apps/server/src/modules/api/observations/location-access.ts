// Which locations a caller may read (the same rule as the location service): their own, or their customer's
// shared ones; an admin role sees every location of the customer; a Super Admin any. Otherwise 404.
import { ADMIN_ROLES, type RoleName } from '@allclear/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { locations } from '../../../db/schema/index.ts';
import type { Principal } from '../../../platform/auth.ts';
import { notFound } from '../../../platform/errors.ts';
import { isSuperAdmin } from '../scope.ts';

export type VisibleLocation = typeof locations.$inferSelect;

/** The location with this id if the caller may read it; 404 otherwise (another customer's is never revealed). */
export async function visibleLocation(db: Database, p: Principal, id: number): Promise<VisibleLocation> {
  const [row] = await db.select().from(locations).where(eq(locations.id, id)).limit(1);
  if (!row) throw notFound('Location');
  if (isSuperAdmin(p)) return row;
  if (row.customerId !== p.customerId) throw notFound('Location');
  const admin = ADMIN_ROLES.includes(p.role as RoleName);
  if (row.userId !== null && row.userId !== p.userId && !admin) throw notFound('Location');
  return row;
}
