// GET /stream/Notifications (issue 15; spec 03 §2.3): server-sent events of the notifications sent to the caller, read
// with fetch so the bearer token goes in the Authorization header (EventSource cannot send headers; tokens never go
// in URLs). A stream silent for three heartbeats is dead and given up, so the caller reconnects.
import {
  NOTIFICATION_STREAM_EVENT,
  ZNotificationStreamEvent,
  type TNotificationStreamEvent,
} from '@allclear/contracts';
import { ApiError, urlOf } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../lib/session/auth-store.ts';

/** Three missed heartbeats of 15 s. */
export const STREAM_SILENCE_MS = 45_000;

/** The data of every complete `notification` event in `buffer`, and the unfinished rest (WHATWG 'Server-sent events'). */
export function takeNotificationEvents(buffer: string): { events: TNotificationStreamEvent[]; rest: string } {
  const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: TNotificationStreamEvent[] = [];
  for (const block of blocks) {
    let name = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) name = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (name !== NOTIFICATION_STREAM_EVENT || data.length === 0) continue;
    try {
      const parsed = ZNotificationStreamEvent.safeParse(JSON.parse(data.join('\n')));
      if (parsed.success) events.push(parsed.data);
    } catch {
      // a body that is not JSON is skipped
    }
  }
  return { events, rest };
}

/**
 * Opens the stream and hands each notification to `onNotification` until the server ends it (resolves) or it fails
 * (rejects, also when silent for `silenceMs`; an AbortError when `signal` aborts). `onOpen` runs on each connect.
 */
export async function readNotificationStream(
  handlers: { onOpen: () => void; onNotification: (n: TNotificationStreamEvent) => void },
  signal: AbortSignal,
  silenceMs = STREAM_SILENCE_MS,
): Promise<void> {
  const token = useAuthStore.getState().token;
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(urlOf('streamNotifications'), { headers, signal, cache: 'no-store' });
  if (!response.ok || !response.body)
    throw new ApiError(response.status, 'The notification stream is unavailable.');
  handlers.onOpen();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const silent = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(new ApiError(0, 'The notification stream went silent.'));
        reader.cancel().catch(() => undefined);
      }, silenceMs);
    });
    const { done, value } = await Promise.race([reader.read(), silent]).finally(() => clearTimeout(timer));
    if (done) return;
    const taken = takeNotificationEvents(buffer + decoder.decode(value, { stream: true }));
    buffer = taken.rest;
    for (const n of taken.events) handlers.onNotification(n);
  }
}
