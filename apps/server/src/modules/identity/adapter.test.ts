// The oidc-provider adapter on `oidc_payloads`, and the keys kept in `signing_keys` / `app_secrets`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { createTestDatabase } from '../../db/test-db.ts';
import { createOidcAdapter, purgeExpiredOidcPayloads, ROTATED_REFRESH_TOKEN_GRACE_MS } from './adapter.ts';
import { ensureCookieKeys, ensureSigningKeys, loadPublicJwks } from './signing-keys.ts';

let db: DatabaseHandle;
let nowMs = Date.UTC(2026, 10, 22, 12, 0, 0);
const clock = () => nowMs;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

describe('oidc_payloads adapter', () => {
  it('stores and finds a payload until exactly its expiry', async () => {
    const Adapter = createOidcAdapter(db, clock);
    const codes = new Adapter('AuthorizationCode');
    await codes.upsert('code-1', { accountId: 'a', grantId: 'g-1', kind: 'AuthorizationCode' }, 60);
    expect(await codes.find('code-1')).toEqual({ accountId: 'a', grantId: 'g-1', kind: 'AuthorizationCode' });
    nowMs += 59_999;
    expect(await codes.find('code-1')).toBeDefined();
    nowMs += 1;
    expect(await codes.find('code-1')).toBeUndefined();
  });

  it('keeps models apart: the same id under another model is another row', async () => {
    const Adapter = createOidcAdapter(db, clock);
    await new Adapter('Session').upsert('same', { accountId: 'session' }, 60);
    await new Adapter('Grant').upsert('same', { accountId: 'grant' }, 60);
    expect((await new Adapter('Session').find('same'))?.accountId).toBe('session');
    expect((await new Adapter('Grant').find('same'))?.accountId).toBe('grant');
  });

  it('marks a consumed payload and keeps it consumed when saved again', async () => {
    const Adapter = createOidcAdapter(db, clock);
    const tokens = new Adapter('RefreshToken');
    await tokens.upsert('rt-1', { grantId: 'g-2' }, 600);
    expect((await tokens.find('rt-1'))?.consumed).toBeUndefined();
    await tokens.consume('rt-1');
    const usedAt = Math.floor(nowMs / 1000);
    nowMs += ROTATED_REFRESH_TOKEN_GRACE_MS;
    expect((await tokens.find('rt-1'))?.consumed).toBe(usedAt);
    await tokens.upsert('rt-1', { grantId: 'g-2' }, 600);
    expect((await tokens.find('rt-1'))?.consumed).toBeTruthy();
  });

  it('offers a rotated refresh token again in its grace period until something later in its chain is used', async () => {
    const Adapter = createOidcAdapter(db, clock);
    const tokens = new Adapter('RefreshToken');
    const chain = { grantId: 'g-grace', iiat: 1_790_000_000 };
    await tokens.upsert('rt-a', { ...chain }, 600);
    await tokens.consume('rt-a');
    await tokens.upsert('rt-b', { ...chain, rotations: 1 }, 600);
    // the answer carrying rt-b was lost (a reload): rt-a is offered again, as if unused
    nowMs += ROTATED_REFRESH_TOKEN_GRACE_MS - 1;
    expect((await tokens.find('rt-a'))?.consumed).toBeUndefined();
    // used again, it keeps its first use: the grace period does not start over
    await tokens.consume('rt-a');
    nowMs += 1;
    expect((await tokens.find('rt-a'))?.consumed).toBeTruthy();

    // another chain: once the successor has been used, the predecessor is used for good, at once
    const other = { grantId: 'g-grace', iiat: 1_790_000_100 };
    await tokens.upsert('rt-c', { ...other }, 600);
    await tokens.consume('rt-c');
    await tokens.upsert('rt-d', { ...other, rotations: 1 }, 600);
    expect((await tokens.find('rt-c'))?.consumed).toBeUndefined();
    await tokens.consume('rt-d');
    expect((await tokens.find('rt-c'))?.consumed).toBeTruthy();
    // another chain of the same grant (another tab) rotated twice: a used successor there changes nothing here
    await tokens.upsert('rt-e', { grantId: 'g-grace', iiat: 1_790_000_200 }, 600);
    await tokens.consume('rt-e');
    await tokens.upsert('rt-f', { grantId: 'g-grace', iiat: 1_790_000_200, rotations: 1 }, 600);
    await tokens.consume('rt-f');
    await tokens.upsert('rt-g', { grantId: 'g-grace', iiat: 1_790_000_300 }, 600);
    await tokens.consume('rt-g');
    expect((await tokens.find('rt-g'))?.consumed).toBeUndefined();
    // other models have no grace period
    const codes = new Adapter('AuthorizationCode');
    await codes.upsert('code-used', { grantId: 'g-grace' }, 60);
    await codes.consume('code-used');
    expect((await codes.find('code-used'))?.consumed).toBeTruthy();
  });

  it('finds by uid and by user code, and not once expired', async () => {
    const Adapter = createOidcAdapter(db, clock);
    await new Adapter('Session').upsert('s-1', { uid: 'uid-1', accountId: 'x' }, 10);
    await new Adapter('DeviceCode').upsert('d-1', { userCode: 'ABCD-EFGH' }, 10);
    expect((await new Adapter('Session').findByUid('uid-1'))?.accountId).toBe('x');
    expect((await new Adapter('DeviceCode').findByUserCode('ABCD-EFGH'))?.userCode).toBe('ABCD-EFGH');
    expect(await new Adapter('Grant').findByUid('uid-1')).toBeUndefined();
    nowMs += 10_000;
    expect(await new Adapter('Session').findByUid('uid-1')).toBeUndefined();
    expect(await new Adapter('DeviceCode').findByUserCode('ABCD-EFGH')).toBeUndefined();
  });

  it('destroys one payload, and revokes every model of a grant', async () => {
    const Adapter = createOidcAdapter(db, clock);
    await new Adapter('AccessToken').upsert('at-1', { grantId: 'g-9' }, 600);
    await new Adapter('RefreshToken').upsert('rt-9', { grantId: 'g-9' }, 600);
    await new Adapter('RefreshToken').upsert('rt-other', { grantId: 'g-10' }, 600);
    await new Adapter('AccessToken').destroy('at-1');
    expect(await new Adapter('AccessToken').find('at-1')).toBeUndefined();
    await new Adapter('AccessToken').upsert('at-2', { grantId: 'g-9' }, 600);
    await new Adapter('RefreshToken').revokeByGrantId('g-9');
    expect(await new Adapter('AccessToken').find('at-2')).toBeUndefined();
    expect(await new Adapter('RefreshToken').find('rt-9')).toBeUndefined();
    expect(await new Adapter('RefreshToken').find('rt-other')).toBeDefined();
  });

  it('purges rows whose expiry has passed and keeps rows without expiry', async () => {
    const Adapter = createOidcAdapter(db, clock);
    await new Adapter('Client').upsert('forever', { client_id: 'forever' });
    await new Adapter('Interaction').upsert('soon', { uid: 'soon' }, 1);
    const purged = await purgeExpiredOidcPayloads(db, nowMs + 1000);
    expect(purged).toBeGreaterThanOrEqual(1);
    expect(await new Adapter('Client').find('forever')).toEqual({ client_id: 'forever' });
    const left = await db.query<{ n: number }>(
      "select count(*)::int as n from oidc_payloads where id = 'soon'",
    );
    expect(left[0]!.n).toBe(0);
  });
});

describe('key material', () => {
  it('generates one RS256 signing key once and returns the same key afterwards', async () => {
    const first = await ensureSigningKeys(db);
    const second = await ensureSigningKeys(db);
    expect(first).toHaveLength(1);
    expect(second.map((k) => k.kid)).toEqual(first.map((k) => k.kid));
    expect(first[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(first[0]!.d).toBeTruthy();
    const publicSet = await loadPublicJwks(db);
    expect(publicSet.keys[0]!.kid).toBe(first[0]!.kid);
    for (const member of ['d', 'p', 'q', 'dp', 'dq', 'qi'])
      expect(publicSet.keys[0]).not.toHaveProperty(member);
  });

  it('generates the cookie keys once', async () => {
    const first = await ensureCookieKeys(db);
    expect(first).toHaveLength(1);
    expect(Buffer.from(first[0]!, 'base64url')).toHaveLength(32);
    expect(await ensureCookieKeys(db)).toEqual(first);
  });
});
