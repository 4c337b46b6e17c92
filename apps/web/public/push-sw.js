// AllClear's service worker for web push (issue 15): shows each alert the notifier pushes as a notification and tells
// the open windows of the app, which refresh the bell; a click opens My Notifications. Payload (channels/push.ts):
// { title, body, correlationId, notificationType }.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    (async () => {
      // the open windows first (their bell refreshes), then the notification
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) client.postMessage({ type: 'allclear-push', ...data });
      await self.registration.showNotification(data.title || 'AllClear', {
        body: data.body || '',
        tag: data.correlationId || undefined,
        data: { url: '/Notifications' },
      });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || '/Notifications';
  event.waitUntil(self.clients.openWindow(url));
});
