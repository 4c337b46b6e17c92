// The scenario API (issue 4): in simulator mode only (404 otherwise, so it is not revealed) and for a
// Super Admin only (403). Injected strikes go to the lightning engine at once, so a delay shows within
// a second rather than on the simulator's next advance. The engine journals them before the database
// (issue 21): while the database is away they are taken all the same and applied when it answers; only a
// full journal refuses them (503 with Retry-After).
import { randomUUID } from 'node:crypto';
import type { ConfiguredWeather, Strike } from '@allclear/weather';
import type { TSimStorm, TSimStormRequest, TSimStrike, TSimStrikeInput } from '@allclear/contracts';
import { JournalFullError } from '../../../engine/ingest/journal.ts';
import { strikeSinkFor } from '../../../engine/lightning/strike-sink.ts';
import type { Principal } from '../../../platform/auth.ts';
import type { Clock } from '../../../platform/clock.ts';
import { scenarioPolicy } from '@allclear/domain';
import { notFound, serviceUnavailable } from '../../../platform/errors.ts';
import { authorize } from '../../shared/authorize.ts';

const presentStrike = (s: Strike): TSimStrike => ({
  id: s.id,
  time: s.time.toISOString(),
  latitude: s.latitude,
  longitude: s.longitude,
  type: s.type,
  amperage: s.amperageKa,
  cloud: s.cloud,
});

export class SimService {
  constructor(
    private readonly weather: ConfiguredWeather,
    private readonly clock: Clock,
  ) {}

  private allow(p: Principal): void {
    if (!this.weather.simulatorMode) throw notFound('Route');
    // the simulated world belongs to no customer: the scenario policy is asked on the caller's own
    authorize(p, scenarioPolicy, 'run', { customerId: p.customerId }, 'Route');
  }

  /** Injects strikes (time defaults to now, type to 1) and hands them to the lightning engine; answers the strikes created. */
  async injectStrikes(p: Principal, input: TSimStrikeInput | TSimStrikeInput[]): Promise<TSimStrike[]> {
    this.allow(p);
    const list = Array.isArray(input) ? input : [input];
    const injected = this.weather.simulator.injectStrikes(
      list.map((s) => ({
        latitude: s.latitude,
        longitude: s.longitude,
        time: s.time ? new Date(s.time) : undefined,
        type: s.type as Strike['type'] | undefined,
        amperage: s.amperage,
      })),
      this.clock.now(),
    );
    // The simulator numbers injected strikes from 1 in every process, and stored strikes outlive the
    // process: a unique id keeps a drill after a restart from being dropped as a duplicate. The
    // simulator's own stream may still deliver its copy; same time and place makes that a duplicate.
    const created = injected.map((s) => ({ ...s, id: `${s.id}-${randomUUID()}` }));
    const sink = strikeSinkFor(this.weather);
    try {
      if (sink) await sink(created);
    } catch (err) {
      if (!(err instanceof JournalFullError)) throw err;
      throw serviceUnavailable(
        `The strike journal is full while the database is unavailable; nothing was taken. Try again in ${err.retryAfterSeconds} s.`,
        err.retryAfterSeconds,
      );
    }
    return created.map(presentStrike);
  }

  /** Spawns a storm on a straight track; answers the storm as created. */
  spawnStorm(p: Principal, input: TSimStormRequest): TSimStorm {
    this.allow(p);
    const storm = this.weather.simulator.spawnStorm(
      { ...input, startTime: input.startTime ? new Date(input.startTime) : undefined },
      this.clock.now(),
    );
    return { ...storm, startTime: storm.startTime.toISOString(), endTime: storm.endTime.toISOString() };
  }
}
