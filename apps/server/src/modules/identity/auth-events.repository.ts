// The security audit trail (auth_events, issue 15): one row per failed or refused sign-in and per password change
// or failed attempt at one. Nothing secret is kept: what was typed as the e-mail, the address, the account when known.
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { authEvents } from '../../db/schema/index.ts';

export type AuthEventKind =
  'sign-in-failed' | 'sign-in-refused' | 'password-changed' | 'password-change-failed';

export interface AuthEventInput {
  kind: AuthEventKind;
  at: Date;
  ip: string;
  userId?: string | null;
  customerId?: number | null;
  email?: string | null;
  details?: Record<string, unknown>;
}

export type AuthEventRow = typeof authEvents.$inferSelect;

/** The longest e-mail kept as typed (RFC 5321 path limit is 256; the sign-in form takes 320). */
const EMAIL_KEPT = 320;

export class AuthEventRepository {
  constructor(private readonly db: Database) {}

  async record(event: AuthEventInput): Promise<void> {
    await this.db.insert(authEvents).values({
      kind: event.kind,
      at: event.at,
      ip: event.ip,
      userId: event.userId ?? null,
      customerId: event.customerId ?? null,
      email: event.email ? event.email.trim().toLowerCase().slice(0, EMAIL_KEPT) : null,
      details: event.details ?? {},
    });
  }

  /** The newest events, of one kind when given (tests, an operator's look). */
  async latest(limit: number, kind?: AuthEventKind): Promise<AuthEventRow[]> {
    return this.db
      .select()
      .from(authEvents)
      .where(kind ? and(eq(authEvents.kind, kind)) : undefined)
      .orderBy(desc(authEvents.id))
      .limit(limit);
  }
}
