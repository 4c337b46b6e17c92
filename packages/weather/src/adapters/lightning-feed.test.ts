import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import type { Strike, WeatherLogger } from '../types.ts';
import { createLightningFeedSource, parseLightningLine, type LightningFeed } from './lightning-feed.ts';

const SAMPLE = readFileSync(new URL('../../fixtures/lightning/feed-sample.ndjson', import.meta.url), 'utf8');
const NOW = new Date('2026-06-15T20:05:00Z');

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
    expect(warnings).toEqual(['lightning feed disconnected; reconnecting']);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}
