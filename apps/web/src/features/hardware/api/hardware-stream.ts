// GET /stream/Hardware (issue 16): server-sent 'hardware' events when a unit of the customer reports or changes, read
// with fetch so the bearer token goes in the Authorization header. The page refetches its list on each (at most
// once a second), and reconnects when the stream ends or fails.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { HARDWARE_STREAM_EVENT } from '@allclear/contracts';
import { parseSse, STREAM_SILENCE_MS } from '../../dashboard/api/lightning-stream.ts';
import { useAuthStore } from '../../../lib/session/auth-store.ts';
import { getHardwareQueryOptions } from './get-hardware.ts';

/** How long after a failure the stream is opened again, ms. */
const RECONNECT_MS = 5_000;
/** Reports that come together (a period's telemetry) refetch the list once. */
const COALESCE_MS = 1_000;

/** Reads the stream until it ends; calls `onReport` for each event. */
export async function readHardwareStream(onReport: () => void, signal: AbortSignal): Promise<void> {
  const token = useAuthStore.getState().token;
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch('/stream/Hardware', { headers, signal, cache: 'no-store' });
  if (!response.ok || !response.body) throw new Error(`hardware stream: ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const silent = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(new Error('hardware stream went silent'));
        reader.cancel().catch(() => undefined);
      }, STREAM_SILENCE_MS);
    });
    const { done, value } = await Promise.race([reader.read(), silent]).finally(() => clearTimeout(timer));
    if (done) return;
    const parsed = parseSse(buffer + decoder.decode(value, { stream: true }));
    buffer = parsed.rest;
    if (parsed.messages.some((m) => m.event === HARDWARE_STREAM_EVENT)) onReport();
  }
}

/** Keeps the hardware list fresh while the page is open: a refetch when a unit reports. */
export function useHardwareStream(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let pending: ReturnType<typeof setTimeout> | undefined;
    const onReport = () => {
      if (pending) return;
      pending = setTimeout(() => {
        pending = undefined;
        void queryClient.invalidateQueries({ queryKey: getHardwareQueryOptions().queryKey, exact: true });
      }, COALESCE_MS);
    };
    const loop = async () => {
      while (!controller.signal.aborted) {
        try {
          await readHardwareStream(onReport, controller.signal);
        } catch {
          // the list still refreshes every 5 minutes; the stream is tried again shortly
        }
        if (controller.signal.aborted) return;
        await new Promise((r) => setTimeout(r, RECONNECT_MS));
      }
    };
    void loop();
    return () => {
      controller.abort();
      clearTimeout(pending);
    };
  }, [enabled, queryClient]);
}
