// A virtual weather station for the simulator and tests: a real MQTT client that publishes a reading on its
// station's observations topic, so simulated readings reach the engine by the path a real station's take.
import { randomUUID } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';
import type { StationReading } from '../observations/observation-ingest.ts';
import { payloadOf } from './station-telemetry.ts';
import { stationObservationTopic } from './topics.ts';

export interface VirtualStation {
  readonly stationId: number;
  /** Publishes one reading (QoS 1); rejects at once while the broker is unreachable. */
  publish(reading: StationReading): Promise<void>;
  stop(): Promise<void>;
}

/** Connects a virtual station of `customerId` to the broker at `url`. */
export async function startVirtualStation(opts: {
  url: string;
  customerId: number;
  stationId: number;
}): Promise<VirtualStation> {
  const client: MqttClient = await connectAsync(opts.url, {
    clientId: `allclear-virtual-station-${opts.stationId}-${randomUUID().slice(0, 8)}`,
    reconnectPeriod: 1_000,
  });
  const topic = stationObservationTopic(opts.customerId, opts.stationId);
  return {
    stationId: opts.stationId,
    async publish(reading) {
      // a publish while disconnected would wait for the reconnection, holding the simulator's period (and
      // the gateway's shutdown, which waits for it); this period's reading is simply missed
      if (!client.connected)
        throw new Error(`virtual station ${opts.stationId}: not connected to the broker`);
      await client.publishAsync(topic, JSON.stringify(payloadOf(reading)), { qos: 1 });
    },
    async stop() {
      await client.endAsync();
    },
  };
}
