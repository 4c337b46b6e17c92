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

/**
 * Largest message a device may publish, bytes. A station reading is about 300 bytes and a siren ack or
 * telemetry report about 100; anything this large is not one of ours, and parsing it (and logging every
 * bad field of it) would only cost memory and log space.
 */
export const MAX_DEVICE_PAYLOAD_BYTES = 16_384;

/** Ids in topics are serial (int4) keys: 1 … 2^31 − 1, written without leading zeros. */
const ID = '([1-9]\\d{0,9})';
const MAX_ID = 2_147_483_647;
const SIREN_TOPIC = new RegExp(`^allclear/${ID}/sirens/${ID}/(command|ack|telemetry)$`);
const STATION_TOPIC = new RegExp(`^allclear/${ID}/stations/${ID}/observations$`);

function idOf(text: string): number | null {
  const id = Number(text);
  return id <= MAX_ID ? id : null;
}

/** Subscription filters of the gateway. */
export const SIREN_ACK_FILTER = 'allclear/+/sirens/+/ack';
export const SIREN_TELEMETRY_FILTER = 'allclear/+/sirens/+/telemetry';

/** The customer, siren and channel of a siren topic; null for any other topic. */
export function parseSirenTopic(
  topic: string,
): { customerId: number; sirenId: number; channel: 'command' | 'ack' | 'telemetry' } | null {
  const match = SIREN_TOPIC.exec(topic);
  if (!match) return null;
  const customerId = idOf(match[1]!);
  const sirenId = idOf(match[2]!);
  if (customerId === null || sirenId === null) return null;
  return { customerId, sirenId, channel: match[3] as 'command' | 'ack' | 'telemetry' };
}

/** `allclear/{customerId}/stations/{stationId}/observations`: a weather station reports a reading. */
export function stationObservationTopic(customerId: number, stationId: number): string {
  return `allclear/${customerId}/stations/${stationId}/observations`;
}

export const STATION_OBSERVATION_FILTER = 'allclear/+/stations/+/observations';

/** The customer and station of a station observations topic; null for any other topic. */
export function parseStationTopic(topic: string): { customerId: number; stationId: number } | null {
  const match = STATION_TOPIC.exec(topic);
  if (!match) return null;
  const customerId = idOf(match[1]!);
  const stationId = idOf(match[2]!);
  if (customerId === null || stationId === null) return null;
  return { customerId, stationId };
}

// PA units (issue 16): one command and one ack topic per unit, as a siren's.
const PA_TOPIC = new RegExp(`^allclear/${ID}/pa/${ID}/(command|ack)$`);

/** `allclear/{customerId}/pa/{paUnitId}/command`: a message for a PA unit to play. */
export function paCommandTopic(customerId: number, paUnitId: number): string {
  return `allclear/${customerId}/pa/${paUnitId}/command`;
}

/** `allclear/{customerId}/pa/{paUnitId}/ack`: the unit acknowledges a message by its command id. */
export function paAckTopic(customerId: number, paUnitId: number): string {
  return `allclear/${customerId}/pa/${paUnitId}/ack`;
}

export const PA_ACK_FILTER = 'allclear/+/pa/+/ack';

/** The customer, PA unit and channel of a PA topic; null for any other topic. */
export function parsePaTopic(
  topic: string,
): { customerId: number; paUnitId: number; channel: 'command' | 'ack' } | null {
  const match = PA_TOPIC.exec(topic);
  if (!match) return null;
  const customerId = idOf(match[1]!);
  const paUnitId = idOf(match[2]!);
  if (customerId === null || paUnitId === null) return null;
  return { customerId, paUnitId, channel: match[3] as 'command' | 'ack' };
}
