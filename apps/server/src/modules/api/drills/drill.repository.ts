// The only code of the drill API that touches Drizzle (issue 16): a customer's drills with their sirens, creator and
// last run; adding and deleting one.
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  hardware,
  sirenDrillRuns,
  sirenDrillSirens,
  sirenDrills,
  sirens,
  users,
} from '../../../db/schema/index.ts';

export type DrillRow = typeof sirenDrills.$inferSelect;
export type DrillRunRow = typeof sirenDrillRuns.$inferSelect;

export interface DrillDetail {
  drill: DrillRow;
  sirens: { id: number; hardwareId: number; name: string }[];
  createdBy: string | null;
  lastRun: DrillRunRow | null;
}

export class DrillRepository {
  constructor(private readonly db: Database) {}

  async findDrill(id: number): Promise<DrillRow | undefined> {
    const [row] = await this.db.select().from(sirenDrills).where(eq(sirenDrills.id, id));
    return row;
  }

  /** A customer's drills (or some), next run first, with sirens, creator and last run. */
  async listDetailed(customerId: number, onlyIds?: number[]): Promise<DrillDetail[]> {
    const where = onlyIds
      ? and(eq(sirenDrills.customerId, customerId), inArray(sirenDrills.id, onlyIds.length ? onlyIds : [-1]))
      : eq(sirenDrills.customerId, customerId);
    const drills = await this.db
      .select({ drill: sirenDrills, firstName: users.firstName, lastName: users.lastName })
      .from(sirenDrills)
      .leftJoin(users, eq(users.id, sirenDrills.createdBy))
      .where(where)
      .orderBy(asc(sirenDrills.nextRunAt), desc(sirenDrills.id));
    if (drills.length === 0) return [];
    const ids = drills.map((d) => d.drill.id);
    const [members, runs] = await Promise.all([
      this.db
        .select({
          drillId: sirenDrillSirens.drillId,
          id: sirens.id,
          hardwareId: sirens.hardwareId,
          name: hardware.name,
        })
        .from(sirenDrillSirens)
        .innerJoin(sirens, eq(sirens.id, sirenDrillSirens.sirenId))
        .innerJoin(hardware, eq(hardware.id, sirens.hardwareId))
        .where(inArray(sirenDrillSirens.drillId, ids))
        .orderBy(asc(hardware.name)),
      this.db
        .selectDistinctOn([sirenDrillRuns.drillId])
        .from(sirenDrillRuns)
        .where(inArray(sirenDrillRuns.drillId, ids))
        .orderBy(sirenDrillRuns.drillId, desc(sirenDrillRuns.startedAt), desc(sirenDrillRuns.id)),
    ]);
    return drills.map(({ drill, firstName, lastName }) => ({
      drill,
      sirens: members
        .filter((m) => m.drillId === drill.id)
        .map(({ id, hardwareId, name }) => ({ id, hardwareId, name })),
      createdBy: firstName !== null ? `${firstName} ${lastName ?? ''}`.trim() : null,
      lastRun: runs.find((r) => r.drillId === drill.id) ?? null,
    }));
  }

  async add(
    input: Omit<typeof sirenDrills.$inferInsert, 'id'>,
    sirenIds: readonly number[],
  ): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(sirenDrills).values(input).returning({ id: sirenDrills.id });
      await tx.insert(sirenDrillSirens).values(sirenIds.map((sirenId) => ({ drillId: row!.id, sirenId })));
      return row!.id;
    });
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(sirenDrills).where(eq(sirenDrills.id, id));
  }
}
