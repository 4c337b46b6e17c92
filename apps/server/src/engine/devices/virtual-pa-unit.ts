// A virtual PA unit for the simulator and tests (issue 16): a real MQTT client on its unit's command topic that
// acknowledges each message by its command id and keeps what it was asked to play, so a PA message takes the path a
// real unit's does.
import { randomUUID } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';
import { paAckTopic, paCommandTopic } from './topics.ts';

export interface VirtualPaUnitOptions {
  url: string;
  customerId: number;
  paUnitId: number;
  /** When false (or a function answering false at the time) the unit receives messages but never acknowledges them. */
  acknowledge?: boolean | (() => boolean);
}

export interface PlayedMessage {
  commandId: string;
  message: string;
  repeatCount: number;
  afterSeconds: number;
}

export interface VirtualPaUnit {
  /** Messages received and acknowledged, oldest first (each command once). */
  readonly played: PlayedMessage[];
  stop(): Promise<void>;
}

/** Connects a virtual PA unit; resolves once it is subscribed to its command topic. */
export async function startVirtualPaUnit(opts: VirtualPaUnitOptions): Promise<VirtualPaUnit> {
  const client: MqttClient = await connectAsync(opts.url, {
    clientId: `allclear-virtual-pa-${opts.paUnitId}-${randomUUID().slice(0, 8)}`,
    reconnectPeriod: 1_000,
  });
  const topic = paCommandTopic(opts.customerId, opts.paUnitId);
  const played: PlayedMessage[] = [];
  const acknowledges = () =>
    typeof opts.acknowledge === 'function' ? opts.acknowledge() : opts.acknowledge !== false;
  client.on('message', (t, payload) => {
    if (t !== topic) return;
    let command: Record<string, unknown>;
    try {
      command = JSON.parse(payload.toString('utf8')) as Record<string, unknown>;
    } catch {
      return;
    }
    const commandId = command.commandId;
    if (typeof commandId !== 'string' || !acknowledges()) return;
    client.publish(paAckTopic(opts.customerId, opts.paUnitId), JSON.stringify({ commandId }), { qos: 1 });
    if (played.some((p) => p.commandId === commandId)) return;
    played.push({
      commandId,
      message: String(command.message ?? ''),
      repeatCount: Number(command.repeatCount ?? 1),
      afterSeconds: Number(command.afterSeconds ?? 0),
    });
  });
  await client.subscribeAsync(topic, { qos: 1 });
  return {
    played,
    async stop() {
      await client.endAsync();
    },
  };
}
