// [SUPER ADMIN][WEB PUSH] (issue 15; spec 02 §2.9 'notification type'): the browser subscribes on My Notification
// Settings and an alert's push reaches it.
//
// Chromium's real push service is Google's, which this machine cannot reach, so the journey plays the push service
// itself, on loopback: the page's PushManager hands out a subscription whose endpoint is this file's HTTPS server and
// whose keys (P-256 and the auth secret) the journey made, as a push service's browser would; everything else is the
// product's own: the settings page registers /push-sw.js, subscribes with the server's VAPID key and saves the
// subscription; a lightning alert at the user's location makes the notifier encrypt the payload (RFC 8291
// aes128gcm) and send it, VAPID-signed (RFC 8292), to the endpoint; the journey checks the signature's shape, decrypts
// the payload with the subscription's private key, and hands it to the page's service worker through DevTools'
// ServiceWorker.deliverPushMessage, as the push service would; the service worker shows it and tells the page.
import { createECDH, createDecipheriv, createHmac, randomBytes, type ECDH } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { apiGet, apiSend } from '../support/app.ts';
import { launchBrowser, newContext, screenshot, signIn } from '../support/browser.ts';
import { startProduct, type RunningProduct } from '../support/product.ts';

const SUPER = 'super@demo.allclear.test';

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

const b64url = (b: Buffer) => b.toString('base64url');
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** Decrypts an aes128gcm Web Push message (RFC 8291 §3.4, RFC 8188 §2) with the subscription's keys. */
export function decryptPush(body: Buffer, ua: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idLength);
  const cipher = body.subarray(21 + idLength);
  const uaPublic = ua.getPublicKey();
  const ecdhSecret = ua.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic, Buffer.from([1])]);
  const ikm = hmac(hmac(authSecret, ecdhSecret), keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipher.subarray(cipher.length - 16));
  const padded = Buffer.concat([decipher.update(cipher.subarray(0, cipher.length - 16)), decipher.final()]);
  // one record: the text, then the delimiter 0x02 and zero padding
  return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8');
}

let certDir: string;
let pushService: Server;
let pushUrl: string;
const received: Received[] = [];
let product: RunningProduct;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let cdp: CDPSession;
const registrations = new Map<string, string>();
const ua = createECDH('prime256v1');
ua.generateKeys();
const authSecret = randomBytes(16);

beforeAll(async () => {
  certDir = mkdtempSync(join(tmpdir(), 'allclear-push-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      join(certDir, 'key.pem'),
      '-out',
      join(certDir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  pushService = createServer(
    { key: readFileSync(join(certDir, 'key.pem')), cert: readFileSync(join(certDir, 'cert.pem')) },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(201).end();
      });
    },
  );
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  const address = pushService.address();
  pushUrl = `https://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  writeFileSync(join(certDir, 'ca.pem'), readFileSync(join(certDir, 'cert.pem')));
  // the product trusts this push service's certificate, as it trusts a real push service's
  [product, browser] = await Promise.all([
    startProduct({ NODE_EXTRA_CA_CERTS: join(certDir, 'ca.pem') }),
    launchBrowser(),
  ]);
  context = await newContext(browser, undefined, product.baseUrl);
  await context.grantPermissions(['notifications'], { origin: product.baseUrl });
  // the subscription this browser's push service would hand out: our endpoint, our keys
  await context.addInitScript(
    ({ endpoint, p256dh, auth }) => {
      // about:blank and other insecure contexts have no push at all
      if (typeof PushManager === 'undefined' || !navigator.serviceWorker) return;
      let current: PushSubscription | null = null;
      const make = () =>
        ({
          endpoint,
          expirationTime: null,
          options: { userVisibleOnly: true },
          toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
          getKey: () => null,
          unsubscribe: async () => ((current = null), true),
        }) as unknown as PushSubscription;
      PushManager.prototype.subscribe = async function () {
        current ??= make();
        return current;
      };
      PushManager.prototype.getSubscription = async function () {
        return current;
      };
      const w = window as unknown as { __pushes: unknown[] };
      w.__pushes = [];
      navigator.serviceWorker.addEventListener('message', (e) => w.__pushes.push(e.data));
      navigator.serviceWorker.startMessages();
    },
    { endpoint: `${pushUrl}/push/journey`, p256dh: b64url(ua.getPublicKey()), auth: b64url(authSecret) },
  );
  page = await context.newPage();
  cdp = await context.newCDPSession(page);
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
    for (const r of e.registrations) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  await signIn(page, SUPER);
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await product?.stop();
  await new Promise((r) => pushService?.close(r));
  if (certDir) rmSync(certDir, { recursive: true, force: true });
});

describe('[SUPER ADMIN][WEB PUSH] the browser subscribes and a push reaches it', () => {
  it('subscribes this browser on My Notification Settings (service worker, VAPID key, saved subscription)', async () => {
    await page.goto('/NotificationSettings');
    await page.getByRole('radio', { name: /Push notification/ }).check();
    await page.getByText('This browser is not subscribed yet.').waitFor();
    await page.getByRole('button', { name: 'Enable push on this browser' }).click();
    await page.getByText('This browser receives push notifications.').waitFor({ timeout: 15_000 });
    await screenshot(page, 'notification-settings-push-1440x900');
    // the settings say push, as saved
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Notification settings saved.').waitFor({ timeout: 10_000 });
    await expect.poll(() => registrations.size, { timeout: 10_000 }).toBeGreaterThan(0);
  });

  it("an alert at the user's own location is pushed, encrypted and VAPID-signed, and reaches the service worker", async () => {
    const add = await apiSend<{ location: { id: number } }>(page, 'POST', '/api/location/Add', {
      label: 'Push Journey Field',
      locationName: 'Push Journey Field',
      latitude: 40.1,
      longitude: -101.9,
      radius1: 10,
      radius2: 20,
      radius3: 30,
      allClearMinutes: 30,
      flags: 0,
    });
    expect(add.status).toBe(200);
    expect(
      (await apiSend(page, 'POST', '/api/sim/strikes', { latitude: 40.1, longitude: -101.9 })).status,
    ).toBe(200);
    // the demo's storms alert the Super Admin too: the push of this journey's alert is the one naming its field
    const ours = () =>
      received.find((r) => {
        try {
          return decryptPush(r.body, ua, authSecret).includes('Push Journey Field');
        } catch {
          return false;
        }
      });
    await expect.poll(() => ours() !== undefined, { timeout: 30_000, interval: 200 }).toBe(true);
    const push = ours()!;
    expect(push.path).toBe('/push/journey');
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(String(push.headers.authorization)).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    const vapidKey = (await apiGet<string>(page, '/api/User/PushSubscription/PublicKey')).data;
    expect(String(push.headers.authorization)).toContain(`k=${vapidKey}`);
    const payload = JSON.parse(decryptPush(push.body, ua, authSecret)) as { title: string; body: string };
    expect(payload.body).toContain('Push Journey Field');

    // the push service hands it to the browser: the service worker shows it and tells the page
    const registrationId = [...registrations.values()][0]!;
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: product.baseUrl,
      registrationId,
      data: JSON.stringify(payload),
    });
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __pushes: { body?: string }[] }).__pushes), {
        timeout: 10_000,
      })
      .toEqual([expect.objectContaining({ type: 'allclear-push', body: payload.body })]);
    const shown = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/push-sw.js');
      return (await registration?.getNotifications())?.map((n) => n.title) ?? [];
    });
    expect(shown).toContain(payload.title);
  });
});
