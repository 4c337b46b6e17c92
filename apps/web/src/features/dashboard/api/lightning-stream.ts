// GET /stream/Lightning (issue 6 'Beyond the spec'): server-sent events of lightning changes, read with fetch so
// the bearer token goes in the Authorization header (EventSource cannot send headers; tokens never go in URLs).
import {
  LIGHTNING_STREAM_EVENT,
  ZLightningStreamEvent,
  type TLightningStreamEvent,
} from '@allclear/contracts';
import { useAuthStore } from '../../../lib/session/auth-store.ts';
import { ApiError } from '../../../lib/api-client.ts';

export interface LightningStreamHandlers {
  /** The stream is open (every connect, including reconnects). */
  onOpen: () => void;
  /** A location's zones entered delay, were extended or cleared. */
  onEvent: (event: TLightningStreamEvent) => void;
}

/** One server-sent event: its name and its data lines joined by newlines (WHATWG 'Server-sent events'). */
export interface SseMessage {
  event: string;
  data: string;
}

/** Parses complete event blocks out of `buffer`; returns them and the unfinished rest. Comments are dropped. */
export function parseSse(buffer: string): { messages: SseMessage[]; rest: string } {
  const messages: SseMessage[] = [];
  const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0) messages.push({ event, data: data.join('\n') });
  }
  return { messages, rest };
}

/** The lightning event in a message, or null for another event or a body that is not one. */
function lightningEventOf(message: SseMessage): TLightningStreamEvent | null {
  if (message.event !== LIGHTNING_STREAM_EVENT) return null;
  try {
    const parsed = ZLightningStreamEvent.safeParse(JSON.parse(message.data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The server writes a comment every 15 s: a stream silent for three of them is dead (a link dropped without a
 * close, a proxy that stopped passing data), and is given up so the caller reconnects.
 */
export const STREAM_SILENCE_MS = 45_000;

/** The next chunk, or an ApiError when none arrives within `ms` (the reader is then cancelled). */
async function readWithin(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  ms: number,
): Promise<ReadableStreamReadResult<Uint8Array>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const silent = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // rejected before the cancel, which settles the pending read as done
      reject(new ApiError(0, 'The lightning stream went silent.'));
      reader.cancel().catch(() => undefined);
    }, ms);
  });
  try {
    return await Promise.race([reader.read(), silent]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Opens the stream and hands each lightning event to `handlers` until the server ends it (resolves) or it fails
 * (rejects with ApiError, also when it stays silent for `silenceMs`; an AbortError when `signal` aborts).
 */
export async function readLightningStream(
  handlers: LightningStreamHandlers,
  signal: AbortSignal,
  silenceMs = STREAM_SILENCE_MS,
): Promise<void> {
  const token = useAuthStore.getState().token;
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch('/stream/Lightning', { headers, signal, cache: 'no-store' });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'Network error: the server could not be reached.');
  }
  if (!response.ok || !response.body)
    throw new ApiError(response.status, 'The lightning stream is unavailable.');
  handlers.onOpen();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await readWithin(reader, silenceMs);
    if (done) return;
    const parsed = parseSse(buffer + decoder.decode(value, { stream: true }));
    buffer = parsed.rest;
    for (const message of parsed.messages) {
      const event = lightningEventOf(message);
      if (event) handlers.onEvent(event);
    }
  }
}
