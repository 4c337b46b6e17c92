import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type WebSocket, WebSocketServer } from 'ws';
import type { Strike, WeatherLogger } from '../types.ts';
import { createLightningFeedSource, parseLightningLine, type LightningFeed } from './lightning-feed.ts';

const SAMPLE = readFileSync(new URL('../../fixtures/lightning/feed-sample.ndjson', import.meta.url), 'utf8');
const NOW = new Date('2026-06-15T20:05:00Z');
const BAD_LINE_WARNING = 'lightning feed sent a line that is not a strike; dropping it';

describe('parseLightningLine', () => {
  it('reads the vendor spellings and refuses what is not a strike', () => {
    const lines = SAMPLE.trim().split('\n');
    expect(parseLightningLine(lines[0]!)).toMatchObject({
      id: 'n-1001',
      type: 1,
      cloud: false,
      amperageKa: -23.4,
      latitude: 32.801,
    });
    expect(parseLightningLine(lines[1]!)).toMatchObject({
      id: 'n-1002',
      type: 4,
      cloud: true,
      amperageKa: 7.9,
    });
    expect(parseLightningLine(lines[2]!)).toMatchObject({
      id: 'n-1003',
      type: 3,
      time: new Date('2026-06-15T20:00:03Z'),
    });
    expect(parseLightningLine(lines[3]!)).toBeNull();
    expect(parseLightningLine(lines[4]!)).toBeNull();
  });

  it('refuses JSON that is not a strike object, and a strike at an impossible latitude, longitude or time', () => {
    const strike = { id: 'n-1', time: '2026-06-15T20:00:01Z', lat: 32.8, lon: -96.8 };
    const bad = [
      '[32.8,-96.8]',
      '"n-1"',
      'null',
      JSON.stringify({ strikes: [strike] }),
      JSON.stringify({ ...strike, lat: '32.8' }),
      JSON.stringify({ ...strike, lat: -90.01 }),
      JSON.stringify({ ...strike, lon: 180.01 }),
      JSON.stringify({ ...strike, time: 'yesterday' }),
      JSON.stringify({ ...strike, time: '2026-06-15T25:00:00Z' }),
      // A number, but beyond the ±8.64e15 ms a Date can hold.
      JSON.stringify({ id: 'n-1', timestamp: 1e20, lat: 32.8, lon: -96.8 }),
    ];
    for (const line of bad) expect(parseLightningLine(line), line).toBeNull();
    expect(parseLightningLine(JSON.stringify({ ...strike, lat: -90, lon: 180 }))).toMatchObject({
      latitude: -90,
      longitude: 180,
    });
  });
});

describe('the lightning feed over WebSocket', () => {
  let server: WebSocketServer | null = null;
  let feed: LightningFeed | null = null;
  afterEach(async () => {
    await feed?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = null;
    feed = null;
  });

  it('streams new strikes, drops duplicates and bad lines, answers window queries, and logs a drop once', async () => {
    server = new WebSocketServer({ port: 0 });
    await new Promise((resolve) => server!.once('listening', resolve));
    server.on('connection', (socket) => {
      // Two messages: NDJSON may arrive split anywhere between lines.
      const lines = SAMPLE.split('\n');
      socket.send(lines.slice(0, 3).join('\n'));
      socket.send(lines.slice(3).join('\n'));
    });
    const warnings: string[] = [];
    const logger: WeatherLogger = { warn: (_d, m) => warnings.push(m), info: () => {} };
    const port = (server.address() as AddressInfo).port;
    feed = createLightningFeedSource({
      url: `ws://127.0.0.1:${port}`,
      logger,
      now: () => NOW,
      reconnectMs: 20,
    });
    const batches: Strike[][] = [];
    feed.subscribe((b) => batches.push(b));
    await waitFor(() => batches.flat().length >= 3 && feed!.rejectedLines() >= 2);
    expect(batches.flat().map((s) => s.id)).toEqual(['n-1001', 'n-1002', 'n-1003']);
    const window = await feed.strikes({
      from: new Date('2026-06-15T20:00:02Z'),
      to: new Date('2026-06-15T20:00:03Z'),
    });
    expect(window.map((s) => s.id)).toEqual(['n-1002']);
    // The network goes away: the feed retries every 20 ms, and the outage is logged once.
    const stopped = server;
    server = null;
    for (const client of stopped.clients) client.terminate();
    await new Promise<void>((resolve) => stopped.close(() => resolve()));
    await waitFor(() => warnings.length > 0);
    await new Promise((r) => setTimeout(r, 100));
    expect(feed.connected()).toBe(false);
    expect(warnings).toEqual([BAD_LINE_WARNING, 'lightning feed disconnected; reconnecting']);
  });

  it('drops malformed lines between good ones without losing those strikes or the connection, logging each run of them once', async () => {
    const strike = (id: string, second: number) =>
      JSON.stringify({ id, time: `2026-06-15T20:01:0${second}Z`, lat: 32.8, lon: -96.8, type: 1 });
    server = new WebSocketServer({ port: 0 });
    await new Promise((resolve) => server!.once('listening', resolve));
    let client: WebSocket | null = null;
    server.on('connection', (socket) => {
      client = socket;
      socket.send(
        [
          strike('g-1', 1),
          'not json at all',
          '[32.8,-96.8]',
          JSON.stringify({ strikes: [] }),
          JSON.stringify({ id: 'b-1', time: '2026-06-15T20:01:02Z', lat: 91, lon: -96.8 }),
          JSON.stringify({ id: 'b-2', time: 'yesterday', lat: 32.8, lon: -96.8 }),
          JSON.stringify({ id: 'b-3', timestamp: 1e20, lat: 32.8, lon: -96.8 }),
          strike('g-2', 3),
        ].join('\n'),
      );
      // A whole message of junk, then the feed goes on.
      socket.send('{"truncated":');
    });
    const warnings: string[] = [];
    const logger: WeatherLogger = { warn: (_d, m) => warnings.push(m), info: () => {} };
    const port = (server.address() as AddressInfo).port;
    feed = createLightningFeedSource({ url: `ws://127.0.0.1:${port}`, logger, now: () => NOW });
    const batches: Strike[][] = [];
    feed.subscribe((b) => batches.push(b));
    await waitFor(() => feed!.rejectedLines() === 7);
    expect(batches.flat().map((s) => s.id)).toEqual(['g-1', 'g-2']);
    // Six bad lines in a row are one failure; the junk message after g-2 starts another.
    expect(warnings).toEqual([BAD_LINE_WARNING, BAD_LINE_WARNING]);
    client!.send(strike('g-3', 4));
    await waitFor(() => batches.flat().length === 3);
    expect(feed.connected()).toBe(true);
    const window = await feed.strikes({ from: new Date('2026-06-15T20:00:00Z'), to: NOW });
    expect(window.map((s) => s.id)).toEqual(['g-1', 'g-2', 'g-3']);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}
