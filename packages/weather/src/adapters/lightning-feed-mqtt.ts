// The lightning feed over MQTT (mqtt://, mqtts://): subscribes to the configured topic, where each
// message is one strike or several NDJSON lines; the text goes to the same strike store as the
// WebSocket feed. mqtt.js reconnects by itself; the outage is logged once, and its end once.
import { connect } from 'mqtt';
import {
  LIGHTNING_FEED_SOURCE,
  type LightningFeed,
  type LightningFeedOptions,
  createStrikeStore,
} from './lightning-feed-store.ts';

export const DEFAULT_LIGHTNING_TOPIC = 'lightning/strikes';

export function createMqttLightningFeed(options: LightningFeedOptions): LightningFeed {
  const store = createStrikeStore(options);
  const topic = options.topic ?? DEFAULT_LIGHTNING_TOPIC;
  let inOutage = false;
  let closed = false;
  const client = connect(options.url, {
    reconnectPeriod: options.reconnectMs ?? 5_000,
    connectTimeout: 10_000,
    // A fresh session each time: strikes missed while away are not worth a broker-side backlog.
    clean: true,
  });

  const outage = () => {
    if (closed || inOutage) return;
    inOutage = true;
    options.logger?.warn(
      { source: LIGHTNING_FEED_SOURCE, url: redacted(options.url), topic },
      'lightning feed disconnected; reconnecting',
    );
  };
  client.on('connect', () => {
    client.subscribe(topic, { qos: 1 }, (err) => {
      if (err) {
        options.logger?.warn(
          { source: LIGHTNING_FEED_SOURCE, topic, err: err.message },
          'lightning feed subscription refused',
        );
        return;
      }
      if (inOutage) {
        inOutage = false;
        options.logger?.info({ source: LIGHTNING_FEED_SOURCE }, 'lightning feed reconnected');
      }
    });
  });
  client.on('message', (_topic, payload) => store.receive(payload.toString('utf8')));
  client.on('close', outage);
  client.on('error', () => {
    // Refused connections and handshakes end in 'close', where the outage is handled.
  });

  return {
    subscribe: store.subscribe,
    strikes: store.strikes,
    connected: () => client.connected,
    rejectedLines: store.rejectedLines,
    async close() {
      closed = true;
      await client.endAsync(true);
    },
  };
}

/** The URL without its password, for logs. */
function redacted(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}
