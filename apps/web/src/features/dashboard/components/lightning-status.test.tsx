// Lightning Status through the real panel: the countdown ticks each second from the fetched value, reaches
// 'All Clear', the ring fills against allClearMinutes, and the error and crash texts.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { stubApi } from '../../../test/render-app.tsx';
import { lightningStatus, serverError } from '../test/dashboard-payloads.ts';
import { renderPanel } from '../test/render-panel.tsx';
import { useDashboardStore } from '../stores/dashboard-store.ts';
import {
  LIGHTNING_CRASH_TEXT,
  LIGHTNING_ERROR_TEXT,
  LIGHTNING_SUPPORT_TEXT,
  LightningStatus,
  tickingSeconds,
} from './lightning-status.tsx';
import { PanelBoundary } from './panel.tsx';

beforeEach(() => useDashboardStore.setState({ severeLocations: {} }));

/** Fakes the clock and intervals; timeouts stay real so fetches and React settle. */
function fakeClock() {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date('2026-07-15T19:00:00.000Z'));
}

/** A server whose zones count down in (fake) real time from `seconds` at t0; returns the call count. */
function serveLiveStatus(seconds: number[]) {
  const t0 = Date.now();
  const calls = { count: 0 };
  vi.stubGlobal('fetch', async () => {
    calls.count += 1;
    const elapsed = Math.floor((Date.now() - t0) / 1000);
    return new Response(
      JSON.stringify({ data: lightningStatus(seconds.map((s) => Math.max(0, s - elapsed))) }),
      {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      },
    );
  });
  return calls;
}

async function advance(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

describe('Lightning Status', { timeout: 30_000 }, () => {
  it('ticks the countdown down one second at a time from the fetched value', async () => {
    fakeClock();
    serveLiveStatus([120, 0]);
    renderPanel(<LightningStatus locationId={1} />);
    expect(await screen.findByTestId('zone-1-countdown')).toHaveTextContent('02:00');
    expect(screen.getByTestId('zone-2-countdown')).toHaveTextContent('All Clear');
    await advance(1000);
    expect(screen.getByTestId('zone-1-countdown')).toHaveTextContent('01:59');
    await advance(1000);
    expect(screen.getByTestId('zone-1-countdown')).toHaveTextContent('01:58');
    const ring = screen.getAllByTestId('zone-ring')[0]!;
    expect(Number(ring.getAttribute('data-fill'))).toBeCloseTo(119 / 1800, 3);
  });

  it("reaches 'All Clear' by ticking alone, and takes the server's all-clear on the 10 s poll", async () => {
    fakeClock();
    const calls = serveLiveStatus([3]);
    renderPanel(<LightningStatus locationId={1} />);
    expect(await screen.findByTestId('zone-1-countdown')).toHaveTextContent('00:03');
    await advance(1000);
    expect(screen.getByTestId('zone-1-countdown')).toHaveTextContent('00:02');
    await advance(1000);
    expect(screen.getByTestId('zone-1-countdown')).toHaveTextContent('00:01');
    await advance(1000);
    expect(screen.getByTestId('zone-1-countdown')).toHaveTextContent('All Clear');
    // no call yet: the countdown ticks from the last fetched value (spec 01 §9: every 10 s)
    expect(calls.count).toBe(1);
    expect(screen.getByTestId('nearest-strike')).toHaveTextContent(/Nearest strike/);
    await advance(7000);
    expect(calls.count).toBe(2);
    // the poll brings the server's all-clear: no strike left within the all-clear window
    expect(await screen.findByText(/No strikes nearby/)).toBeInTheDocument();
    expect(screen.getByTestId('zone-1-countdown')).toHaveTextContent('All Clear');
  });

  it('shows the nearest strike distance and compass bearing', async () => {
    stubApi({ 'GET /api/Lightning/Location/1': lightningStatus([600]) });
    renderPanel(<LightningStatus locationId={1} />);
    expect(await screen.findByTestId('nearest-strike')).toHaveTextContent(/Nearest strike 6\.2 mi NE/);
    expect(screen.getByRole('listitem', { name: 'Zone 1' })).toHaveTextContent('Zone 1 · 8 mi');
    expect(screen.getByRole('listitem', { name: 'Zone 1' })).toHaveTextContent('6.2 mi');
  });

  it('adds the lightning threat to the location while a zone is in delay', async () => {
    stubApi({ 'GET /api/Lightning/Location/1': lightningStatus([600]) });
    renderPanel(<LightningStatus locationId={1} />);
    await screen.findByTestId('zone-1-countdown');
    expect(useDashboardStore.getState().severeLocations['1']).toEqual([
      { shortName: 'LR1', longName: ['Lightning Policy Alert'] },
    ]);
  });

  it('shows the error text and the support suggestion when the call fails', async () => {
    stubApi({ 'GET /api/Lightning/Location/1': serverError });
    renderPanel(<LightningStatus locationId={1} />);
    expect(await screen.findByText(LIGHTNING_ERROR_TEXT)).toBeInTheDocument();
    expect(screen.getByText(LIGHTNING_SUPPORT_TEXT)).toBeInTheDocument();
  });

  it('shows the crash text when the panel cannot render its data', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // as in production, where call() does not check answers against the contract: the bad answer reaches the panel
    vi.stubEnv('DEV', false);
    vi.stubEnv('MODE', 'production');
    stubApi({ 'GET /api/Lightning/Location/1': { ...lightningStatus([0]), zones: null } });
    renderPanel(
      <PanelBoundary fallback={LIGHTNING_CRASH_TEXT}>
        <LightningStatus locationId={1} />
      </PanelBoundary>,
    );
    expect(await screen.findByText(LIGHTNING_CRASH_TEXT)).toBeInTheDocument();
  });
});

describe('tickingSeconds', () => {
  it('subtracts whole elapsed seconds and floors at 0', () => {
    expect(tickingSeconds(120, 1_000, 1_999)).toBe(120);
    expect(tickingSeconds(120, 1_000, 2_000)).toBe(119);
    expect(tickingSeconds(1, 0, 1_000)).toBe(0);
    expect(tickingSeconds(1, 0, 60_000)).toBe(0);
  });
});
