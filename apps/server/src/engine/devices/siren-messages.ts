// The device gateway's decisions, without I/O (issue 5 'Devices speak MQTT'; devices/README.md): what a
// message from a device is (a station reading, a siren's ack or telemetry, or refused and why), the
// siren-fault alert of a command no siren acknowledged in time, and the embedded broker's address.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { NotificationType } from '@allclear/domain';
import type { AlertEvent } from '../contracts.ts';
import { sirenFaultMessage } from '../lightning/messages.ts';
import type { ExpiredCommand } from './device.repository.ts';
import { MAX_DEVICE_PAYLOAD_BYTES, parseSirenTopic, parseStationTopic } from './topics.ts';

/** Battery volts a siren may report: its 12 or 24 V battery, with room; beyond it the report is not believed. */
export const MAX_SIREN_VOLTS = 60;

/** A siren acknowledges a command by the id it was sent (devices/README.md). */
const ZSirenAck = z.object({ commandId: z.guid() });
/** A siren's health report; `voltage` is battery volts. */
const ZSirenTelemetry = z.object({ voltage: z.number().min(0).max(MAX_SIREN_VOLTS).nullish() });

function issuesOf(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
}

/** What a device's message is; a refusal carries the warning to log and its fields. */
export type DeviceMessage =
  | { kind: 'station' }
  | { kind: 'own-command' }
  | { kind: 'ack'; customerId: number; sirenId: number; commandId: string }
  | { kind: 'telemetry'; customerId: number; sirenId: number; voltage: number | null }
  | { kind: 'refused'; warning: string; fields: Record<string, unknown> };

/**
 * Reads a message on one of the gateway's topics. Station readings are read by station-telemetry.ts; a siren's
 * message is at most MAX_DEVICE_PAYLOAD_BYTES of JSON: an ack names a command id (a UUID), telemetry a battery
 * voltage of 0..MAX_SIREN_VOLTS (or none).
 */
export function readDeviceMessage(topic: string, payload: Buffer): DeviceMessage {
  if (parseStationTopic(topic)) return { kind: 'station' };
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
  return { kind: 'telemetry', customerId, sirenId, voltage: report.data.voltage ?? null };
}

/** The siren-fault alert of a command not acknowledged within its 60 s, in the episode of the warning it carried. */
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
      reason: 'not acknowledged within 60 s',
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
