// oidc-provider storage on the `oidc_payloads` table (DB contract): sessions, interactions,
// grants, authorization codes, refresh tokens. One row per (id, model name); rows past their
// expiry are treated as absent and purged at start.
//
// Refresh tokens rotate, and oidc-provider answers a used one with `invalid_grant` and revokes the whole grant. A
// page reloaded while its renewal is in flight never stores the new token: the new page presents the used one and
// the user's every tab is signed out. So a rotated token may be presented again for a short grace period, as long as
// nothing after it in its chain (same grant, same first issue) has been used: its successor's answer was lost, not
// stolen. After the grace period, or once a successor has been used, a replay is refused and ends the grant.
import type { Adapter, AdapterConstructor, AdapterPayload } from 'oidc-provider';
import type { DatabaseHandle } from '../../db/client.ts';

interface PayloadRow {
  payload: unknown;
  consumed_at: Date | string | null;
}

const SELECT = 'select payload, consumed_at from oidc_payloads';
const LIVE = '(expires_at is null or expires_at > $3::timestamptz)';

/** How long a rotated refresh token whose successor has not been used may be presented again, ms. */
export const ROTATED_REFRESH_TOKEN_GRACE_MS = 30_000;

/** Another used refresh token later in the same chain (same grant, same first issue, more rotations). */
const SUCCESSOR_USED = `select 1 from oidc_payloads
  where type = 'RefreshToken' and grant_id = $1 and consumed_at is not null
    and payload->>'iiat' is not distinct from $2 and coalesce((payload->>'rotations')::int, 0) > $3
  limit 1`;

/** Builds the adapter class oidc-provider instantiates once per model name; `now` is the clock (ms). */
export function createOidcAdapter(handle: DatabaseHandle, now: () => number = Date.now): AdapterConstructor {
  const nowIso = () => new Date(now()).toISOString();

  function toPayload(row: PayloadRow | undefined): AdapterPayload | undefined {
    if (!row) return undefined;
    const payload = (
      typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload
    ) as AdapterPayload;
    if (row.consumed_at === null) return payload;
    // oidc-provider only checks that `consumed` is truthy; epoch seconds is its own convention.
    return { ...payload, consumed: Math.floor(new Date(row.consumed_at).getTime() / 1000) };
  }

  return class DatabaseAdapter implements Adapter {
    constructor(readonly name: string) {}

    /** Inserts or replaces a payload; expiresIn is in seconds from now. */
    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(now() + expiresIn * 1000).toISOString() : null;
      await handle.query(
        `insert into oidc_payloads (id, type, payload, grant_id, user_code, uid, expires_at)
         values ($1, $2, $3::jsonb, $4, $5, $6, $7::timestamptz)
         on conflict (id, type) do update set payload = excluded.payload, grant_id = excluded.grant_id,
           user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`,
        [
          id,
          this.name,
          JSON.stringify(payload),
          payload.grantId ?? null,
          payload.userCode ?? null,
          payload.uid ?? null,
          expiresAt,
        ],
      );
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      const rows = await handle.query<PayloadRow>(`${SELECT} where id = $1 and type = $2 and ${LIVE}`, [
        id,
        this.name,
        nowIso(),
      ]);
      const payload = toPayload(rows[0]);
      if (
        this.name === 'RefreshToken' &&
        payload?.consumed &&
        (await this.inGracePeriod(rows[0]!, payload))
      ) {
        const { consumed: _consumed, ...unused } = payload;
        return unused;
      }
      return payload;
    }

    /** A rotated refresh token used again soon enough, with nothing after it in its chain used yet. */
    private async inGracePeriod(row: PayloadRow, payload: AdapterPayload): Promise<boolean> {
      if (now() - new Date(row.consumed_at!).getTime() >= ROTATED_REFRESH_TOKEN_GRACE_MS) return false;
      const rotations = typeof payload.rotations === 'number' ? payload.rotations : 0;
      const iiat = payload.iiat === undefined ? null : String(payload.iiat);
      const later = await handle.query(SUCCESSOR_USED, [payload.grantId ?? null, iiat, rotations]);
      return later.length === 0;
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      const rows = await handle.query<PayloadRow>(
        `${SELECT} where user_code = $1 and type = $2 and ${LIVE}`,
        [userCode, this.name, nowIso()],
      );
      return toPayload(rows[0]);
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      const rows = await handle.query<PayloadRow>(`${SELECT} where uid = $1 and type = $2 and ${LIVE}`, [
        uid,
        this.name,
        nowIso(),
      ]);
      return toPayload(rows[0]);
    }

    /** Marks a payload used; a refresh token used again in its grace period keeps its first use (no longer grace). */
    async consume(id: string): Promise<void> {
      await handle.query(
        'update oidc_payloads set consumed_at = coalesce(consumed_at, $3::timestamptz) where id = $1 and type = $2',
        [id, this.name, nowIso()],
      );
    }

    async destroy(id: string): Promise<void> {
      await handle.query('delete from oidc_payloads where id = $1 and type = $2', [id, this.name]);
    }

    /** Removes every artefact of a grant, whatever its model (a revoked grant takes its tokens with it). */
    async revokeByGrantId(grantId: string): Promise<void> {
      await handle.query('delete from oidc_payloads where grant_id = $1', [grantId]);
    }
  };
}

/** Deletes rows whose expiry has passed; returns how many went. */
export async function purgeExpiredOidcPayloads(
  handle: DatabaseHandle,
  now: number = Date.now(),
): Promise<number> {
  const rows = await handle.query<{ id: string }>(
    'delete from oidc_payloads where expires_at is not null and expires_at <= $1::timestamptz returning id',
    [new Date(now).toISOString()],
  );
  return rows.length;
}
