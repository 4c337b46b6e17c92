// A virtual siren for the simulator and tests: a real MQTT client that subscribes to its command topic, acknowledges
// every command by id, and reports telemetry, so the path is the real one. Like a real unit it holds the settings it
// was last pushed (a 'settings' command) and reports them in its telemetry, and after sounding a test it reports how
// long it sounded (issue 16).
import { connectAsync, type MqttClient } from 'mqtt';
import type { TSirenDeviceSettings } from '@allclear/contracts';
import type { Clock } from '../../platform/clock.ts';
import { sirenAckTopic, sirenCommandTopic, sirenTelemetryTopic } from './topics.ts';

/** The battery voltage a healthy virtual siren reports when its unit has none (healthy from 12.1 V, spec 02 §4). */
const VIRTUAL_BATTERY_VOLTS = 12.6;
/** How often a sounding virtual siren looks at the clock to end its sound, real ms. */
const SOUND_CHECK_MS = 200;
/** A Light test flashes the strobe this long, seconds (spec 02 §9). */
const LIGHT_SECONDS = 3;

export interface VirtualSirenOptions {
  /** Broker URL, e.g. mqtt://127.0.0.1:1884. */
  url: string;
  customerId: number;
  sirenId: number;
  clock: Clock;
  /** When false (or a function answering false at the time) the siren receives commands but never acknowledges them. */
  acknowledge?: boolean | (() => boolean);
  /** The settings it holds at start (installed with it). */
  settings?: TSirenDeviceSettings | null;
  /** The battery volts it reports (its unit's last reading, so a demo's weak battery stays weak); default 12.6. */
  batteryVolts?: number | null;
  /** Called with every command received (parsed JSON). */
  onCommand?: (command: Record<string, unknown>) => void;
}

export interface VirtualSiren {
  /** Commands received so far, oldest first. */
  readonly received: Record<string, unknown>[];
  /** The settings it holds. */
  readonly settings: TSirenDeviceSettings | null;
  /** The test it is sounding or showing, if any. */
  readonly running: { kind: string; commandId: string } | null;
  /** Publishes a telemetry report now. */
  reportTelemetry(): Promise<void>;
  stop(): Promise<void>;
}

/** How long a test command sounds (or flashes), seconds: its sound's total, or the Light test's 3 s. */
function soundSeconds(command: Record<string, unknown>): number {
  if (command.kind === 'test-light') return LIGHT_SECONDS;
  const sound = command.sound as { totalSeconds?: unknown } | null | undefined;
  return typeof sound?.totalSeconds === 'number' ? sound.totalSeconds : 0;
}

/** Connects a virtual siren to the broker; resolves once it is subscribed to its command topic. */
export async function startVirtualSiren(opts: VirtualSirenOptions): Promise<VirtualSiren> {
  const client: MqttClient = await connectAsync(opts.url, {
    clientId: `allclear-virtual-siren-${opts.sirenId}-${process.pid}`,
    reconnectPeriod: 1_000,
  });
  const received: Record<string, unknown>[] = [];
  const commandTopic = sirenCommandTopic(opts.customerId, opts.sirenId);
  let settings: TSirenDeviceSettings | null = opts.settings ?? null;
  let running: {
    kind: string;
    commandId: string;
    startedAt: number;
    seconds: number;
    reported: boolean;
  } | null = null;
  const seen = new Set<string>();
  const acknowledges = () =>
    typeof opts.acknowledge === 'function' ? opts.acknowledge() : opts.acknowledge !== false;

  const publishTelemetry = async (extra: Record<string, unknown> = {}) => {
    if (!client.connected) return;
    const report = {
      sirenId: opts.sirenId,
      voltage: opts.batteryVolts ?? VIRTUAL_BATTERY_VOLTS,
      at: opts.clock.now().toISOString(),
      ...(settings ? { settings } : {}),
      ...extra,
    };
    await client.publishAsync(sirenTelemetryTopic(opts.customerId, opts.sirenId), JSON.stringify(report), {
      qos: 0,
    });
  };

  /** Reports how long the running test sounded, once. */
  const reportSound = (seconds: number) => {
    const r = running;
    if (!r || r.reported) return;
    r.reported = true;
    const soundReport = { commandId: r.commandId, seconds, at: opts.clock.now().toISOString() };
    void publishTelemetry({ soundReport }).catch(() => {});
  };

  const soundTimer = setInterval(() => {
    const r = running;
    if (!r || r.reported) return;
    if (opts.clock.now().getTime() - r.startedAt >= r.seconds * 1000) reportSound(r.seconds);
  }, SOUND_CHECK_MS);
  soundTimer.unref();

  /** Carries a command out (once per command id: the gateway republishes until acknowledged). */
  const carryOut = (command: Record<string, unknown>, commandId: string) => {
    if (seen.has(commandId)) return;
    seen.add(commandId);
    const kind = String(command.kind);
    if (kind === 'settings' && command.settings && typeof command.settings === 'object') {
      settings = command.settings as TSirenDeviceSettings;
      // the settings it now holds, reported back at once
      void publishTelemetry().catch(() => {});
    } else if (kind === 'test-delay' || kind === 'test-all-clear' || kind === 'test-light') {
      running = {
        kind,
        commandId,
        startedAt: opts.clock.now().getTime(),
        seconds: soundSeconds(command),
        reported: false,
      };
    } else if (kind === 'test-stop' && running) {
      reportSound(Math.min(running.seconds, (opts.clock.now().getTime() - running.startedAt) / 1000));
      running = null;
    }
  };

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
    if (!acknowledges() || typeof command.commandId !== 'string') return;
    const ack = {
      commandId: command.commandId,
      sirenId: opts.sirenId,
      receivedAt: opts.clock.now().toISOString(),
    };
    client.publish(sirenAckTopic(opts.customerId, opts.sirenId), JSON.stringify(ack), { qos: 1 });
    carryOut(command, command.commandId);
  });
  await client.subscribeAsync(commandTopic, { qos: 1 });
  const reportTelemetry = () => publishTelemetry();
  await reportTelemetry();
  return {
    received,
    get settings() {
      return settings;
    },
    get running() {
      return running ? { kind: running.kind, commandId: running.commandId } : null;
    },
    reportTelemetry,
    async stop() {
      clearInterval(soundTimer);
      await client.endAsync();
    },
  };
}
