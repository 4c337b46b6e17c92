// All time comes from one clock (ARCHITECTURE.md 'Clock'): the system clock, a faster simulated
// clock, or a manual clock that tests move by hand.

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that runs `speed` times faster than real time from `start`. */
export function acceleratedClock(speed: number, start: Date = new Date(), real: Clock = systemClock): Clock {
  const realStart = real.now().getTime();
  return { now: () => new Date(start.getTime() + (real.now().getTime() - realStart) * speed) };
}

/** A clock that moves only when told to. */
export class ManualClock implements Clock {
  #ms: number;
  constructor(start: Date | string = '2026-07-01T17:00:00Z') {
    this.#ms = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.#ms);
  }
  advance(ms: number): void {
    this.#ms += ms;
  }
  set(to: Date | string): void {
    this.#ms = new Date(to).getTime();
  }
}
