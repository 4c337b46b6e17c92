// Offline through the real panels (issue 6 'Beyond the spec'): when a refetch fails after a success, the panel keeps
// the data it showed and marks it with its age; the lightning countdown keeps ticking from the last known value.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { lightningStatus, serverError, threatItem } from '../test/dashboard-payloads.ts';
import { renderPanel } from '../test/render-panel.tsx';
import { useDashboardStore } from '../stores/dashboard-store.ts';
import { LightningStatus } from './lightning-status.tsx';
import { PolicyRisks } from './policy-risks.tsx';

/** Serves `first` once for `path`, then `then` on every later call; returns the call count. */
function serveThenFail(path: string, first: unknown, then = serverError) {
  const calls = { count: 0 };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    if (!url.endsWith(path))
      return new Response(JSON.stringify({ responseException: { message: 'No route', errors: {} } }), {
        status: 404,
      });
    calls.count += 1;
    const [status, body] = calls.count === 1 ? [200, { data: first }] : [then.status, then.body];
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

function fakeClock() {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date('2026-07-15T19:00:00.000Z'));
}

async function advance(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

afterEach(() => {
  vi.useRealTimers();
  useDashboardStore.setState({ severeLocations: {} });
});

describe('a panel offline', { timeout: 30_000 }, () => {
  it("keeps Today's Policy Risks after its refetch fails and shows the data's age", async () => {
    fakeClock();
    const calls = serveThenFail('/api/ThreatForecast/Location/1', [
      threatItem({ displayName: 'Heat Index', threatType: 'HEAT', peakValue: 101 }),
    ]);
    renderPanel(<PolicyRisks locationId={1} />);
    expect(await screen.findByText('Heat Index')).toBeInTheDocument();
    expect(screen.queryByTestId('stale-badge')).not.toBeInTheDocument();

    // the 180 s poll fails (spec 01 §9 'threat forecast 180 s')
    await advance(180_000);
    expect(calls.count).toBe(2);
    expect(await screen.findByTestId('stale-badge')).toHaveTextContent('Offline · updated 3 min ago');
    expect(screen.getByText('Heat Index')).toBeInTheDocument();
    // the age keeps counting while offline
    await advance(60_000);
    expect(screen.getByTestId('stale-badge')).toHaveTextContent('Offline · updated 4 min ago');
  });

  it('keeps the lightning countdown ticking from the last known value while offline', async () => {
    fakeClock();
    const calls = serveThenFail('/api/Lightning/Location/1', lightningStatus([900]));
    renderPanel(<LightningStatus locationId={1} />);
    expect(await screen.findByTestId('zone-1-countdown')).toHaveTextContent('15:00');
    await advance(10_000);
    expect(calls.count).toBe(2);
    expect(await screen.findByTestId('stale-badge')).toHaveTextContent('Offline · updated 0 min ago');
    expect(screen.getByTestId('zone-1-countdown')).toHaveTextContent('14:50');
    await advance(60_000);
    expect(screen.getByTestId('zone-1-countdown')).toHaveTextContent('13:50');
    expect(screen.getByTestId('stale-badge')).toHaveTextContent('Offline · updated 1 min ago');
  });
});
