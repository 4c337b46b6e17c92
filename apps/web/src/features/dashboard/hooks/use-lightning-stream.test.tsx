// The lightning stream through the real Lightning Status panel: a pushed change refetches that location's status at
// once (long before the 10 s poll), another location's change does not, a dropped stream reconnects with backoff
// and refetches what it may have missed, and the SSE parser reads events split across chunks.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import type { TLightningStreamEvent } from '@allclear/contracts';
import { useAuthStore } from '../../../lib/session/auth-store.ts';
import { lightningStatus, serverError } from '../test/dashboard-payloads.ts';
import { renderPanel } from '../test/render-panel.tsx';
import { useDashboardStore } from '../stores/dashboard-store.ts';
import { LightningStatus, LIGHTNING_ERROR_TEXT } from '../components/lightning-status.tsx';
import { parseSse, readLightningStream } from '../api/lightning-stream.ts';
import { getLocationDelayQueryOptions } from '../api/get-lightning.ts';
import { reconnectDelayMs, REFETCH_GATHER_MS, useLightningStream } from './use-lightning-stream.ts';

const TOKEN = 'stream-test-token';

/** A fake server: the panel's status call answers `status.remaining`; each stream call opens a pushable body. */
function fakeServer() {
  const state = {
    remaining: [0],
    statusCalls: 0,
    delayCalls: 0,
    streamCalls: 0,
    streamAuthorization: [] as (string | null)[],
    streamFailures: 0,
    streams: [] as ReadableStreamDefaultController<Uint8Array>[],
    /** While true, status calls answer 500. */
    statusFails: false,
    /** While set, status calls wait for it (a slow server). */
    gate: null as Promise<void> | null,
    aborted: 0,
  };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/stream/Lightning')) {
      state.streamCalls += 1;
      state.streamAuthorization.push(new Headers(init?.headers).get('Authorization'));
      if (state.streamFailures > 0) {
        state.streamFailures -= 1;
        return new Response(JSON.stringify({ responseException: { message: 'Unavailable', errors: {} } }), {
          status: 503,
        });
      }
      const body = new ReadableStream<Uint8Array>({ start: (c) => void state.streams.push(c) });
      init?.signal?.addEventListener('abort', () => body.cancel().catch(() => undefined));
      return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    }
    if (url.endsWith('/api/location/Delay/1')) {
      state.delayCalls += 1;
      const zero = '00:00:00';
      return new Response(JSON.stringify({ data: { item1: zero, item2: zero, item3: zero, item4: zero } }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    if (url.endsWith('/api/Lightning/Location/1')) {
      state.statusCalls += 1;
      if (state.statusFails) return new Response(JSON.stringify(serverError), { status: 500 });
      // the answer reflects the server at the moment the call arrived
      const remaining = state.remaining;
      if (state.gate) await state.gate;
      if (init?.signal?.aborted) {
        state.aborted += 1;
        throw new DOMException('aborted', 'AbortError');
      }
      return new Response(JSON.stringify({ data: lightningStatus(remaining) }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    return new Response(JSON.stringify({ responseException: { message: 'No route', errors: {} } }), {
      status: 404,
    });
  });
  const encoder = new TextEncoder();
  return {
    state,
    /** Writes raw text to the newest open stream. */
    write(text: string) {
      state.streams.at(-1)!.enqueue(encoder.encode(text));
    },
    push(event: Partial<TLightningStreamEvent> & { locationId: number }) {
      const body: TLightningStreamEvent = {
        item1: '00:30:00',
        item2: '00:00:00',
        item3: '00:00:00',
        item4: '00:00:00',
        inDelay: true,
        lastStrike: { time: '2026-07-15T18:59:00.000Z', distanceMiles: 6.2, bearingDeg: 45 },
        ...event,
      };
      this.write(`event: lightning\ndata: ${JSON.stringify(body)}\n\n`);
    },
    /** The server ends the newest stream (a restart). */
    end() {
      state.streams.at(-1)!.close();
    },
  };
}

function DashboardWithStream() {
  useLightningStream();
  return <LightningStatus locationId={1} />;
}

/** What a location card reads: the Delay call's zone 1. */
function DelayProbe() {
  useLightningStream();
  const delay = useQuery(getLocationDelayQueryOptions(1));
  return <output aria-label="zone 1 delay">{delay.data?.item1 ?? 'none'}</output>;
}

beforeEach(() => {
  useDashboardStore.setState({ severeLocations: {} });
  useAuthStore.setState({ token: TOKEN, needsLogin: false });
});
afterEach(() => {
  useAuthStore.setState({ token: null });
  vi.useRealTimers();
});

describe('useLightningStream', { timeout: 20_000 }, () => {
  it("refetches the location's lightning status as soon as the stream reports a change", async () => {
    const server = fakeServer();
    renderPanel(<DashboardWithStream />);
    expect(await screen.findByTestId('zone-1-countdown')).toHaveTextContent('All Clear');
    await vi.waitFor(() => expect(server.state.streamCalls).toBe(1));
    // the token goes in the header, never in the URL
    expect(server.state.streamAuthorization).toEqual([`Bearer ${TOKEN}`]);
    expect(server.state.statusCalls).toBe(1);

    server.state.remaining = [1800];
    server.push({ locationId: 1 });
    // within a second, while the panel's own poll is 10 s away
    await vi.waitFor(() => expect(screen.getByTestId('zone-1-countdown')).toHaveTextContent('30:00'), {
      timeout: 1_000,
    });
    expect(server.state.statusCalls).toBe(2);
  });

  it("writes the location's delay from the event itself, with no Delay request", async () => {
    const server = fakeServer();
    renderPanel(<DelayProbe />);
    await vi.waitFor(() => expect(screen.getByLabelText('zone 1 delay')).toHaveTextContent('00:00:00'));
    await vi.waitFor(() => expect(server.state.streamCalls).toBe(1));
    expect(server.state.delayCalls).toBe(1);

    server.push({ locationId: 1, item1: '00:29:58' });
    await vi.waitFor(() => expect(screen.getByLabelText('zone 1 delay')).toHaveTextContent('00:29:58'), {
      timeout: 1_000,
    });
    expect(server.state.delayCalls).toBe(1);
  });

  it("ignores another location's change and a malformed event", async () => {
    const server = fakeServer();
    renderPanel(<DashboardWithStream />);
    await screen.findByTestId('zone-1-countdown');
    await vi.waitFor(() => expect(server.state.streamCalls).toBe(1));
    server.push({ locationId: 2 });
    server.write('event: lightning\ndata: {"locationId":1}\n\n');
    server.write('event: lightning\ndata: not json\n\n');
    // a change of location 1 after them still arrives, so the stream was read past them
    server.state.remaining = [600];
    server.push({ locationId: 1, item1: '00:10:00' });
    await vi.waitFor(() => expect(screen.getByTestId('zone-1-countdown')).toHaveTextContent('10:00'));
    expect(server.state.statusCalls).toBe(2);
  });

  it('gathers a burst of changes into one refetch, and refetches again after a call that was already running', async () => {
    const server = fakeServer();
    renderPanel(<DashboardWithStream />);
    await screen.findByTestId('zone-1-countdown');
    await vi.waitFor(() => expect(server.state.streamCalls).toBe(1));

    // a storm: ten changes of location 1 at once cost one call
    server.state.remaining = [1800];
    for (let i = 0; i < 10; i += 1) server.push({ locationId: 1 });
    await vi.waitFor(() => expect(screen.getByTestId('zone-1-countdown')).toHaveTextContent('30:00'));
    await new Promise((r) => setTimeout(r, 500));
    expect(server.state.statusCalls).toBe(2);

    // a slow call starts, the server changes while it runs, and a change arrives: the running call is not
    // cancelled (every change would cancel the last in a storm), and the change is fetched after it
    let release = () => {};
    server.state.gate = new Promise<void>((r) => (release = r));
    server.push({ locationId: 1 });
    await vi.waitFor(() => expect(server.state.statusCalls).toBe(3));
    server.state.remaining = [1200];
    server.push({ locationId: 1 });
    await new Promise((r) => setTimeout(r, 500));
    expect(server.state.statusCalls).toBe(3);
    server.state.gate = null;
    release();
    await vi.waitFor(() => expect(screen.getByTestId('zone-1-countdown')).toHaveTextContent('20:00'));
    expect(server.state.statusCalls).toBe(4);
    expect(server.state.aborted).toBe(0);
  });

  it("refetches a location at once while another location's storm keeps the stream busy", async () => {
    const server = fakeServer();
    renderPanel(<DashboardWithStream />);
    await screen.findByTestId('zone-1-countdown');
    await vi.waitFor(() => expect(server.state.streamCalls).toBe(1));
    // a storm over location 2: a change every 100 ms
    const storm = setInterval(() => server.push({ locationId: 2 }), 100);
    try {
      await new Promise((r) => setTimeout(r, 350));
      server.state.remaining = [1500];
      const pushed = Date.now();
      server.push({ locationId: 1 });
      await vi.waitFor(() => expect(screen.getByTestId('zone-1-countdown')).toHaveTextContent('25:00'), {
        timeout: 2_000,
        interval: 10,
      });
      // location 2's refetches set no clock for location 1: well under a gathering window
      expect(Date.now() - pushed).toBeLessThan(REFETCH_GATHER_MS / 2);
    } finally {
      clearInterval(storm);
    }
  });

  it("leaves a failing status call to the panel's poll: a storm's changes keep its error text on screen", async () => {
    const server = fakeServer();
    server.state.statusFails = true;
    renderPanel(<DashboardWithStream />);
    expect(await screen.findByText(LIGHTNING_ERROR_TEXT)).toBeInTheDocument();
    await vi.waitFor(() => expect(server.state.streamCalls).toBe(1));
    const callsAtError = server.state.statusCalls;
    for (let i = 0; i < 5; i += 1) {
      server.push({ locationId: 1 });
      await new Promise((r) => setTimeout(r, 150));
      // never back to the loading skeleton
      expect(screen.getByText(LIGHTNING_ERROR_TEXT)).toBeInTheDocument();
    }
    expect(server.state.statusCalls).toBe(callsAtError);
  });

  it('reconnects with backoff after the stream drops or is refused, and refetches what it may have missed', async () => {
    const server = fakeServer();
    renderPanel(<DashboardWithStream />);
    await screen.findByTestId('zone-1-countdown');
    await vi.waitFor(() => expect(server.state.streamCalls).toBe(1));
    const before = server.state.statusCalls;

    server.state.streamFailures = 1;
    server.state.remaining = [900];
    server.end();
    // 1 s after the drop: refused (503); 2 s after that: open again
    await vi.waitFor(() => expect(server.state.streamCalls).toBe(2), { timeout: 2_500 });
    expect(server.state.statusCalls).toBe(before);
    await vi.waitFor(() => expect(server.state.streamCalls).toBe(3), { timeout: 3_500 });
    await vi.waitFor(() => expect(screen.getByTestId('zone-1-countdown')).toHaveTextContent('15:00'));
    expect(server.state.statusCalls).toBe(before + 1);
  });

  it('does not connect while signed out', async () => {
    useAuthStore.setState({ token: null });
    const server = fakeServer();
    renderPanel(<DashboardWithStream />);
    await screen.findByTestId('zone-1-countdown');
    await new Promise((r) => setTimeout(r, 50));
    expect(server.state.streamCalls).toBe(0);
  });
});

describe('reconnectDelayMs', () => {
  it('doubles from 1 s and stops at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(reconnectDelayMs)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(reconnectDelayMs(-1)).toBe(1_000);
  });
});

describe('parseSse', () => {
  it('returns complete events and keeps an unfinished one for the next chunk', () => {
    const first = parseSse(': connected\n\nevent: lightning\ndata: {"a":1}\n\nevent: light');
    expect(first.messages).toEqual([{ event: 'lightning', data: '{"a":1}' }]);
    const second = parseSse(`${first.rest}ning\ndata: {"b":2}\n\n`);
    expect(second).toEqual({ messages: [{ event: 'lightning', data: '{"b":2}' }], rest: '' });
  });

  it('joins data lines, reads CRLF line ends, names unnamed events "message" and drops comment-only blocks', () => {
    expect(parseSse('data: one\r\ndata:two\r\n\r\n: heartbeat\n\n').messages).toEqual([
      { event: 'message', data: 'one\ntwo' },
    ]);
  });
});

describe('readLightningStream', () => {
  /** A stream that writes a heartbeat comment every `everyMs` (never, when null) until aborted. */
  function heartbeatServer(everyMs: number | null) {
    const encoder = new TextEncoder();
    let timer: ReturnType<typeof setInterval> | undefined;
    vi.stubGlobal('fetch', async (_input: RequestInfo | URL, init?: RequestInit) => {
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          if (everyMs !== null)
            timer = setInterval(() => c.enqueue(encoder.encode(': heartbeat\n\n')), everyMs);
        },
        cancel() {
          clearInterval(timer);
        },
      });
      init?.signal?.addEventListener('abort', () => {
        clearInterval(timer);
        body.cancel().catch(() => undefined);
      });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    });
    return () => clearInterval(timer);
  }
  const handlers = { onOpen: () => undefined, onEvent: () => undefined };

  it('gives up a stream that stays silent, so the caller reconnects', async () => {
    heartbeatServer(null);
    const started = Date.now();
    await expect(readLightningStream(handlers, new AbortController().signal, 150)).rejects.toThrow(
      'The lightning stream went silent.',
    );
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('keeps a stream whose heartbeats arrive within the silence limit', async () => {
    const stop = heartbeatServer(50);
    const controller = new AbortController();
    const reading = readLightningStream(handlers, controller.signal, 150);
    const outcome = await Promise.race([
      reading.then(
        () => 'ended',
        (e: Error) => e.message,
      ),
      new Promise((r) => setTimeout(() => r('open'), 600)),
    ]);
    expect(outcome).toBe('open');
    controller.abort();
    stop();
    await reading.catch(() => undefined);
  });
});
