import { describe, expect, it } from 'vitest';
import type { WeatherLogger } from '../types.ts';
import {
  type FetchLike,
  MalformedResponseError,
  SourceUnavailableError,
  createResilientFetch,
} from './resilient-fetch.ts';

function recordingLogger() {
  const lines: string[] = [];
  const logger: WeatherLogger = {
    warn: (_d, m) => lines.push(`warn ${m}`),
    info: (_d, m) => lines.push(`info ${m}`),
  };
  return { logger, lines };
}

const parseCount = (json: unknown): number => {
  if (typeof json !== 'object' || json === null || typeof (json as { count?: unknown }).count !== 'number')
    throw new MalformedResponseError('no count');
  return (json as { count: number }).count;
};

describe('resilient fetch', () => {
  const t0 = new Date('2026-06-01T00:00:00Z');
  const t1 = new Date('2026-06-01T00:05:00Z');

  it('keeps the last good value, marked stale, through a timeout, a malformed body and an HTTP error, logging the outage once', async () => {
    type Init = Parameters<FetchLike>[1];
    const answers: ((init: Init) => ReturnType<FetchLike>)[] = [
      async () => ({ ok: true, status: 200, json: async () => ({ count: 3 }) }),
      // Never answers: only the timeout's abort ends it.
      (init) =>
        new Promise((_resolve, reject) =>
          init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason)),
        ),
      async () => ({ ok: true, status: 200, json: async () => ({ unexpected: true }) }),
      async () => ({ ok: false, status: 503, json: async () => ({}) }),
      async () => ({ ok: true, status: 200, json: async () => ({ count: 4 }) }),
    ];
    let call = 0;
    const fetch: FetchLike = (_url, init) => answers[call++]!(init);
    const { logger, lines } = recordingLogger();
    const http = createResilientFetch({ source: 'test', fetch, logger, timeoutMs: 30 });
    expect(await http.getJson('u', parseCount, t0)).toEqual({ value: 3, fetchedAt: t0, stale: false });
    expect(await http.getJson('u', parseCount, t1)).toEqual({ value: 3, fetchedAt: t0, stale: true });
    expect(await http.getJson('u', parseCount, t1)).toEqual({ value: 3, fetchedAt: t0, stale: true });
    expect(await http.getJson('u', parseCount, t1)).toEqual({ value: 3, fetchedAt: t0, stale: true });
    expect(lines).toEqual(['warn test failed; serving last good value as stale']);
    expect(await http.getJson('u', parseCount, t1)).toEqual({ value: 4, fetchedAt: t1, stale: false });
    expect(lines).toEqual(['warn test failed; serving last good value as stale', 'info test recovered']);
  });

  it('throws SourceUnavailableError when it fails before any good value', async () => {
    const fetch: FetchLike = async () => ({ ok: true, status: 200, json: async () => 'not json object' });
    const http = createResilientFetch({ source: 'test', fetch });
    await expect(http.getJson('u', parseCount, t0)).rejects.toBeInstanceOf(SourceUnavailableError);
  });
});
