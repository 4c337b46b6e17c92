// Renders the real app (routes, providers, layout) in jsdom with a stubbed fetch and a stand-in auth context.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AuthContext, type AuthContextProps } from 'react-oidc-context';
import type { User } from 'oidc-client-ts';
import { vi } from 'vitest';
import type { ReactNode } from 'react';
import { AppProviders } from '../app/providers.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { buildRoutes } from '../app/router.tsx';
import { useAuthStore } from '../lib/session/auth-store.ts';

export interface StubResponse {
  status: number;
  body?: unknown;
}

export type ApiRoutes = Record<string, StubResponse | unknown>;

export interface RecordedRequest {
  method: string;
  url: string;
  authorization: string | null;
  /** The request's body as sent (a JSON text for the API's calls). */
  body?: string;
}

function isStubResponse(value: unknown): value is StubResponse {
  return (
    typeof value === 'object' &&
    value !== null &&
    'status' in value &&
    typeof (value as StubResponse).status === 'number'
  );
}

/**
 * Replaces fetch with one serving `routes`, keyed 'GET /api/location' (case-insensitive, query ignored). A plain
 * value is served as `{ data: value }` with 200; `{ status, body }` is served as given. Unknown routes get 404 with
 * the spec's error envelope.
 */
export function stubApi(routes: ApiRoutes): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  const table = new Map(Object.entries(routes).map(([key, value]) => [key.toLowerCase(), value]));
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers);
    requests.push({
      method,
      url,
      authorization: headers.get('Authorization'),
      ...(typeof init?.body === 'string' ? { body: init.body } : {}),
    });
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0]!;
    const entry = table.get(`${method} ${path}`.toLowerCase());
    if (entry === undefined) {
      return json(404, { responseException: { message: `No route ${method} ${path}`, errors: {} } });
    }
    if (isStubResponse(entry))
      return entry.body === undefined
        ? new Response(null, { status: entry.status })
        : json(entry.status, entry.body);
    return json(200, { data: entry });
  });
  return requests;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A signed-in oidc-client-ts user as the auth context exposes it. */
export function signedInUser(overrides: Partial<User> = {}): User {
  return {
    access_token: 'eyJhbGciOiJSUzI1NiJ9.test-access-token.sig',
    token_type: 'Bearer',
    profile: {
      sub: 'b3c1f0a4-0000-4000-8000-000000000001',
      iss: 'http://localhost/identity',
      aud: 'allclear-web',
      exp: 0,
      iat: 0,
    },
    state: undefined,
    expired: false,
    scopes: ['openid', 'profile', 'email', 'allclear', 'offline_access'],
    ...overrides,
  } as unknown as User;
}

/** An auth context standing in for react-oidc-context's provider; its navigations are spies. */
export function fakeAuth(overrides: Partial<AuthContextProps> = {}): AuthContextProps {
  const user = 'user' in overrides ? overrides.user : signedInUser();
  return {
    user,
    isLoading: false,
    isAuthenticated: Boolean(user),
    activeNavigator: undefined,
    error: undefined,
    settings: {
      authority: 'http://localhost/identity',
      client_id: 'allclear-web',
      redirect_uri: 'http://localhost/callback',
    },
    events: {} as AuthContextProps['events'],
    clearStaleState: vi.fn(async () => {}),
    removeUser: vi.fn(async () => {}),
    signinPopup: vi.fn(),
    signinSilent: vi.fn(async () => null),
    signinRedirect: vi.fn(async () => {}),
    signinResourceOwnerCredentials: vi.fn(),
    signoutRedirect: vi.fn(async () => {}),
    signoutPopup: vi.fn(async () => {}),
    signoutSilent: vi.fn(async () => {}),
    querySessionStatus: vi.fn(async () => null),
    revokeTokens: vi.fn(async () => {}),
    startSilentRenew: vi.fn(),
    stopSilentRenew: vi.fn(),
    ...overrides,
  } as AuthContextProps;
}

/** Wraps UI in the app's providers with a fresh query client (no retries) and the given auth context. */
export function TestProviders({ auth, children }: { auth: AuthContextProps; children: ReactNode }) {
  return (
    <AuthContext.Provider value={auth}>
      <AppProviders queryClient={createQueryClient({ retry: false })}>{children}</AppProviders>
    </AuthContext.Provider>
  );
}

/** Renders the app's real route table at `path`. */
export function renderApp(
  path: string,
  auth: AuthContextProps = fakeAuth(),
  authState: { token?: string | null; needsLogin?: boolean } = {},
) {
  useAuthStore.setState({ token: null, needsLogin: false, ...authState });
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  const view = render(
    <TestProviders auth={auth}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...view, router, auth };
}
