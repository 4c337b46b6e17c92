// The in-process event bus (ARCHITECTURE.md: in-process by default; NATS JetStream by NATS_URL when
// the roles run on several machines). Events are facts that already happened and were committed.
import { EventEmitter } from 'node:events';

export interface BusEvents {
  /** A location was created, changed or deleted (the engine re-indexes its zones). */
  'location-changed': { locationId: number; customerId: number; deleted: boolean };
  /** A siren's settings changed (the engine re-indexes its radius). */
  'siren-changed': { sirenId: number; customerId: number; deleted: boolean };
  /** Policies of a customer changed (the engine reloads them). */
  'policies-changed': { customerId: number };
  /** A full user was created, changed, promoted, demoted (deleted: true) or deleted, committed (issue 14). */
  'user-changed': { userId: string; customerId: number; deleted: boolean };
  /** Zones of a location entered delay, were extended or cleared, committed (the stream service pushes it). */
  'lightning-changed': LightningChanged;
  /** Commands for sirens or PA units were queued by an operator or a drill, committed: the gateway publishes them now (issue 16). */
  'device-commands-queued': { customerId: number };
  /** A unit of a customer reported (telemetry, an ack, a reading) or was changed, committed: the hardware stream tells it (issue 16). */
  'hardware-changed': { customerId: number; hardwareId: number | null };
  /** A notification was listed in a user's history (the bell), committed (issue 15: the stream service pushes it). */
  'notification-sent': NotificationSent;
  /** Observations were recorded (an ingest cycle, a station's report, history backfilled), committed (issue 18). */
  'observations-changed': { at: Date };
  /**
   * A policy cycle wrote policy warnings (started, updated, ended), applied an NWS advisory anew, or both, committed;
   * not published when it wrote neither (issue 18).
   */
  'warnings-changed': { at: Date; policyWarnings: boolean; advisories: boolean };
  /** A customer's proactive forecasts were written or removed, committed (issue 18). */
  'proactive-forecasts-changed': { customerId: number };
}

/** A notification sent to a user, as their history (GET Notification/History) lists it. */
export interface NotificationSent {
  userId: string;
  customerId: number;
  notification: {
    id: number;
    message: string;
    sentUtc: string;
    timeZone: string;
    eventType: number;
    correlationId: string | null;
  };
}

/** A location's zone states after a lightning change, as the engine holds them. */
export interface LightningChanged {
  locationId: number;
  customerId: number;
  /** Effective all-clear minutes (after the policy lock). */
  allClearMinutes: number;
  /** Zones 1..4 in order; a zone switched off has radiusMiles 0. */
  zones: {
    zone: number;
    radiusMiles: number;
    inDelay: boolean;
    lastStrikeAt: Date | null;
    lastStrikeDistanceMiles: number | null;
    lastStrikeBearingDeg: number | null;
  }[];
}

export interface Bus {
  publish<K extends keyof BusEvents>(topic: K, event: BusEvents[K]): void;
  subscribe<K extends keyof BusEvents>(topic: K, handler: (event: BusEvents[K]) => void): () => void;
}

/** A bus inside this process; handlers run synchronously after publish, errors are isolated. */
export function createLocalBus(onError: (err: unknown, topic: string) => void = () => {}): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(100);
  return {
    publish(topic, event) {
      for (const listener of emitter.listeners(topic)) {
        try {
          (listener as (e: unknown) => void)(event);
        } catch (err) {
          onError(err, topic);
        }
      }
    },
    subscribe(topic, handler) {
      emitter.on(topic, handler);
      return () => emitter.off(topic, handler);
    },
  };
}
