// In simulator mode the simulated world moves with the product's clock (which may run SIM_SPEED times
// faster than real time): once a second (real time) the simulator is advanced to the clock's now, which
// pushes the strikes since the previous advance to the strike stream, and then the lightning engine ticks,
// so those strikes queue before the tick decides any all-clear. Outside simulator mode the lightning engine
// runs its own timer.
import type { FastifyBaseLogger } from 'fastify';
import type { Simulator } from '@allclear/weather';
import type { Clock } from '../platform/clock.ts';
import type { EngineService } from './contracts.ts';

/** Real-time period of the advance, ms (the lightning engine's own tick period). */
export const SIMULATOR_TICK_MS = 1_000;

export interface SimulatorTickerOptions {
  simulator: Pick<Simulator, 'advance'>;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** The lightning engine's tick, run after each advance; a tick still running skips the next period. */
  tick: () => Promise<void>;
}

/** Advances the simulator and then ticks the lightning engine once per SIMULATOR_TICK_MS of real time. */
export function createSimulatorTicker(opts: SimulatorTickerOptions): EngineService {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  function onTimer(): void {
    if (running) return;
    try {
      opts.simulator.advance(opts.clock.now());
    } catch (err) {
      opts.log.error({ err }, 'lightning: simulator advance failed');
    }
    running = opts
      .tick()
      .catch((err: unknown) => opts.log.error({ err }, 'lightning: tick failed'))
      .finally(() => {
        running = null;
      });
  }

  return {
    async start() {
      if (timer) return;
      timer = setInterval(onTimer, SIMULATOR_TICK_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      while (running) await running;
    },
  };
}
