// What the composition root (main.ts, or a test) hands the application; each plugin declares the slice
// it uses (`Pick<AppDeps, 'db' | 'clock'>`).
import type { FastifyBaseLogger } from 'fastify';
import type { ConfiguredWeather } from '@allclear/weather';
import type { DatabaseHandle } from '../db/client.ts';
import type { Geocoder } from '../geocoding/index.ts';
import type { EnqueueAlert } from './alerts.ts';
import type { Bus } from './bus.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { DeviceDirectory } from './devices.ts';
import type { IngestBoard } from './ingest-status.ts';

export interface AppDeps {
  config: Config;
  db: DatabaseHandle;
  clock: Clock;
  /** Every source of weather data (the simulator by default). */
  weather: ConfiguredWeather;
  /** Hands an engine decision to the notifier inside the caller's transaction. */
  enqueueAlert: EnqueueAlert;
  /** Facts other parts react to (a location saved, a policy changed...). */
  bus: Bus;
  /** Addresses and places for the location form; buildApp makes it from `config.geocoding` when absent. */
  geocoder?: Geocoder;
  /** The process logger (one per process); the app makes its own when absent (tests). */
  log?: FastifyBaseLogger;
  /** What the engine's journalled intakes report (/readyz, the admins' banner); none reported when absent. */
  ingest?: IngestBoard;
  /** The process's count of unhandled rejections (/readyz); none reported when absent (tests in process). */
  faults?: { unhandledRejections(): number };
  /** Relay boards and the simulator's virtual-device switches (issue 16); real boards only when absent. */
  devices?: DeviceDirectory;
}
