// The only code of the PA API that touches Drizzle (issue 16): a customer's PA units and stored PA messages.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { paMessages, paUnits } from '../../../db/schema/index.ts';

export type PaUnitRow = typeof paUnits.$inferSelect;
export type StoredMessageRow = typeof paMessages.$inferSelect;

export class PaRepository {
  constructor(private readonly db: Database) {}

  async unitsOf(customerId: number): Promise<PaUnitRow[]> {
    return this.db
      .select()
      .from(paUnits)
      .where(eq(paUnits.customerId, customerId))
      .orderBy(asc(paUnits.name));
  }

  async unitsById(ids: readonly number[]): Promise<PaUnitRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(paUnits)
      .where(inArray(paUnits.id, [...ids]));
  }

  async messagesOf(customerId: number): Promise<StoredMessageRow[]> {
    return this.db
      .select()
      .from(paMessages)
      .where(eq(paMessages.customerId, customerId))
      .orderBy(asc(paMessages.title), asc(paMessages.id));
  }

  async findMessage(id: number): Promise<StoredMessageRow | undefined> {
    const [row] = await this.db.select().from(paMessages).where(eq(paMessages.id, id));
    return row;
  }

  async addMessage(customerId: number, title: string, message: string): Promise<StoredMessageRow> {
    const [row] = await this.db.insert(paMessages).values({ customerId, title, message }).returning();
    return row!;
  }

  async updateMessage(id: number, title: string, message: string): Promise<StoredMessageRow> {
    const [row] = await this.db
      .update(paMessages)
      .set({ title, message })
      .where(eq(paMessages.id, id))
      .returning();
    return row!;
  }

  async deleteMessage(id: number): Promise<void> {
    await this.db.delete(paMessages).where(eq(paMessages.id, id));
  }
}
