// Customers: the only code that reads the customers table.
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { customers } from '../../../db/schema/index.ts';

export type CustomerRow = typeof customers.$inferSelect;

export class CustomerRepository {
  constructor(private readonly db: Database) {}

  async findById(id: number): Promise<CustomerRow | undefined> {
    const [row] = await this.db.select().from(customers).where(eq(customers.id, id)).limit(1);
    return row;
  }

  list(): Promise<CustomerRow[]> {
    return this.db.select().from(customers).orderBy(asc(customers.name));
  }
}
