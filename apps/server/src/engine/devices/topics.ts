// MQTT topics of field devices (issue 5 'Devices speak MQTT'): one command, telemetry and ack topic
// per siren, and one observations topic per weather station, under the customer's prefix
// (devices/README.md).

/** `allclear/{customerId}/sirens/{sirenId}/command`: JSON commands to the siren. */
export function sirenCommandTopic(customerId: number, sirenId: number): string {
  return `allclear/${customerId}/sirens/${sirenId}/command`;
}

/** `allclear/{customerId}/sirens/{sirenId}/ack`: the siren acknowledges a command by id. */
export function sirenAckTopic(customerId: number, sirenId: number): string {
  return `allclear/${customerId}/sirens/${sirenId}/ack`;
}

/** `allclear/{customerId}/sirens/{sirenId}/telemetry`: the siren reports its health. */
export function sirenTelemetryTopic(customerId: number, sirenId: number): string {
  return `allclear/${customerId}/sirens/${sirenId}/telemetry`;
}

/** Subscription filters of the gateway. */
export const SIREN_ACK_FILTER = 'allclear/+/sirens/+/ack';
export const SIREN_TELEMETRY_FILTER = 'allclear/+/sirens/+/telemetry';

/** The customer, siren and channel of a siren topic; null for any other topic. */
export function parseSirenTopic(
  topic: string,
): { customerId: number; sirenId: number; channel: 'command' | 'ack' | 'telemetry' } | null {
  const match = /^allclear\/(\d+)\/sirens\/(\d+)\/(command|ack|telemetry)$/.exec(topic);
  if (!match) return null;
  return {
    customerId: Number(match[1]),
    sirenId: Number(match[2]),
    channel: match[3] as 'command' | 'ack' | 'telemetry',
  };
}

/** `allclear/{customerId}/stations/{stationId}/observations`: a weather station reports a reading. */
export function stationObservationTopic(customerId: number, stationId: number): string {
  return `allclear/${customerId}/stations/${stationId}/observations`;
}

export const STATION_OBSERVATION_FILTER = 'allclear/+/stations/+/observations';

/** The customer and station of a station observations topic; null for any other topic. */
export function parseStationTopic(topic: string): { customerId: number; stationId: number } | null {
  const match = /^allclear\/(\d+)\/stations\/(\d+)\/observations$/.exec(topic);
  if (!match) return null;
  return { customerId: Number(match[1]), stationId: Number(match[2]) };
}
