// Named secrets generated once and kept in app_secrets, so every process of the product shares them.
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { appSecrets } from '../db/schema/index.ts';

/** The stored value of `name`; stores `fresh` first when there is none (two processes agree on the first). */
export async function ensureAppSecret(db: Database, name: string, fresh: string): Promise<string> {
  await db.insert(appSecrets).values({ name, value: fresh }).onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  return row!.value;
}
