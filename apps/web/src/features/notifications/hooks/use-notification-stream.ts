// Keeps the bell and My Notifications live (issue 15; spec 03 §2.3): each notification heard on the stream refreshes
// every history query at once, without a reload; after a drop it reconnects with backoff (1 s, 2 s ... 30 s) and
// refreshes what it may have missed.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuthStore } from '../../../lib/session/auth-store.ts';
import { NOTIFICATION_HISTORY_ROOT } from '../api/get-notification-history.ts';
import { readNotificationStream } from '../api/notification-stream.ts';

/** The wait before reconnect attempt `attempt`, ms. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(30_000, 1_000 * 2 ** Math.max(0, attempt));
}

/** Listens while mounted and signed in. */
export function useNotificationStream(): void {
  const client = useQueryClient();
  const signedIn = useAuthStore((s) => s.token !== null);

  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let connectedBefore = false;
    const refresh = () => void client.invalidateQueries({ queryKey: NOTIFICATION_HISTORY_ROOT });
    const connect = () => {
      readNotificationStream(
        {
          onOpen: () => {
            attempt = 0;
            if (connectedBefore) refresh();
            connectedBefore = true;
          },
          onNotification: refresh,
        },
        controller.signal,
      )
        .catch(() => undefined)
        .finally(() => {
          if (controller.signal.aborted) return;
          timer = setTimeout(connect, reconnectDelayMs(attempt));
          attempt += 1;
        });
    };
    connect();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [client, signedIn]);
}
