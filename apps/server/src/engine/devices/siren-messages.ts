// The device gateway's decisions, without I/O (issue 5 'Devices speak MQTT'; devices/README.md): what a
// message from a device is (a station reading, a siren's ack or telemetry, or refused and why), the
// siren-fault alert of a command no siren acknowledged in time, and the embedded broker's address.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ZSirenDeviceSettings } from '@allclear/contracts';
import { NotificationType } from '@allclear/domain';
import type { AlertEvent } from '../contracts.ts';
import { sirenFaultMessage } from '../lightning/messages.ts';
import type { ExpiredCommand } from './device.repository.ts';
import { MAX_DEVICE_PAYLOAD_BYTES, parsePaTopic, parseSirenTopic, parseStationTopic } from './topics.ts';

/** Battery volts a siren may report: its 12 or 24 V battery, with room; beyond it the report is not believed. */
export const MAX_SIREN_VOLTS = 60;

/** A siren acknowledges a command by the id it was sent (devices/README.md). */
const ZSirenAck = z.object({ commandId: z.guid() });
/** Longest a siren says it sounded for one command, seconds (a test sounds at most 10 s + 30 s × 10). */
export const MAX_SOUND_REPORT_SECONDS = 3_600;
/** What a siren reports after carrying out a test: the command and how long it sounded (issue 16). */
const ZSoundReport = z.object({
  commandId: z.guid(),
  seconds: z.number().min(0).max(MAX_SOUND_REPORT_SECONDS),
  at: z.iso.datetime({ offset: true }),
});
export type SoundReport = z.infer<typeof ZSoundReport>;
/**
 * A siren's health report: `voltage` is battery volts; `settings` the settings it holds (pushed by a settings
 * command, issue 16); `soundReport` what it sounded for a test.
 */
const ZSirenTelemetry = z.object({
  voltage: z.number().min(0).max(MAX_SIREN_VOLTS).nullish(),
  settings: ZSirenDeviceSettings.nullish(),
  soundReport: ZSoundReport.nullish(),
});

function issuesOf(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
}

/** What a device's message is; a refusal carries the warning to log and its fields. */
export type DeviceMessage =
  | { kind: 'station' }
  | { kind: 'own-command' }
  | { kind: 'ack'; customerId: number; sirenId: number; commandId: string }
  | { kind: 'pa-ack'; customerId: number; paUnitId: number; commandId: string }
  | {
      kind: 'telemetry';
      customerId: number;
      sirenId: number;
      voltage: number | null;
      settings: z.infer<typeof ZSirenDeviceSettings> | null;
      soundReport: SoundReport | null;
    }
  | { kind: 'refused'; warning: string; fields: Record<string, unknown> };

/**
 * Reads a message on one of the gateway's topics. Station readings are read by station-telemetry.ts; a siren's
 * message is at most MAX_DEVICE_PAYLOAD_BYTES of JSON: an ack names a command id (a UUID), telemetry a battery
 * voltage of 0..MAX_SIREN_VOLTS (or none).
 */
export function readDeviceMessage(topic: string, payload: Buffer): DeviceMessage {
  if (parseStationTopic(topic)) return { kind: 'station' };
  const pa = parsePaTopic(topic);
  if (pa) return readPaMessage(topic, pa, payload);
  const parsed = parseSirenTopic(topic);
  // a topic of our filters whose ids are not ids (letters, leading zeros, beyond int4)
  if (!parsed) return { kind: 'refused', warning: 'devices: message on an unknown topic', fields: { topic } };
  if (parsed.channel === 'command') return { kind: 'own-command' };
  if (payload.length > MAX_DEVICE_PAYLOAD_BYTES) {
    return {
      kind: 'refused',
      warning: 'devices: siren message too large',
      fields: { topic, bytes: payload.length },
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(payload.toString('utf8'));
  } catch {
    return { kind: 'refused', warning: 'devices: message is not JSON', fields: { topic } };
  }
  const { customerId, sirenId } = parsed;
  if (parsed.channel === 'ack') {
    const ack = ZSirenAck.safeParse(json);
    if (!ack.success) {
      return {
        kind: 'refused',
        warning: 'devices: siren ack refused',
        fields: { topic, detail: issuesOf(ack.error) },
      };
    }
    return { kind: 'ack', customerId, sirenId, commandId: ack.data.commandId };
  }
  const report = ZSirenTelemetry.safeParse(json);
  if (!report.success) {
    return {
      kind: 'refused',
      warning: 'devices: siren telemetry refused',
      fields: { topic, detail: issuesOf(report.error) },
    };
  }
  return {
    kind: 'telemetry',
    customerId,
    sirenId,
    voltage: report.data.voltage ?? null,
    settings: report.data.settings ?? null,
    soundReport: report.data.soundReport ?? null,
  };
}

/** A PA unit's message: its ack of a command by id (issue 16); the same limits as a siren's. */
function readPaMessage(
  topic: string,
  pa: { customerId: number; paUnitId: number; channel: 'command' | 'ack' },
  payload: Buffer,
): DeviceMessage {
  if (pa.channel === 'command') return { kind: 'own-command' };
  if (payload.length > MAX_DEVICE_PAYLOAD_BYTES)
    return {
      kind: 'refused',
      warning: 'devices: PA message too large',
      fields: { topic, bytes: payload.length },
    };
  let json: unknown;
  try {
    json = JSON.parse(payload.toString('utf8'));
  } catch {
    return { kind: 'refused', warning: 'devices: message is not JSON', fields: { topic } };
  }
  const ack = ZSirenAck.safeParse(json);
  if (!ack.success)
    return {
      kind: 'refused',
      warning: 'devices: PA ack refused',
      fields: { topic, detail: issuesOf(ack.error) },
    };
  return { kind: 'pa-ack', customerId: pa.customerId, paUnitId: pa.paUnitId, commandId: ack.data.commandId };
}

/** The siren-fault alert of a command not acknowledged within its window (60 s for the engine's), in the episode of the warning it carried. */
export function sirenFaultEvent(command: ExpiredCommand, now: Date): AlertEvent {
  const payload = (command.payload ?? {}) as Record<string, unknown>;
  const text = sirenFaultMessage({
    sirenName: command.sirenName,
    kind: command.kind,
    createdAt: command.createdAt,
    expiresAt: command.expiresAt,
    timeZone: command.timeZone,
  });
  return {
    id: randomUUID(),
    kind: 'siren-fault',
    notificationType: NotificationType.SIREN,
    customerId: command.customerId,
    locationId: null,
    sirenId: command.sirenId,
    correlationId: typeof payload.correlationId === 'string' ? payload.correlationId : command.id,
    occurredAt: now,
    ...text,
    details: {
      commandId: command.id,
      commandKind: command.kind,
      createdAt: command.createdAt.toISOString(),
      expiresAt: command.expiresAt.toISOString(),
      reason: `not acknowledged within ${Math.round((command.expiresAt.getTime() - command.createdAt.getTime()) / 1000)} s`,
    },
  };
}

/** The address the embedded broker listens on: 'localhost' as 127.0.0.1 (one stack, the one devices are told). */
export function hostForListen(host: string): string {
  return host === 'localhost' ? '127.0.0.1' : host;
}

/** The URL devices use to reach the embedded broker; an IPv6 host in brackets. */
export function brokerUrlOf(host: string, port: number): string {
  return `mqtt://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
