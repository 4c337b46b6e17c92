// The identity service held against an independent OpenID Connect client (openid-client, not our
// web client) on the real app: discovery advertises only what is allowed, the code + PKCE flow
// yields tokens that read user info and call the API, and the API and user info each refuse a
// token that is not meant for them.
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../db/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { WEB_CLIENT_ID } from './provider.ts';
import { injectFetch, signInAt } from './test-support.ts';
import { issueTestToken } from './test-tokens.ts';

const ISSUER = 'http://localhost:8080/identity';
const API = 'http://localhost:8080/api';
const REDIRECT_URI = 'http://localhost:5173/callback';
const PASSWORD = 'Independent-client-9';
const SCOPE = 'openid profile email allclear offline_access';

let t: TestApp;
let user: { id: string; email: string; siteId: number; customerId: number };
let client: oidc.Configuration;

beforeAll(async () => {
  t = await createTestApp();
  const row = await buildUser(t.db.db, {
    customerId: t.a.customer.id,
    role: 'Admin',
    email: 'grace.hopper@example.allclear.test',
    firstName: 'Grace',
    lastName: 'Hopper',
    siteId: t.a.site.id,
    password: PASSWORD,
  });
  user = { id: row.id, email: row.email!, siteId: t.a.site.id, customerId: t.a.customer.id };
  client = await oidc.discovery(
    new URL(ISSUER),
    WEB_CLIENT_ID,
    { redirect_uris: [REDIRECT_URI], response_types: ['code'] },
    oidc.None(),
    { execute: [oidc.allowInsecureRequests], [oidc.customFetch]: injectFetch(t.app) },
  );
});

afterAll(async () => {
  await t?.close();
});

/** The code + PKCE flow as openid-client drives it, through our sign-in page. */
async function signInWithOpenidClient() {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(client, {
    redirect_uri: REDIRECT_URI,
    scope: SCOPE,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  const { callback } = await signInAt(t.app, url, user.email, PASSWORD);
  return oidc.authorizationCodeGrant(client, callback, {
    pkceCodeVerifier: verifier,
    expectedState: state,
    expectedNonce: nonce,
  });
}

function callApi(token: string) {
  return t.app.inject({ method: 'GET', url: '/api/location', headers: { authorization: `Bearer ${token}` } });
}

function callUserInfo(token: string) {
  return t.app.inject({ method: 'GET', url: '/identity/me', headers: { authorization: `Bearer ${token}` } });
}

describe('discovery', () => {
  it('advertises the code flow only, with S256 PKCE, and the user-info endpoint under the issuer', () => {
    const metadata = client.serverMetadata();
    expect(metadata.issuer).toBe(ISSUER);
    expect(metadata.response_types_supported).toEqual(['code']);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.grant_types_supported).not.toContain('implicit');
    expect(metadata.userinfo_endpoint).toBe(`${ISSUER}/me`);
  });

  it('refuses the implicit and hybrid response types it no longer advertises', async () => {
    for (const responseType of ['id_token', 'id_token token', 'code id_token', 'code token']) {
      const url = oidc.buildAuthorizationUrl(client, {
        redirect_uri: REDIRECT_URI,
        scope: 'openid',
        response_type: responseType,
        code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
        code_challenge_method: 'S256',
        nonce: oidc.randomNonce(),
      });
      const res = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
      const location = res.headers.location ? new URL(String(res.headers.location)) : undefined;
      const error = location
        ? new URLSearchParams(location.hash.slice(1) || location.search).get('error')
        : res.body;
      expect({ responseType, error }).toEqual({
        responseType,
        error: expect.stringMatching(/unsupported_response_type|unauthorized_client/),
      });
    }
  });
});

describe('code + PKCE with openid-client', () => {
  it('reads user info with the access token the flow returns: the profile, e-mail and our claims', async () => {
    const tokens = await signInWithOpenidClient();
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    const idClaims = tokens.claims()!;
    expect(idClaims.sub).toBe(user.id);

    const info = await oidc.fetchUserInfo(client, tokens.access_token, idClaims.sub);
    expect(info).toMatchObject({
      sub: user.id,
      name: 'Grace Hopper',
      given_name: 'Grace',
      family_name: 'Hopper',
      email: user.email,
      role: 'Admin',
      customer_id: user.customerId,
      site_id: user.siteId,
      WIDGET_ADMIN: null,
    });
    expect(info.permissions).toEqual(idClaims.permissions);
    expect(info.features).toEqual(idClaims.features);
  });

  it('calls the API with the same access token, whose audience names the API and the identity service', async () => {
    const tokens = await signInWithOpenidClient();
    expect((await callApi(tokens.access_token)).statusCode).toBe(200);
    const payload = JSON.parse(Buffer.from(tokens.access_token.split('.')[1]!, 'base64url').toString()) as {
      aud: string[];
      scope: string;
    };
    expect(payload.aud).toEqual([API, ISSUER]);
    expect(payload.scope.split(' ').sort()).toEqual(['allclear', 'email', 'openid', 'profile']);
  });

  it('reads user info with a refreshed access token, and refuses a replayed refresh token', async () => {
    const tokens = await signInWithOpenidClient();
    const refreshed = await oidc.refreshTokenGrant(client, tokens.refresh_token!);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    const info = await oidc.fetchUserInfo(client, refreshed.access_token, user.id);
    expect(info.email).toBe(user.email);
    expect((await callApi(refreshed.access_token)).statusCode).toBe(200);
    // the refreshed token used in turn: the first one is now a replay (a lost answer may be asked for again: adapter.ts)
    await oidc.refreshTokenGrant(client, refreshed.refresh_token!);
    await expect(oidc.refreshTokenGrant(client, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('releases only the claims of the scopes the client asked for', async () => {
    const verifier = oidc.randomPKCECodeVerifier();
    const url = oidc.buildAuthorizationUrl(client, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid email',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const { callback } = await signInAt(t.app, url, user.email, PASSWORD);
    const tokens = await oidc.authorizationCodeGrant(client, callback, {
      pkceCodeVerifier: verifier,
      idTokenExpected: true,
    });
    const info = await oidc.fetchUserInfo(client, tokens.access_token, user.id);
    expect(info).toEqual({ sub: user.id, email: user.email });
  });
});

describe('tokens not meant for the endpoint are refused', () => {
  it('the API refuses a token of another audience, and one for the identity service only', async () => {
    const other = await issueTestToken(t.db, { userId: user.id, audience: 'https://other.example/api' });
    const identityOnly = await issueTestToken(t.db, { userId: user.id, audience: ISSUER });
    for (const token of [other, identityOnly]) {
      const res = await callApi(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ responseException: { message: 'Unauthorized', errors: {} } });
    }
    // the same user with the audiences a real token names is served
    expect((await callApi(await issueTestToken(t.db, { userId: user.id }))).statusCode).toBe(200);
  });

  it('user info refuses a token for the API only, or for another audience, with a Bearer challenge', async () => {
    for (const audience of [API, 'https://other.example/api']) {
      const token = await issueTestToken(t.db, { userId: user.id, audience });
      await expect(oidc.fetchUserInfo(client, token, user.id)).rejects.toBeInstanceOf(
        oidc.WWWAuthenticateChallengeError,
      );
      const res = await callUserInfo(token);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe(
        `Bearer realm="${ISSUER}", error="invalid_token", error_description="invalid token provided"`,
      );
      expect(res.json()).toEqual({ error: 'invalid_token', error_description: 'invalid token provided' });
    }
  });

  it('user info refuses an ID token, an expired token and a token without the openid scope', async () => {
    const tokens = await signInWithOpenidClient();
    expect((await callUserInfo(tokens.id_token!)).statusCode).toBe(401);
    const expired = await issueTestToken(t.db, {
      userId: user.id,
      issuedAtMs: Date.now() - 3_600_000,
      expiresInSeconds: 600,
    });
    expect((await callUserInfo(expired)).statusCode).toBe(401);
    const noOpenid = await callUserInfo(
      await issueTestToken(t.db, { userId: user.id, claims: { scope: 'allclear' } }),
    );
    expect(noOpenid.statusCode).toBe(403);
    expect(noOpenid.headers['www-authenticate']).toContain('error="insufficient_scope"');
    const forged = await issueTestToken(t.db, { userId: user.id, claims: { client_id: 'someone-else' } });
    expect((await callUserInfo(forged)).statusCode).toBe(401);
  });

  it('user info answers 401 with a bare challenge without a token, and 400 for a malformed header', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/identity/me' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe(`Bearer realm="${ISSUER}"`);
    const malformed = await t.app.inject({
      method: 'GET',
      url: '/identity/me',
      headers: { authorization: 'Basic abc' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('user info refuses the token of a user who can no longer sign in', async () => {
    const leaver = await buildUser(t.db.db, { customerId: t.a.customer.id, password: PASSWORD });
    const token = await issueTestToken(t.db, { userId: leaver.id });
    expect((await callUserInfo(token)).statusCode).toBe(200);
    await t.db.query('update users set is_active = false where id = $1', [leaver.id]);
    const res = await callUserInfo(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'invalid_token' });
  });

  it('answers the web origins a CORS preflight and reads a token from a form body', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/identity/me',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    const token = await issueTestToken(t.db, { userId: user.id });
    const posted = await t.app.inject({
      method: 'POST',
      url: '/identity/me',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      payload: new URLSearchParams({ access_token: token }).toString(),
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.json()).toMatchObject({ sub: user.id, email: user.email });
    expect(posted.headers['access-control-allow-origin']).toBeUndefined();
  });
});
