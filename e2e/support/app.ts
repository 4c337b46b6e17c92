// Reads what the running app knows about its signed-in user, through the page (no test hooks).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';

/** The OIDC user oidc-client-ts keeps in session storage. */
export async function storedOidcUser(
  page: Page,
): Promise<{ access_token: string; expires_at: number } | null> {
  return page.evaluate(() => {
    for (let i = 0; i < sessionStorage.length; i++) {
      const key = sessionStorage.key(i)!;
      if (key.startsWith('oidc.user:')) return JSON.parse(sessionStorage.getItem(key)!);
    }
    return null;
  });
}

/** GET an /api path with the page's own access token; returns the unwrapped data and the status. */
export async function apiGet<T>(page: Page, path: string): Promise<{ status: number; data: T | undefined }> {
  const user = await storedOidcUser(page);
  return page.evaluate(
    async ({ path, token }) => {
      const res = await fetch(path, { headers: { authorization: `Bearer ${token}` } });
      const body = res.headers.get('content-type')?.includes('json') ? await res.json() : undefined;
      return { status: res.status, data: body?.data };
    },
    { path, token: user?.access_token ?? '' },
  );
}

/** The screen paths the web app registers (SCREEN_ROUTES in apps/web/src/app/routes.tsx). */
export function builtScreenPaths(): string[] {
  const source = readFileSync(resolve(__dirname, '../../apps/web/src/app/routes.tsx'), 'utf8');
  const block = source.slice(source.indexOf('SCREEN_ROUTES'));
  return [...block.matchAll(/path:\s*'([^']+)'/g)].map((m) => m[1]!);
}

/** Sends a JSON body to an /api path with the page's own access token; returns the unwrapped data and the status. */
export async function apiSend<T>(
  page: Page,
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<{ status: number; data: T | undefined }> {
  const user = await storedOidcUser(page);
  return page.evaluate(
    async ({ method, path, body, token }) => {
      const res = await fetch(path, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = res.headers.get('content-type')?.includes('json') ? await res.json() : undefined;
      return { status: res.status, data: json?.data };
    },
    { method, path, body, token: user?.access_token ?? '' },
  );
}
