// The only code of the relay API that touches Drizzle (issue 16): a unit with relays by its board address, its
// relays with their trigger's policy type, and the state last read from the board.
import { and, asc, eq, exists } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { hardware, policyTypes, remoteRelays } from '../../../db/schema/index.ts';

export type RelayRow = typeof remoteRelays.$inferSelect & { triggerDisplayName: string | null };

export class RelayRepository {
  constructor(private readonly db: Database) {}

  /** The unit with relays at this board address: the customer's own first, else any customer's (to refuse it). */
  async unitByAddress(address: string, customerId: number) {
    const withRelays = exists(
      this.db
        .select({ id: remoteRelays.id })
        .from(remoteRelays)
        .where(eq(remoteRelays.hardwareId, hardware.id)),
    );
    const [own] = await this.db
      .select()
      .from(hardware)
      .where(and(eq(hardware.ipAddress, address), eq(hardware.customerId, customerId), withRelays))
      .limit(1);
    if (own) return own;
    const [other] = await this.db
      .select()
      .from(hardware)
      .where(and(eq(hardware.ipAddress, address), withRelays))
      .orderBy(asc(hardware.id))
      .limit(1);
    return other;
  }

  async relaysOf(hardwareId: number): Promise<RelayRow[]> {
    const rows = await this.db
      .select({ relay: remoteRelays, triggerDisplayName: policyTypes.displayName })
      .from(remoteRelays)
      .leftJoin(policyTypes, eq(policyTypes.id, remoteRelays.triggerPolicyTypeId))
      .where(eq(remoteRelays.hardwareId, hardwareId))
      .orderBy(asc(remoteRelays.channel), asc(remoteRelays.id));
    return rows.map((r) => ({ ...r.relay, triggerDisplayName: r.triggerDisplayName }));
  }

  /** Keeps the state read from the board. */
  async setToggled(id: number, toggled: boolean): Promise<void> {
    await this.db.update(remoteRelays).set({ toggled }).where(eq(remoteRelays.id, id));
  }
}
