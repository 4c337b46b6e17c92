// One server-sent-events connection (WHATWG HTML 'Server-sent events'): a text/event-stream body that
// stays open, named events with JSON data, and a comment line as heartbeat so proxies and the client
// can tell a quiet stream from a dead one.
import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A heartbeat comment goes out this often when nothing else does, ms. */
export const HEARTBEAT_MS = 15_000;
/**
 * Bytes that may wait for a client beyond what its socket holds (about a thousand lightning events); a
 * client further behind is cut, reconnects and refetches, rather than the server queueing without bound.
 */
export const MAX_BUFFERED_BYTES = 256 * 1024;
/** How long `close()` lets a client read the end of its stream before the socket is cut, ms. */
export const CLOSE_GRACE_MS = 1_000;
/** The longest delay setTimeout honours, ms (a longer one fires at once). */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface SseOptions {
  /** Heartbeat period, ms (default HEARTBEAT_MS). */
  heartbeatMs?: number;
  /** Bytes that may queue for a slow client before it is cut (default MAX_BUFFERED_BYTES). */
  maxBufferedBytes?: number;
  /** Grace for a client to read the end of its stream on `close()`, ms (default CLOSE_GRACE_MS). */
  closeGraceMs?: number;
  /** Ends the stream after this long, ms (e.g. when the caller's token expires); none by default. */
  lifetimeMs?: number;
}

export interface SseConnection {
  /** Writes one named event with a JSON body. */
  send(event: string, data: unknown): void;
  /**
   * Ends the response; resolves once its connection is closed, at most `closeGraceMs` later (a client
   * that does not read the end is cut). Safe to call more than once.
   */
  close(): Promise<void>;
}

/**
 * Answers the request with an open event stream. `onClose` runs once, when the client goes away (also
 * when it went away before the stream opened), when it falls too far behind, when the stream's lifetime
 * ends or when `close()` is called.
 */
export function openSse(reply: FastifyReply, onClose: () => void, options: SseOptions = {}): SseConnection {
  const {
    heartbeatMs = HEARTBEAT_MS,
    maxBufferedBytes = MAX_BUFFERED_BYTES,
    closeGraceMs = CLOSE_GRACE_MS,
    lifetimeMs,
  } = options;
  const res = reply.raw;
  const body = new PassThrough();
  let closed = false;
  // the response's 'close' (not the request's, which fires once the request is read) marks the client
  // leaving; it may have left already, while the request was being authenticated
  const gone = res.destroyed
    ? Promise.resolve()
    : new Promise<void>((resolve) => res.once('close', () => resolve()));
  const cut = () => {
    if (!res.destroyed) res.destroy();
  };
  const close = (): Promise<void> => {
    if (!closed) {
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(expiry);
      body.end();
      onClose();
      // a client that stopped reading never takes the end: cut it rather than hold a shutdown
      const grace = setTimeout(cut, closeGraceMs);
      grace.unref();
      void gone.then(() => clearTimeout(grace));
    }
    return gone;
  };
  const write = (chunk: string) => {
    if (closed) return;
    // what the socket would not take queues here; a client this far behind (stalled, or a dead peer)
    // is cut instead
    if (body.writableLength + body.readableLength + Buffer.byteLength(chunk) > maxBufferedBytes) {
      void close();
      cut();
      return;
    }
    body.write(chunk);
  };

  const heartbeat = setInterval(() => write(': heartbeat\n\n'), heartbeatMs);
  heartbeat.unref();
  const expiry =
    lifetimeMs === undefined
      ? undefined
      : setTimeout(() => void close(), Math.min(Math.max(0, lifetimeMs), MAX_TIMER_MS));
  expiry?.unref();
  void gone.then(close);

  reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    // no-transform: a compressing proxy would hold events back until its buffer fills
    .header('cache-control', 'no-cache, no-transform')
    .header('x-accel-buffering', 'no')
    // the socket closes with the stream: a kept-alive socket left idle after shutdown ends the stream
    // would hold app.close() until the keep-alive timeout
    .header('connection', 'close')
    .send(body);
  // a first line at once, so the client's fetch() resolves and it knows the stream is open
  write(': connected\n\n');

  return {
    send(event, data) {
      write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    close,
  };
}
