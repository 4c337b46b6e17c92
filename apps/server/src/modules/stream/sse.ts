// One server-sent-events connection (WHATWG HTML 'Server-sent events'): a text/event-stream body that
// stays open, named events with JSON data, and a comment line as heartbeat so proxies and the client
// can tell a quiet stream from a dead one.
import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A heartbeat comment goes out this often when nothing else does, ms. */
export const HEARTBEAT_MS = 15_000;

export interface SseConnection {
  /** Writes one named event with a JSON body. */
  send(event: string, data: unknown): void;
  /** Ends the response; resolves once its connection is closed. Safe to call more than once. */
  close(): Promise<void>;
}

/**
 * Answers the request with an open event stream. `onClose` runs once, when the client goes away or
 * `close()` is called.
 */
export function openSse(reply: FastifyReply, onClose: () => void, heartbeatMs = HEARTBEAT_MS): SseConnection {
  const body = new PassThrough();
  let closed = false;
  const heartbeat = setInterval(() => body.write(': heartbeat\n\n'), heartbeatMs);
  heartbeat.unref();
  // the response's 'close' (not the request's, which fires once the request is read) marks the client leaving
  const gone = new Promise<void>((resolve) => reply.raw.once('close', resolve));
  const close = (): Promise<void> => {
    if (!closed) {
      closed = true;
      clearInterval(heartbeat);
      body.end();
      onClose();
    }
    return gone;
  };
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
  body.write(': connected\n\n');

  return {
    send(event, data) {
      if (closed) return;
      body.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    close,
  };
}
