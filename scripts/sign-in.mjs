// A demo user's access token as the web app gets it: the authorization code flow with PKCE through the product's
// own sign-in form (authorize, the sign-in page, the form, the provider's redirects, the code for tokens), over
// HTTP to a running product. Shared by the smoke run on the current Node.js LTS (smoke-lts.mjs) and the reads
// benchmark; plain JavaScript, so that it runs on a bare Node.js without tsx.
import { createHash, randomBytes } from 'node:crypto';

/** The web app's client id (apps/server/src/modules/identity/provider.ts WEB_CLIENT_ID). */
const WEB_CLIENT_ID = 'allclear-web';

/** An answer's body as an error quotes it: the start of it (a sign-in page is kilobytes of HTML). */
export const brief = (text) => (text.length > 300 ? `${text.slice(0, 300)}…` : text);

/** Cookies by name, from each answer's Set-Cookie headers (one host). */
function cookieJar() {
  const cookies = new Map();
  return {
    store(res) {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair.indexOf('=');
        const value = pair.slice(at + 1).trim();
        if (value) cookies.set(pair.slice(0, at).trim(), value);
        else cookies.delete(pair.slice(0, at).trim());
      }
    },
    header: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  };
}

/** Signs in as `email` at the product on `baseUrl` (its PUBLIC_URL); the access token, or an Error saying which step answered what. */
export async function signIn(baseUrl, email, password) {
  const origin = new URL(baseUrl).origin;
  const jar = cookieJar();
  const get = async (url) => {
    const res = await fetch(new URL(url, baseUrl), { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(res);
    return res;
  };
  const refused = async (what, res) =>
    new Error(`${what} answered ${res.status}: ${brief(await res.text())}`);
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = `${baseUrl}/callback`;
  const query = new URLSearchParams({
    client_id: WEB_CLIENT_ID,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid profile email allclear',
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  const auth = await get(`/identity/auth?${query}`);
  if (auth.status !== 303) throw await refused('GET /identity/auth', auth);
  const interaction = new URL(auth.headers.get('location'), baseUrl).pathname;
  const page = await get(interaction);
  if (page.status !== 200) throw await refused(`GET ${interaction} (the sign-in page)`, page);
  const login = await fetch(new URL(`${interaction}/login`, baseUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: jar.header(), origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }),
  });
  jar.store(login);
  if (login.status !== 303) throw await refused(`POST ${interaction}/login`, login);
  let location = new URL(login.headers.get('location'), baseUrl);
  for (let hops = 0; location.pathname.startsWith('/identity/'); hops++) {
    const res = await get(location);
    if (hops > 6 || (res.status !== 303 && res.status !== 302))
      throw await refused(`GET ${location.pathname}`, res);
    location = new URL(res.headers.get('location'), baseUrl);
  }
  const code = location.searchParams.get('code');
  if (!code) throw new Error(`the provider sent the browser to ${location.href}, without a code`);
  const token = await fetch(new URL('/identity/token', baseUrl), {
    method: 'POST',
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: WEB_CLIENT_ID,
      code_verifier: verifier,
    }),
  });
  const body = await token.text();
  const accessToken = token.status === 200 ? JSON.parse(body).access_token : undefined;
  if (!accessToken) throw new Error(`POST /identity/token answered ${token.status}: ${brief(body)}`);
  return accessToken;
}
