// What the parts of the engine promise each other (ARCHITECTURE.md 'What the spec leaves to us').
// The lightning and policy engines decide; they hand each decision to the notifier as an AlertEvent
// inside the same database transaction that records the decision, so nothing is lost between them.
import type { FastifyBaseLogger } from 'fastify';
import type { ConfiguredWeather } from '@allclear/weather';
import type { DatabaseHandle } from '../db/client.ts';
import type { Config } from '../platform/config.ts';
import type { Clock } from '../platform/clock.ts';
import type { EnqueueAlert } from '../platform/alerts.ts';

// The alert port (the event, its kinds, the transaction it rides in) lives in platform/alerts.ts: the
// API's routes and the engines both hand events to the notifier through it.
export type { AlertEvent, AlertEventKind, EnqueueAlert, Tx } from '../platform/alerts.ts';

/** Everything an engine part is given at start. */
export interface EngineContext {
  config: Config;
  db: DatabaseHandle;
  clock: Clock;
  weather: ConfiguredWeather;
  log: FastifyBaseLogger;
  enqueueAlert: EnqueueAlert;
}

/** A long-running part of the engine. */
export interface EngineService {
  start(): Promise<void>;
  /** Stops timers and subscriptions; resolves when in-flight work is done. */
  stop(): Promise<void>;
}
