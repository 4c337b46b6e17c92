// Ask a Meteorologist (issue 15): the only code of the support module that touches consultation_requests, and what it
// reads of the asker, their customer and the admins they may copy.
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { consultationRequests, customers, roles, users } from '../../../db/schema/index.ts';
import type { Tx } from '../../../platform/alerts.ts';

export type ConsultationInsert = Omit<typeof consultationRequests.$inferInsert, 'id' | 'created'>;

export class SupportRepository {
  constructor(private readonly db: Database) {}

  /** The asker with their customer's name. */
  async asker(userId: string) {
    const [row] = await this.db
      .select({
        id: users.id,
        customerId: users.customerId,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        phoneNumber: users.phoneNumber,
        customerName: customers.name,
      })
      .from(users)
      .innerJoin(customers, eq(customers.id, users.customerId))
      .where(eq(users.id, userId));
    return row;
  }

  /** Of the given e-mails, those of active users of the customer in one of the roles. */
  async emailsOfRoles(customerId: number, emails: readonly string[], roleNames: readonly string[]) {
    if (emails.length === 0) return [];
    const rows = await this.db
      .select({ email: users.email })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(
        and(
          eq(users.customerId, customerId),
          eq(users.isActive, true),
          inArray(users.email, [...emails]),
          inArray(roles.name, [...roleNames]),
        ),
      );
    return rows.map((r) => r.email!).filter(Boolean);
  }

  /** Stores the request and, in the same transaction, hands its e-mail to the notifier (`then`). */
  async create(request: ConsultationInsert, then: (tx: Tx, id: number) => Promise<void>): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(consultationRequests)
        .values(request)
        .returning({ id: consultationRequests.id });
      await then(tx, row!.id);
      return row!.id;
    });
  }

  async findByReference(reference: string) {
    const [row] = await this.db
      .select()
      .from(consultationRequests)
      .where(eq(consultationRequests.reference, reference));
    return row;
  }
}
