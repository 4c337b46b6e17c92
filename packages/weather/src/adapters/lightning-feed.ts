// A generic real-time lightning feed for a licensed network: newline-delimited JSON over a
// WebSocket (ws://, wss://) or MQTT (mqtt://, mqtts://, see lightning-feed-mqtt.ts), one strike per
// line. Both transports hand their text to one strike store (lightning-feed-store.ts).
import WebSocket from 'ws';
import { createMqttLightningFeed } from './lightning-feed-mqtt.ts';
import {
  LIGHTNING_FEED_SOURCE,
  type LightningFeed,
  type LightningFeedOptions,
  createStrikeStore,
} from './lightning-feed-store.ts';

export { LIGHTNING_FEED_SOURCE, parseLightningLine } from './lightning-feed-store.ts';
export type { LightningFeed, LightningFeedOptions } from './lightning-feed-store.ts';

/**
 * Connects to the feed (WebSocket or MQTT by the URL's scheme), keeps recent strikes, reconnects
 * after drops; logs each outage once.
 */
export function createLightningFeedSource(options: LightningFeedOptions): LightningFeed {
  if (/^mqtts?:\/\//i.test(options.url)) return createMqttLightningFeed(options);
  return createWebSocketLightningFeed(options);
}

function createWebSocketLightningFeed(options: LightningFeedOptions): LightningFeed {
  const reconnectMs = options.reconnectMs ?? 5_000;
  const store = createStrikeStore(options);
  let socket: WebSocket | null = null;
  let open = false;
  let closed = false;
  let inOutage = false;
  let timer: NodeJS.Timeout | null = null;

  const connect = () => {
    if (closed) return;
    const ws = new WebSocket(options.url, { headers: options.headers });
    socket = ws;
    ws.on('open', () => {
      open = true;
      if (inOutage) {
        inOutage = false;
        options.logger?.info({ source: LIGHTNING_FEED_SOURCE }, 'lightning feed reconnected');
      }
    });
    ws.on('message', (data: WebSocket.RawData) => store.receive(data.toString()));
    ws.on('error', () => {
      // 'close' follows every error; the outage is handled there.
    });
    ws.on('close', () => {
      open = false;
      if (closed) return;
      if (!inOutage) {
        inOutage = true;
        options.logger?.warn(
          { source: LIGHTNING_FEED_SOURCE, url: options.url },
          'lightning feed disconnected; reconnecting',
        );
      }
      timer = setTimeout(connect, reconnectMs);
    });
  };
  connect();

  return {
    subscribe: store.subscribe,
    strikes: store.strikes,
    connected: () => open,
    rejectedLines: store.rejectedLines,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const ws = socket;
      if (!ws || ws.readyState === WebSocket.CLOSED) return;
      await new Promise<void>((resolve) => {
        ws.once('close', () => resolve());
        ws.close();
      });
    },
  };
}
