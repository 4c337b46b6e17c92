// The part of the lightning feed every transport shares: reading NDJSON strike lines in the common
// vendor spellings, dropping duplicates (feeds resend after reconnects), keeping recent strikes
// (default 2 hours) for window queries, telling listeners about new ones, and logging unreadable lines.
import type { Strike, StrikeQuery, StrikeSource, StrikeType, WeatherLogger } from '../types.ts';

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
  // An epoch beyond ±8.64e15 ms is a number but no Date: refuse it like an unparseable string.
  const time = new Date(ms);
  if (latitude === null || longitude === null || Number.isNaN(time.getTime())) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  const cloudFlag = o.cloud === true || o.ic === true;
  const rawType = num(o.type);
  const type: StrikeType =
    rawType === 1 || rawType === 2 || rawType === 3 || rawType === 4 ? rawType : cloudFlag ? 4 : 1;
  const amperageKa = num(o.amperageKa ?? o.peakCurrentKa ?? o.amperage ?? o.peakCurrent) ?? 0;
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
  /** ws://, wss://, mqtt:// or mqtts:// URL of the feed (MQTT credentials go in the URL). */
  url: string;
  /** WebSocket only: request headers (e.g. the vendor's API key). */
  headers?: Record<string, string>;
  /** MQTT only: the topic strikes are published on (default 'lightning/strikes'; wildcards allowed). */
  topic?: string;
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

/** What every transport shares: parsing, dedup, retention, listeners and window queries. */
export function createStrikeStore(options: Pick<LightningFeedOptions, 'retentionMs' | 'now' | 'logger'>) {
  const retentionMs = options.retentionMs ?? 2 * 3_600_000;
  const listeners = new Set<(strikes: Strike[]) => void>();
  const held: Strike[] = [];
  const seen = new Set<string>();
  let rejected = 0;
  // A run of unreadable lines is one failure: logged at its first line, ended by the next strike.
  let inBadRun = false;

  const prune = () => {
    const cutoff = options.now().getTime() - retentionMs;
    let drop = 0;
    while (drop < held.length && held[drop]!.time.getTime() < cutoff) seen.delete(held[drop++]!.id);
    if (drop > 0) held.splice(0, drop);
  };

  return {
    /** Takes one message of NDJSON text (one or more lines) and tells listeners about new strikes. */
    receive(text: string): void {
      const fresh: Strike[] = [];
      for (const line of text.split('\n')) {
        if (line.trim() === '') continue;
        const strike = parseLightningLine(line);
        if (!strike) {
          rejected++;
          if (!inBadRun) {
            inBadRun = true;
            options.logger?.warn(
              { source: LIGHTNING_FEED_SOURCE, line: line.slice(0, 200) },
              'lightning feed sent a line that is not a strike; dropping it',
            );
          }
          continue;
        }
        inBadRun = false;
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
    },
    subscribe(listener: (strikes: Strike[]) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async strikes(query: StrikeQuery): Promise<Strike[]> {
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
    rejectedLines: () => rejected,
  };
}

function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}
