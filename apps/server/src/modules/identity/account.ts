// Accounts as the identity service sees them: a signed-in user with their role, customer and
// effective permissions (spec 02 §6), loaded from `users`, `roles` and `customers` (DB contract).
import { effectivePermissions, ROLE_HIERARCHY, type RoleName } from '@allclear/domain';
import type { DatabaseHandle } from '../../db/client.ts';

/** Everything the tokens say about a user. */
export interface IdentityAccount {
  userId: string;
  customerId: number;
  email: string | null;
  firstName: string;
  lastName: string;
  role: RoleName;
  roleHierarchy: number;
  siteId: number | null;
  permissions: string[];
  features: number[];
  widgetAdmin: string | null;
}

interface AccountRow {
  id: string;
  customer_id: number;
  email: string | null;
  first_name: string;
  last_name: string;
  password_hash: string | null;
  site_id: number | null;
  permissions: string[] | null;
  widget_admin: string | null;
  role_name: string;
  role_hierarchy: number | null;
  customer_features: number[] | null;
}

// A user may sign in when active, with a password, in a full role (not Notification Only) and
// with a customer that is not INACTIVE.
const SELECT_ACCOUNT = `
  select u.id, u.customer_id, u.email, u.first_name, u.last_name, u.password_hash, u.site_id,
         u.permissions, u.widget_admin, r.name as role_name, r.hierarchy as role_hierarchy,
         c.features as customer_features
    from users u
    join roles r on r.id = u.role_id
    join customers c on c.id = u.customer_id
   where u.is_active and u.password_hash is not null and u.role_id <> -1 and c.status <> 'INACTIVE'`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toAccount(row: AccountRow): IdentityAccount {
  const role = row.role_name as RoleName;
  return {
    userId: row.id,
    customerId: Number(row.customer_id),
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role,
    roleHierarchy: row.role_hierarchy ?? ROLE_HIERARCHY[role] ?? ROLE_HIERARCHY.Customer,
    siteId: row.site_id === null ? null : Number(row.site_id),
    permissions: effectivePermissions(row.customer_features ?? [], row.permissions ?? []),
    features: [...(row.customer_features ?? [])].map(Number).sort((a, b) => a - b),
    widgetAdmin: row.widget_admin,
  };
}

/** The account of a user who may sign in, by user id (the OIDC subject); undefined otherwise. */
export async function findSignInAccount(
  handle: DatabaseHandle,
  userId: string,
): Promise<IdentityAccount | undefined> {
  if (!UUID.test(userId)) return undefined;
  const rows = await handle.query<AccountRow>(`${SELECT_ACCOUNT} and u.id = $1::uuid`, [userId]);
  return rows[0] ? toAccount(rows[0]) : undefined;
}

/** The claim of our access tokens naming the identity session they were issued to (provider.ts extraTokenClaims). */
export const SESSION_CLAIM = 'session_uid';

/**
 * Whether a token without a session claim (an external client's, a test's) outlived its user's last password change:
 * one issued up to the second of the change is refused, whatever its session (a token's iat has whole seconds).
 */
export function issuedBeforePasswordChange(
  changedAt: Date | null,
  issuedAtSeconds: number | undefined,
): boolean {
  return changedAt !== null && (issuedAtSeconds ?? 0) <= Math.floor(changedAt.getTime() / 1000);
}

/**
 * Whether a user may still sign in (active, with a password, in a full role, of a customer not INACTIVE) and the
 * token's session is still alive: a token names the identity session it was issued to, and a session ended (signed
 * out, or ended by a password change of another session: issue 15) takes its tokens with it at once. What the API
 * asks of an access token's user, once per token (platform/auth.ts createCachedVerifier).
 */
export function createAccountCheck(
  handle: DatabaseHandle,
): (userId: string, claims?: { iat?: number; [claim: string]: unknown }) => Promise<boolean> {
  return async (userId, claims) => {
    if (!UUID.test(userId)) return false;
    const rows = await handle.query<{ password_changed_at: Date | string | null }>(
      `select u.password_changed_at from (${SELECT_ACCOUNT} and u.id = $1::uuid) a join users u on u.id = a.id`,
      [userId],
    );
    const row = rows[0];
    if (!row) return false;
    if (!claims) return true;
    const sessionUid = claims[SESSION_CLAIM];
    if (typeof sessionUid !== 'string' || !sessionUid) {
      const changedAt = row.password_changed_at === null ? null : new Date(row.password_changed_at);
      return !issuedBeforePasswordChange(changedAt, claims.iat);
    }
    const live = await handle.query(
      `select 1 from oidc_payloads
        where uid = $1 and type = 'Session' and payload ->> 'accountId' = $2
          and (expires_at is null or expires_at > now())`,
      [sessionUid, userId],
    );
    return live.length > 0;
  };
}

/** The account and password hash of a user who may sign in, by e-mail (case-insensitive). */
export async function findSignInAccountByEmail(
  handle: DatabaseHandle,
  email: string,
): Promise<{ account: IdentityAccount; passwordHash: string } | undefined> {
  const rows = await handle.query<AccountRow>(`${SELECT_ACCOUNT} and lower(u.email) = lower($1)`, [
    email.trim(),
  ]);
  const row = rows[0];
  if (!row || row.password_hash === null) return undefined;
  return { account: toAccount(row), passwordHash: row.password_hash };
}

/** The claims of the `allclear` scope (ID token and userinfo), named as the web reads them. */
export function allclearClaims(account: IdentityAccount) {
  return {
    role: account.role,
    role_hierarchy: account.roleHierarchy,
    customer_id: account.customerId,
    site_id: account.siteId,
    permissions: account.permissions,
    features: account.features,
    WIDGET_ADMIN: account.widgetAdmin,
  };
}

/** The claims every access token carries for the API (read back by platform/auth.ts). */
export function accessTokenClaims(account: IdentityAccount) {
  return {
    customer_id: account.customerId,
    role: account.role,
    role_hierarchy: account.roleHierarchy,
    site_id: account.siteId,
    permissions: account.permissions,
    features: account.features,
  };
}

/** All user claims the provider may release, filtered by it to the granted scopes and claims. */
export function userClaims(account: IdentityAccount) {
  return {
    sub: account.userId,
    name: `${account.firstName} ${account.lastName}`.trim(),
    given_name: account.firstName,
    family_name: account.lastName,
    email: account.email ?? undefined,
    ...allclearClaims(account),
  };
}
