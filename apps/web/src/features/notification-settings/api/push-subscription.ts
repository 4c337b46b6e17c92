// Web push on this browser (W3C Push API; issue 15): the service worker (/push-sw.js) is registered, the browser
// subscribes with our VAPID public key (GET User/PushSubscription/PublicKey) and the subscription is saved
// (POST User/PushSubscription), so alerts reach this browser when the notification type is push.
import { call } from '../../../lib/api-client.ts';

export type PushState = 'unsupported' | 'denied' | 'subscribed' | 'not-subscribed';

const SERVICE_WORKER = '/push-sw.js';

/** The VAPID key as the Push API takes it (base64url to bytes). */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(padded);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

function supported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** Whether this browser can receive push, and whether it is subscribed. */
export async function pushState(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER);
  const subscription = await registration?.pushManager.getSubscription();
  return subscription ? 'subscribed' : 'not-subscribed';
}

/** Asks for permission, subscribes this browser and saves the subscription. */
export async function subscribeThisBrowser(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const key = await call('pushSubscriptionPublicKey');
  if (!key) throw new Error('The server has no push key yet.');
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER);
  await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(key),
    }));
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth)
    throw new Error('The browser gave no subscription.');
  await call('pushSubscriptionSave', {
    body: { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } },
  });
  return 'subscribed';
}
