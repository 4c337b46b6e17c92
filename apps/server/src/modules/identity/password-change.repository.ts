// What a password change reads and writes (issue 15): the user's hash and names, and in one transaction the new hash
// with when it changed and which session changed it, every stored artefact of the user's other sessions removed
// (oidc-provider's sessions, grants, refresh tokens and codes on oidc_payloads), and the notice handed to the notifier.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/alerts.ts';

/** The user as a password change reads them. */
export interface PasswordOwner {
  id: string;
  customerId: number;
  email: string | null;
  firstName: string;
  lastName: string;
  passwordHash: string | null;
  isActive: boolean;
}

export class PasswordChangeRepository {
  constructor(private readonly db: Database) {}

  async findOwner(userId: string): Promise<PasswordOwner | undefined> {
    const [row] = await this.db
      .select({
        id: users.id,
        customerId: users.customerId,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        passwordHash: users.passwordHash,
        isActive: users.isActive,
      })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  }

  /**
   * Sets the new hash and, in the same transaction, ends every other session of the user: their oidc-provider
   * sessions other than `keepSessionUid` and every grant, refresh token, authorization code and access token not of
   * that session's grants (all of them when no session is kept). `then` runs in the transaction (the notice e-mail).
   * Returns how many stored artefacts went.
   */
  async changePassword(
    userId: string,
    passwordHash: string,
    changedAt: Date,
    keepSessionUid: string | null,
    then: (tx: Tx) => Promise<void>,
  ): Promise<number> {
    return this.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ passwordHash, passwordChangedAt: changedAt, passwordChangeSessionUid: keepSessionUid })
        .where(eq(users.id, userId));
      const kept = keepSessionUid
        ? await tx.execute<{ grant_id: string }>(sql`
            select distinct auth.value ->> 'grantId' as grant_id
              from oidc_payloads s, jsonb_each(coalesce(s.payload -> 'authorizations', '{}'::jsonb)) auth
             where s.type = 'Session' and s.payload ->> 'accountId' = ${userId}
               and s.payload ->> 'uid' = ${keepSessionUid}`)
        : { rows: [] };
      const keptGrants = rowsOf<{ grant_id: string | null }>(kept)
        .map((r) => r.grant_id)
        .filter((g): g is string => Boolean(g));
      const grantList = keptGrants.length
        ? sql.join(
            keptGrants.map((g) => sql`${g}`),
            sql`, `,
          )
        : sql`''`;
      const removed = await tx.execute<{ id: string }>(sql`
        delete from oidc_payloads
         where payload ->> 'accountId' = ${userId}
           and case
                 when type = 'Session' then payload ->> 'uid' is distinct from ${keepSessionUid ?? ''}
                 when type = 'Grant' then id not in (${grantList})
                 else grant_id is null or grant_id not in (${grantList})
               end
        returning id`);
      await then(tx);
      return rowsOf(removed).length;
    });
  }
}

/** The rows of an execute() result, whichever driver answered (node-postgres and PGlite both give `rows`). */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
