// A generic real-time lightning feed for a licensed network: newline-delimited JSON over a
// WebSocket, one strike per line. Field names vary by vendor, so the common spellings are accepted.
// Recent strikes are kept in memory (default 2 hours) to answer window queries.
import WebSocket from 'ws';
import type { Strike, StrikeSource, StrikeType, WeatherLogger } from '../types.ts';

export const LIGHTNING_FEED_SOURCE = 'lightning-feed';

/**
 * Parses one NDJSON line into a Strike, or null when it is not a usable strike. Accepts
 * latitude|lat, longitude|lon|lng, time|timestamp (ISO 8601 or epoch ms), type 1-4 (or
 * cloud: true → 4, otherwise 1), amperageKa|peakCurrentKa|amperage|peakCurrent in kA.
 */
export function parseLightningLine(line: string, source: string = LIGHTNING_FEED_SOURCE): Strike | null {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null) return null;
  const o = v as Record<string, unknown>;
  const latitude = num(o.latitude ?? o.lat);
  const longitude = num(o.longitude ?? o.lon ?? o.lng);
  const rawTime = o.time ?? o.timestamp;
  const ms =
    typeof rawTime === 'number' ? rawTime : typeof rawTime === 'string' ? Date.parse(rawTime) : Number.NaN;
  if (latitude === null || longitude === null || Number.isNaN(ms)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  const cloudFlag = o.cloud === true || o.ic === true;
  const rawType = num(o.type);
  const type: StrikeType =
    rawType === 1 || rawType === 2 || rawType === 3 || rawType === 4 ? rawType : cloudFlag ? 4 : 1;
  const amperageKa = num(o.amperageKa ?? o.peakCurrentKa ?? o.amperage ?? o.peakCurrent) ?? 0;
  const time = new Date(ms);
  return {
    id:
      typeof o.id === 'string' || typeof o.id === 'number'
        ? String(o.id)
        : `${ms}:${latitude.toFixed(5)}:${longitude.toFixed(5)}`,
    time,
    latitude,
    longitude,
    type,
    amperageKa,
    cloud: type === 4,
    source,
    observedAt: time,
  };
}

export interface LightningFeedOptions {
  /** ws:// or wss:// URL of the feed. */
  url: string;
  headers?: Record<string, string>;
  logger?: WeatherLogger;
  /** How long strikes are kept for queries, ms (default 2 h). */
  retentionMs?: number;
  /** Delay before reconnecting after the feed drops, ms (default 5 s). */
  reconnectMs?: number;
  /** Current time for pruning old strikes (the product's clock). */
  now: () => Date;
}

export interface LightningFeed extends StrikeSource {
  /** Whether the socket is open now. */
  connected(): boolean;
  /** Lines that could not be read as strikes since start. */
  rejectedLines(): number;
  close(): Promise<void>;
}

/** Connects to the feed, keeps recent strikes, reconnects after drops; logs each outage once. */
export function createLightningFeedSource(options: LightningFeedOptions): LightningFeed {
  const retentionMs = options.retentionMs ?? 2 * 3_600_000;
  const reconnectMs = options.reconnectMs ?? 5_000;
  const listeners = new Set<(strikes: Strike[]) => void>();
  const held: Strike[] = [];
  const seen = new Set<string>();
  let socket: WebSocket | null = null;
  let open = false;
  let closed = false;
  let inOutage = false;
  let rejected = 0;
  let timer: NodeJS.Timeout | null = null;

  const prune = () => {
    const cutoff = options.now().getTime() - retentionMs;
    let drop = 0;
    while (drop < held.length && held[drop]!.time.getTime() < cutoff) seen.delete(held[drop++]!.id);
    if (drop > 0) held.splice(0, drop);
  };

  const receive = (data: WebSocket.RawData) => {
    const fresh: Strike[] = [];
    for (const line of data.toString().split('\n')) {
      if (line.trim() === '') continue;
      const strike = parseLightningLine(line);
      if (!strike) {
        rejected++;
        continue;
      }
      // Feeds resend after reconnects: one strike, one id.
      if (seen.has(strike.id)) continue;
      seen.add(strike.id);
      fresh.push(strike);
    }
    if (fresh.length === 0) return;
    held.push(...fresh);
    held.sort((a, b) => a.time.getTime() - b.time.getTime());
    prune();
    for (const listener of listeners) listener(fresh);
  };

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
    ws.on('message', receive);
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
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async strikes(query) {
      prune();
      const from = query.from.getTime();
      const to = query.to.getTime();
      const b = query.bbox;
      return held.filter((s) => {
        const t = s.time.getTime();
        if (t < from || t >= to) return false;
        return (
          !b ||
          (s.latitude >= b.south && s.latitude <= b.north && s.longitude >= b.west && s.longitude <= b.east)
        );
      });
    },
    connected: () => open,
    rejectedLines: () => rejected,
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

function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}
