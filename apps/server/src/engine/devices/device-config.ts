// Device gateway settings from the environment (listed in the README's configuration table).
import { z } from 'zod';

/** Embedded broker port: 1884, because a system broker may already own the standard 1883. */
export const DEFAULT_MQTT_PORT = 1884;

export interface DeviceConfig {
  /** Port of the embedded aedes broker (0 = any free port); unused when mqttUrl is set. */
  mqttPort: number;
  /** mqtt:// or mqtts:// URL of an external broker; the embedded broker is not started when set. */
  mqttUrl: string | undefined;
}

const Schema = z.object({
  MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_MQTT_PORT),
  MQTT_URL: z
    .string()
    .regex(/^(mqtts?|wss?|tcp):\/\//, 'must be an mqtt://, mqtts://, ws:// or wss:// URL')
    .optional(),
});

/** MQTT_PORT (default 1884) and MQTT_URL from the environment; throws naming a bad variable. */
export function deviceConfigFromEnv(env: Record<string, string | undefined> = process.env): DeviceConfig {
  const parsed = Schema.safeParse({
    MQTT_PORT: env.MQTT_PORT || undefined,
    MQTT_URL: env.MQTT_URL || undefined,
  });
  if (!parsed.success) {
    throw new Error(
      `Invalid configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`,
    );
  }
  return { mqttPort: parsed.data.MQTT_PORT, mqttUrl: parsed.data.MQTT_URL };
}
