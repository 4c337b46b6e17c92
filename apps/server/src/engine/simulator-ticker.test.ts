import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { acceleratedClock, ManualClock } from '../platform/clock.ts';
import { createSimulatorTicker, SIMULATOR_TICK_MS } from './simulator-ticker.ts';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-07-01T17:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('simulator ticker', () => {
  it('advances the simulator to the clock once a second, then ticks, so the strikes of that second queue first', async () => {
    const clock = new ManualClock('2026-07-01T17:00:00Z');
    const calls: string[] = [];
    const ticker = createSimulatorTicker({
      simulator: { advance: (now) => (calls.push(`advance ${now.toISOString()}`), []) },
      clock,
      log: { error: () => {} },
      tick: async () => {
        calls.push('tick');
      },
    });
    await ticker.start();
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(SIMULATOR_TICK_MS);
    clock.advance(60_000);
    await vi.advanceTimersByTimeAsync(SIMULATOR_TICK_MS);
    expect(calls).toEqual([
      'advance 2026-07-01T17:00:00.000Z',
      'tick',
      'advance 2026-07-01T17:01:00.000Z',
      'tick',
    ]);
    await ticker.stop();
    await vi.advanceTimersByTimeAsync(5 * SIMULATOR_TICK_MS);
    expect(calls).toHaveLength(4);
  });

  it('at SIM_SPEED 60 each real second advances the simulated world by a minute', async () => {
    const clock = acceleratedClock(60, new Date('2026-07-01T17:00:00Z'));
    const advancedTo: string[] = [];
    const ticker = createSimulatorTicker({
      simulator: { advance: (now) => (advancedTo.push(now.toISOString()), []) },
      clock,
      log: { error: () => {} },
      tick: async () => {},
    });
    await ticker.start();
    await vi.advanceTimersByTimeAsync(2 * SIMULATOR_TICK_MS);
    await ticker.stop();
    expect(advancedTo).toEqual(['2026-07-01T17:01:00.000Z', '2026-07-01T17:02:00.000Z']);
  });

  it('skips a period while a tick still runs, and a failed advance still ticks', async () => {
    const errors: string[] = [];
    let ticks = 0;
    let release = () => {};
    const ticker = createSimulatorTicker({
      simulator: {
        advance: () => {
          throw new Error('simulator down');
        },
      },
      clock: new ManualClock(),
      log: { error: (_obj: unknown, msg?: string) => void errors.push(String(msg)) },
      tick: () => {
        ticks += 1;
        return new Promise<void>((resolve) => (release = resolve));
      },
    });
    await ticker.start();
    await vi.advanceTimersByTimeAsync(3 * SIMULATOR_TICK_MS);
    expect(ticks).toBe(1);
    expect(errors).toEqual(['lightning: simulator advance failed']);
    release();
    await vi.advanceTimersByTimeAsync(SIMULATOR_TICK_MS);
    expect(ticks).toBe(2);
    release();
    await ticker.stop();
  });
});
