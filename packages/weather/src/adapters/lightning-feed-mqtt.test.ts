// Against a real MQTT broker on loopback: an embedded aedes (the server's own broker package).
import { readFileSync } from 'node:fs';
import { type AddressInfo, type Server, type Socket, createServer } from 'node:net';
import { Aedes } from 'aedes';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import type { Strike, WeatherLogger } from '../types.ts';
import { createLightningFeedSource, type LightningFeed } from './lightning-feed.ts';

const SAMPLE = readFileSync(new URL('../../fixtures/lightning/feed-sample.ndjson', import.meta.url), 'utf8');
const LINES = SAMPLE.trim().split('\n');
const NOW = new Date('2026-06-15T20:05:00Z');
const BAD_LINE_WARNING = 'warn lightning feed sent a line that is not a strike; dropping it';

interface Broker {
  aedes: Aedes;
  server: Server;
  port: number;
  stop(): Promise<void>;
}

/** An aedes broker on 127.0.0.1 (a free port, or the given one to come back where it was). */
async function startBroker(port = 0): Promise<Broker> {
  const aedes = await Aedes.createBroker();
  const server = createServer(aedes.handle);
  const sockets = new Set<Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    aedes,
    server,
    port: (server.address() as AddressInfo).port,
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
    },
  };
}

/** Resolves when some client subscribes to `topic` on the broker. */
function subscribed(broker: Broker, topic: string): Promise<void> {
  return new Promise((resolve) => {
    const onSubscribe = (subs: { topic: string }[]) => {
      if (!subs.some((s) => s.topic === topic)) return;
      broker.aedes.off('subscribe', onSubscribe);
      resolve();
    };
    broker.aedes.on('subscribe', onSubscribe);
  });
}

describe('the lightning feed over MQTT', () => {
  let broker: Broker | null = null;
  let feed: LightningFeed | null = null;
  let publisher: MqttClient | null = null;
  afterEach(async () => {
    await publisher?.endAsync(true);
    await feed?.close();
    await broker?.stop();
    publisher = null;
    feed = null;
    broker = null;
  });

  it('reads NDJSON and one-strike messages from its topic with the WebSocket parser and dedup, and logs a drop once', async () => {
    broker = await startBroker();
    const topic = `allclear-test/${Math.random().toString(36).slice(2)}/strikes`;
    const lines: string[] = [];
    const logger: WeatherLogger = {
      warn: (_d, m) => lines.push(`warn ${m}`),
      info: (_d, m) => lines.push(`info ${m}`),
    };
    const ready = subscribed(broker, topic);
    feed = createLightningFeedSource({
      url: `mqtt://127.0.0.1:${broker.port}`,
      topic,
      logger,
      now: () => NOW,
      reconnectMs: 50,
    });
    const batches: Strike[][] = [];
    feed.subscribe((b) => batches.push(b));
    await ready;
    expect(feed.connected()).toBe(true);

    publisher = await connectAsync(`mqtt://127.0.0.1:${broker.port}`);
    // First message: three NDJSON lines; then one line per message, including junk and a repeat.
    await publisher.publishAsync(topic, LINES.slice(0, 3).join('\n'), { qos: 1 });
    for (const line of LINES.slice(3)) await publisher.publishAsync(topic, line, { qos: 1 });
    // Another topic on the same broker is not the feed.
    await publisher.publishAsync(`${topic}-other`, LINES[0]!.replace('n-1001', 'n-9999'), { qos: 1 });
    await waitFor(() => feed!.rejectedLines() >= 2 && batches.flat().length >= 3);
    await new Promise((r) => setTimeout(r, 50));
    expect(batches.flat().map((s) => s.id)).toEqual(['n-1001', 'n-1002', 'n-1003']);
    expect(feed.rejectedLines()).toBe(2);
    const window = await feed.strikes({
      from: new Date('2026-06-15T20:00:02Z'),
      to: new Date('2026-06-15T20:00:03Z'),
    });
    expect(window.map((s) => s.id)).toEqual(['n-1002']);
    // The junk line and the impossible latitude came one after the other: one failure, logged once.
    expect(lines).toEqual([BAD_LINE_WARNING]);
    lines.length = 0;

    // The broker goes away: the outage is logged once however many retries fail.
    await publisher.endAsync(true);
    publisher = null;
    const port = broker.port;
    await broker.stop();
    broker = null;
    await waitFor(() => lines.length > 0);
    await new Promise((r) => setTimeout(r, 300));
    expect(feed.connected()).toBe(false);
    expect(lines).toEqual(['warn lightning feed disconnected; reconnecting']);

    // It comes back on the same port: the feed resubscribes, a resent strike is dropped, a new one kept.
    broker = await startBroker(port);
    // Logged only once the subscription is acknowledged.
    await waitFor(() => lines.length === 2);
    expect(lines[1]).toBe('info lightning feed reconnected');
    publisher = await connectAsync(`mqtt://127.0.0.1:${port}`);
    await publisher.publishAsync(topic, LINES[0]!, { qos: 1 });
    const fresh = JSON.stringify({
      id: 'n-2001',
      time: '2026-06-15T20:04:00Z',
      lat: 32.7,
      lon: -96.8,
      type: 3,
    });
    await publisher.publishAsync(topic, fresh, { qos: 1 });
    await waitFor(() => batches.flat().length >= 4);
    expect(batches.flat().map((s) => s.id)).toEqual(['n-1001', 'n-1002', 'n-1003', 'n-2001']);
  });

  it('drops malformed messages between good ones without losing those strikes or the subscription, logging each run of them once', async () => {
    broker = await startBroker();
    const topic = `allclear-test/${Math.random().toString(36).slice(2)}/strikes`;
    const warnings: string[] = [];
    const logger: WeatherLogger = { warn: (_d, m) => warnings.push(`warn ${m}`), info: () => {} };
    const ready = subscribed(broker, topic);
    feed = createLightningFeedSource({
      url: `mqtt://127.0.0.1:${broker.port}`,
      topic,
      logger,
      now: () => NOW,
    });
    const batches: Strike[][] = [];
    feed.subscribe((b) => batches.push(b));
    await ready;
    publisher = await connectAsync(`mqtt://127.0.0.1:${broker.port}`);
    const strike = (id: string, second: number) =>
      JSON.stringify({ id, time: `2026-06-15T20:01:0${second}Z`, lat: 32.8, lon: -96.8, type: 1 });
    const messages: (string | Buffer)[] = [
      strike('g-1', 1),
      'not json at all',
      Buffer.from([0xff, 0xfe, 0x00, 0x01]),
      '[32.8,-96.8]',
      JSON.stringify({ strikes: [] }),
      JSON.stringify({ id: 'b-1', time: '2026-06-15T20:01:02Z', lat: 91, lon: -96.8 }),
      JSON.stringify({ id: 'b-2', time: 'yesterday', lat: 32.8, lon: -96.8 }),
      JSON.stringify({ id: 'b-3', timestamp: 1e20, lat: 32.8, lon: -96.8 }),
      strike('g-2', 3),
      '{"truncated":',
      strike('g-3', 4),
    ];
    for (const message of messages) await publisher.publishAsync(topic, message, { qos: 1 });
    await waitFor(() => feed!.rejectedLines() === 8 && batches.flat().length === 3);
    expect(batches.flat().map((s) => s.id)).toEqual(['g-1', 'g-2', 'g-3']);
    // Seven bad messages in a row are one failure; the one between g-2 and g-3 is another.
    expect(warnings).toEqual([BAD_LINE_WARNING, BAD_LINE_WARNING]);
    expect(feed.connected()).toBe(true);
    const window = await feed.strikes({ from: new Date('2026-06-15T20:00:00Z'), to: NOW });
    expect(window.map((s) => s.id)).toEqual(['g-1', 'g-2', 'g-3']);
  });

  it('reports not connected and logs once when no broker listens', async () => {
    // A port that was just free: nothing listens there.
    const probe = await startBroker();
    const port = probe.port;
    await probe.stop();
    const warnings: string[] = [];
    const logger: WeatherLogger = { warn: (_d, m) => warnings.push(m), info: () => {} };
    feed = createLightningFeedSource({
      url: `mqtt://127.0.0.1:${port}`,
      topic: 'allclear-test/none',
      logger,
      now: () => NOW,
      reconnectMs: 30,
    });
    await waitFor(() => warnings.length > 0);
    await new Promise((r) => setTimeout(r, 200));
    expect(feed.connected()).toBe(false);
    expect(warnings).toEqual(['lightning feed disconnected; reconnecting']);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}
