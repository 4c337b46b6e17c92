// Test helpers for the identity service: a cookie jar for `inject`, PKCE values, and the whole
// browser sign-in journey (authorize → sign-in page → login → code → token) driven by hand.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { WEB_CLIENT_ID } from './provider.ts';

const ISSUER_ORIGIN = 'http://localhost:8080';

/** A minimal cookie jar (ignores paths and domains: tests talk to one host). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Stores the Set-Cookie headers of a response; expired or emptied cookies are removed. */
  store(response: LightMyRequestResponse): void {
    const raw = response.headers['set-cookie'];
    const lines = raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)];
    for (const line of lines) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expires = attrs.find((a) => a.trim().toLowerCase().startsWith('expires='));
      const expired = expires ? new Date(expires.split('=')[1]!).getTime() <= Date.now() : false;
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** The Cookie header to send. */
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** A PKCE verifier and its S256 challenge (RFC 7636). */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The path and query of a Location header (absolute or relative). */
export function pathOf(location: string): string {
  const url = new URL(location, 'http://localhost:8080');
  return `${url.pathname}${url.search}`;
}

export interface SignInJourney {
  jar: CookieJar;
  verifier: string;
  redirectUri: string;
  /** The sign-in page's path. */
  interactionPath: string;
  /** The final redirect to the web app (with code or error). */
  callback: URL;
}

/** Starts an authorization request and follows it to our sign-in page. */
export async function startAuthorization(
  app: FastifyInstance,
  opts: { redirectUri?: string; scope?: string; pkce?: boolean; extra?: Record<string, string> } = {},
) {
  const jar = new CookieJar();
  const { verifier, challenge } = pkcePair();
  const redirectUri = opts.redirectUri ?? 'http://localhost:5173/callback';
  const query = new URLSearchParams({
    client_id: WEB_CLIENT_ID,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: opts.scope ?? 'openid profile email allclear offline_access',
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    ...opts.extra,
  });
  if (opts.pkce !== false) {
    query.set('code_challenge', challenge);
    query.set('code_challenge_method', 'S256');
  }
  const auth = await app.inject({ method: 'GET', url: `/identity/auth?${query}` });
  jar.store(auth);
  return { jar, verifier, redirectUri, auth, state: query.get('state')! };
}

/** Posts the sign-in form of an interaction. */
export async function postLogin(
  app: FastifyInstance,
  jar: CookieJar,
  interactionPath: string,
  email: string,
  password: string,
  headers: Record<string, string> = { origin: 'http://localhost:8080' },
) {
  const res = await app.inject({
    method: 'POST',
    url: `${interactionPath}/login`,
    headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams({ email, password }).toString(),
  });
  jar.store(res);
  return res;
}

/**
 * The whole journey for a user with a right password: follows the provider's redirects (resume,
 * and any further interaction) until it leaves for the web app; returns that callback URL.
 */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
  opts: { extra?: Record<string, string> } = {},
): Promise<SignInJourney & { hops: string[] }> {
  const { jar, verifier, redirectUri, auth } = await startAuthorization(app, opts);
  const journey = await completeSignIn(app, jar, auth, email, password);
  return { jar, verifier, redirectUri, ...journey };
}

/**
 * Signs in at an authorization URL built by any client (e.g. openid-client): opens it, posts the
 * sign-in form and follows the provider's redirects to the client's redirect URI.
 */
export async function signInAt(
  app: FastifyInstance,
  authorizationUrl: URL,
  email: string,
  password: string,
): Promise<{ jar: CookieJar; interactionPath: string; callback: URL; hops: string[] }> {
  const jar = new CookieJar();
  const auth = await app.inject({ method: 'GET', url: pathOf(authorizationUrl.href) });
  jar.store(auth);
  return { jar, ...(await completeSignIn(app, jar, auth, email, password)) };
}

/** From the authorization endpoint's answer, through our sign-in page, to the redirect that leaves the provider. */
async function completeSignIn(
  app: FastifyInstance,
  jar: CookieJar,
  auth: LightMyRequestResponse,
  email: string,
  password: string,
): Promise<{ interactionPath: string; callback: URL; hops: string[] }> {
  if (auth.statusCode !== 303) throw new Error(`authorize answered ${auth.statusCode}: ${auth.body}`);
  const interactionPath = pathOf(auth.headers.location as string);
  const page = await app.inject({ method: 'GET', url: interactionPath, headers: { cookie: jar.header() } });
  jar.store(page);
  const login = await postLogin(app, jar, interactionPath, email, password);
  if (login.statusCode !== 303) throw new Error(`login answered ${login.statusCode}`);
  const hops: string[] = [];
  let location = new URL(login.headers.location as string, ISSUER_ORIGIN);
  while (location.origin === ISSUER_ORIGIN && location.pathname.startsWith('/identity/')) {
    if (hops.length > 6) throw new Error(`redirect loop: ${hops.join(' → ')}`);
    hops.push(location.pathname);
    const res = await app.inject({
      method: 'GET',
      url: pathOf(location.href),
      headers: { cookie: jar.header() },
    });
    jar.store(res);
    if (res.statusCode !== 303 && res.statusCode !== 302) {
      throw new Error(`${location.pathname} answered ${res.statusCode}: ${res.body}`);
    }
    location = new URL(res.headers.location as string, ISSUER_ORIGIN);
  }
  return { interactionPath, callback: location, hops };
}

/** Exchanges an authorization code at the token endpoint. */
export async function exchangeCode(
  app: FastifyInstance,
  journey: SignInJourney,
  overrides: Record<string, string | undefined> = {},
) {
  const form: Record<string, string | undefined> = {
    grant_type: 'authorization_code',
    code: journey.callback.searchParams.get('code') ?? '',
    redirect_uri: journey.redirectUri,
    client_id: WEB_CLIENT_ID,
    code_verifier: journey.verifier,
    ...overrides,
  };
  const body = new URLSearchParams(
    Object.entries(form).filter((e): e is [string, string] => e[1] !== undefined),
  ).toString();
  return app.inject({
    method: 'POST',
    url: '/identity/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:5173' },
    payload: body,
  });
}

/**
 * A fetch that answers from the app in process (`inject`), for clients that take a custom fetch
 * (openid-client): requests to any origin go to the app by path, as if it served publicUrl.
 */
export function injectFetch(app: FastifyInstance) {
  return async (
    url: string,
    init: { method: string; headers: Record<string, string>; body?: unknown },
  ): Promise<Response> => {
    const body = init.body;
    const payload =
      body === undefined || body === null
        ? undefined
        : typeof body === 'string'
          ? body
          : body instanceof URLSearchParams
            ? body.toString()
            : Buffer.from(
                await new Response(body as ConstructorParameters<typeof Response>[0]).arrayBuffer(),
              );
    const res = await app.inject({
      method: init.method as 'GET',
      url: pathOf(url),
      headers: init.headers,
      ...(payload === undefined ? {} : { payload }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, String(v));
    }
    const empty = [101, 204, 205, 304].includes(res.statusCode);
    return new Response(empty ? null : res.rawPayload, { status: res.statusCode, headers });
  };
}
