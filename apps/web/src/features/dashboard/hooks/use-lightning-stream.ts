// Keeps the dashboard's lightning queries live while it is open: each change pushed by the lightning stream
// writes that location's delay (cards, badge) from the event itself and refetches its status (the panel) at
// once, rather than on the next 10 s poll (issue 6 'Beyond the spec': the panel updates within 2 s of a strike).
// During a storm every strike is a change: the delay then costs no request at all, and the status at most one
// per location per REFETCH_GATHER_MS.
import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useAuthStore } from '../../../lib/session/auth-store.ts';
import {
  getLightningStatusQueryOptions,
  getLocationDelayQueryOptions,
  LIGHTNING_QUERY_ROOTS,
} from '../api/get-lightning.ts';
import { readLightningStream } from '../api/lightning-stream.ts';

/** First wait before reconnecting, ms; it doubles on each failed attempt. */
export const RECONNECT_BASE_MS = 1_000;
/** Longest wait between reconnect attempts, ms. */
export const RECONNECT_MAX_MS = 30_000;

/** The wait before reconnect attempt `attempt` (0 = the first after a drop): 1 s, 2 s, 4 s ... at most 30 s. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt));
}

/** Shortest gap between two refetches of one location's status, ms: a storm's changes cost one request per location a second, not one each. */
export const REFETCH_GATHER_MS = 1_000;
/** How often a change waits to see a status call already running finish, ms. */
const RUNNING_CALL_CHECK_MS = 50;

/**
 * Refetches the status of the locations handed to `request`, each on its own clock: at once after a quiet spell of
 * that location, then at most once per REFETCH_GATHER_MS with every change of it meanwhile, so a storm over
 * another venue never holds back the selected one. A fetch already running is never cancelled (during a storm every
 * change would cancel the last and none would finish); it may have started before the change, so that location
 * waits for it and is fetched again afterwards.
 */
function createRefetcher(client: QueryClient): { request: (locationId: number) => void; stop: () => void } {
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const lastFetch = new Map<number, number>();
  const fetchNow = (locationId: number) => {
    const { queryKey } = getLightningStatusQueryOptions(locationId);
    // While the call fails, the panel's own 10 s poll retries it; a storm's changes would only hammer a
    // failing server (and each new fetch would put a panel that never had data back to loading).
    if (client.getQueryState(queryKey)?.status === 'error') {
      timers.delete(locationId);
      return;
    }
    if (client.isFetching({ queryKey }) > 0) {
      timers.set(
        locationId,
        setTimeout(() => fetchNow(locationId), RUNNING_CALL_CHECK_MS),
      );
      return;
    }
    timers.delete(locationId);
    lastFetch.set(locationId, Date.now());
    void client.invalidateQueries({ queryKey }, { cancelRefetch: false });
  };
  return {
    request(locationId) {
      if (timers.has(locationId)) return;
      const wait = (lastFetch.get(locationId) ?? -Infinity) + REFETCH_GATHER_MS - Date.now();
      timers.set(
        locationId,
        setTimeout(() => fetchNow(locationId), Math.max(0, wait)),
      );
    },
    stop() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}

/** Changes missed while the stream was down: refetch every location's delay and status. */
function refetchAll(client: QueryClient): void {
  for (const root of LIGHTNING_QUERY_ROOTS) void client.invalidateQueries({ queryKey: [root] });
}

/** Connects to the lightning stream while mounted and signed in; reconnects with backoff when it drops. */
export function useLightningStream(): void {
  const client = useQueryClient();
  // a new token (silent renew) does not reopen the stream at once: the server ends it when the token it opened
  // with expires, and the reconnect then carries the renewed one
  const signedIn = useAuthStore((s) => s.token !== null);

  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    const refetcher = createRefetcher(client);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let connectedBefore = false;

    const connect = () => {
      readLightningStream(
        {
          onOpen: () => {
            attempt = 0;
            if (connectedBefore) refetchAll(client);
            connectedBefore = true;
          },
          onEvent: (event) => {
            const { item1, item2, item3, item4 } = event;
            client.setQueryData(getLocationDelayQueryOptions(event.locationId).queryKey, {
              item1,
              item2,
              item3,
              item4,
            });
            refetcher.request(event.locationId);
          },
        },
        controller.signal,
      )
        // a refused or dropped stream is retried below; the 10 s polls carry on meanwhile
        .catch(() => undefined)
        .finally(() => {
          if (controller.signal.aborted) return;
          timer = setTimeout(connect, reconnectDelayMs(attempt));
          attempt += 1;
        });
    };
    connect();
    return () => {
      controller.abort();
      clearTimeout(timer);
      refetcher.stop();
    };
  }, [client, signedIn]);
}
