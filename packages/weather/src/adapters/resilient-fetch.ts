// One way for every real adapter to fetch: an injectable fetch, a timeout (AbortSignal.timeout),
// and a cache of the last good value per key. A failed, timed-out or malformed response returns
// the last good value marked stale, and the outage is logged once (and its end once).
import type { WeatherLogger } from '../types.ts';

export type FetchLike = (
  input: string,
  init?: { signal?: AbortSignal; headers?: Record<string, string> },
) => Promise<{
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
  /** Needed only by sources that fetch binary bodies (getBytes). */
  arrayBuffer?(): Promise<ArrayBuffer>;
}>;

export interface ResilientFetchOptions {
  /** Name of the source, for logs and the `source` field. */
  source: string;
  fetch?: FetchLike;
  /** Per request, ms (default 10 s). */
  timeoutMs?: number;
  logger?: WeatherLogger;
  headers?: Record<string, string>;
}

export interface Fetched<T> {
  value: T;
  /** When the value was fetched successfully. */
  fetchedAt: Date;
  stale: boolean;
}

/** Thrown when a source has failed and there is no earlier good value to fall back on. */
export class SourceUnavailableError extends Error {
  constructor(
    readonly source: string,
    readonly url: string,
    cause: unknown,
  ) {
    super(`${source} unavailable (${url}): ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'SourceUnavailableError';
  }
}

/** Thrown by a parser when a response does not have the documented shape. */
export class MalformedResponseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedResponseError';
  }
}

const silentLogger: WeatherLogger = { warn() {}, info() {} };

/** Creates a fetcher that keeps the last good parsed value per URL and marks it stale during outages. */
export function createResilientFetch(options: ResilientFetchOptions) {
  const doFetch: FetchLike = options.fetch ?? (globalThis.fetch as unknown as FetchLike);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const logger = options.logger ?? silentLogger;
  const lastGood = new Map<string, Fetched<unknown>>();
  let inOutage = false;

  /** GETs url, reads and parses the body; on failure the last good value for url, stale, or a throw. */
  async function get<B, T>(
    url: string,
    read: (response: Awaited<ReturnType<FetchLike>>) => Promise<B>,
    parse: (body: B) => T,
    now: Date,
  ): Promise<Fetched<T>> {
    try {
      const response = await doFetch(url, {
        signal: AbortSignal.timeout(timeoutMs),
        headers: options.headers,
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const value = parse(await read(response));
      const fresh: Fetched<T> = { value, fetchedAt: now, stale: false };
      lastGood.set(url, fresh);
      if (inOutage) {
        inOutage = false;
        logger.info({ source: options.source }, `${options.source} recovered`);
      }
      return fresh;
    } catch (error) {
      if (!inOutage) {
        inOutage = true;
        logger.warn(
          { source: options.source, url, err: error instanceof Error ? error.message : String(error) },
          `${options.source} failed; serving last good value as stale`,
        );
      }
      const previous = lastGood.get(url) as Fetched<T> | undefined;
      if (!previous) throw new SourceUnavailableError(options.source, url, error);
      return { ...previous, stale: true };
    }
  }

  return {
    /**
     * GETs url as JSON and parses it; on any failure answers the last good value for the url with
     * stale: true, or throws SourceUnavailableError when there is none. `now` stamps fetchedAt.
     */
    getJson<T>(url: string, parse: (json: unknown) => T, now: Date): Promise<Fetched<T>> {
      return get(url, (response) => response.json(), parse, now);
    },
    /** As getJson, for a binary body (e.g. a KMZ archive) handed to parse as bytes. */
    getBytes<T>(url: string, parse: (bytes: Uint8Array) => T, now: Date): Promise<Fetched<T>> {
      return get(
        url,
        async (response) => {
          if (!response.arrayBuffer) throw new Error('fetch cannot read binary bodies');
          return new Uint8Array(await response.arrayBuffer());
        },
        parse,
        now,
      );
    },
  };
}
