// A virtual siren for the simulator and tests: a real MQTT client that subscribes to its command
// topic, acknowledges every command by id, and reports telemetry, so the path is the real one.
import { connectAsync, type MqttClient } from 'mqtt';
import type { Clock } from '../../platform/clock.ts';
import { sirenAckTopic, sirenCommandTopic, sirenTelemetryTopic } from './topics.ts';

/** The battery voltage a healthy virtual siren reports (healthy from 12.1 V, spec 02 §4). */
const VIRTUAL_BATTERY_VOLTS = 12.6;

export interface VirtualSirenOptions {
  /** Broker URL, e.g. mqtt://127.0.0.1:1884. */
  url: string;
  customerId: number;
  sirenId: number;
  clock: Clock;
  /** When false the siren receives commands but never acknowledges them (a faulty unit). */
  acknowledge?: boolean;
  /** Called with every command received (parsed JSON). */
  onCommand?: (command: Record<string, unknown>) => void;
}

export interface VirtualSiren {
  /** Commands received so far, oldest first. */
  readonly received: Record<string, unknown>[];
  /** Publishes a telemetry report now. */
  reportTelemetry(): Promise<void>;
  stop(): Promise<void>;
}

/** Connects a virtual siren to the broker; resolves once it is subscribed to its command topic. */
export async function startVirtualSiren(opts: VirtualSirenOptions): Promise<VirtualSiren> {
  const client: MqttClient = await connectAsync(opts.url, {
    clientId: `allclear-virtual-siren-${opts.sirenId}-${process.pid}`,
    reconnectPeriod: 1_000,
  });
  const received: Record<string, unknown>[] = [];
  const commandTopic = sirenCommandTopic(opts.customerId, opts.sirenId);
  client.on('message', (topic, payload) => {
    if (topic !== commandTopic) return;
    let command: Record<string, unknown>;
    try {
      command = JSON.parse(payload.toString('utf8')) as Record<string, unknown>;
    } catch {
      return;
    }
    received.push(command);
    opts.onCommand?.(command);
    if (opts.acknowledge === false || typeof command.commandId !== 'string') return;
    const ack = {
      commandId: command.commandId,
      sirenId: opts.sirenId,
      receivedAt: opts.clock.now().toISOString(),
    };
    client.publish(sirenAckTopic(opts.customerId, opts.sirenId), JSON.stringify(ack), { qos: 1 });
  });
  await client.subscribeAsync(commandTopic, { qos: 1 });
  const reportTelemetry = async () => {
    const report = {
      sirenId: opts.sirenId,
      voltage: VIRTUAL_BATTERY_VOLTS,
      at: opts.clock.now().toISOString(),
    };
    await client.publishAsync(sirenTelemetryTopic(opts.customerId, opts.sirenId), JSON.stringify(report), {
      qos: 0,
    });
  };
  await reportTelemetry();
  return {
    received,
    reportTelemetry,
    async stop() {
      await client.endAsync();
    },
  };
}
