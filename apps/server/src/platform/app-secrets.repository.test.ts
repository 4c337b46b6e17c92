// The stored secret is the first one written: a second process (or a second call) reads it back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { createTestDatabase } from '../db/test-db.ts';
import { ensureAppSecret } from './app-secrets.repository.ts';
import { createUrlSigner, urlSignerFor } from './url-signer.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

describe('app secrets', () => {
  it('keeps the first value stored under a name', async () => {
    expect(await ensureAppSecret(handle.db, 'test-secret', 'first')).toBe('first');
    expect(await ensureAppSecret(handle.db, 'test-secret', 'second')).toBe('first');
    expect(await ensureAppSecret(handle.db, 'other-secret', 'second')).toBe('second');
  });

  it('signs URLs with the stored url-signing key', async () => {
    const signer = await urlSignerFor(handle.db);
    const key = await ensureAppSecret(handle.db, 'url-signing-key', 'unused');
    const now = Date.UTC(2026, 6, 1, 12);
    const path = '/api/Hardware/WeatherStation/Image/3';
    expect(signer.sign(path, now)).toBe(createUrlSigner(Buffer.from(key, 'base64url')).sign(path, now));
  });
});
