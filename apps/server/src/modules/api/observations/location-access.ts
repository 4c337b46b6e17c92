// Reads a location by id for the conditions calls, under the one visibility rule of
// locations/location-visibility.ts (own, shared, any of the customer's for admin roles; else 404).
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { locations } from '../../../db/schema/index.ts';
import type { Principal } from '../../../platform/auth.ts';
import { visibleOr404 } from '../locations/location-visibility.ts';

export type VisibleLocation = typeof locations.$inferSelect;

/** The location with this id if the caller may read it; 404 otherwise (another customer's is never revealed). */
export async function visibleLocation(db: Database, p: Principal, id: number): Promise<VisibleLocation> {
  const [row] = await db.select().from(locations).where(eq(locations.id, id)).limit(1);
  return visibleOr404(p, row);
}
