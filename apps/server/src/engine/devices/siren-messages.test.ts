// Edge table of what the gateway makes of a device's message (devices/README.md: topics, a siren's ack by
// command id, telemetry with battery volts; at most 16 KiB per message) and of a siren fault.
import { describe, expect, it } from 'vitest';
import type { ExpiredCommand } from './device.repository.ts';
import { brokerUrlOf, hostForListen, readDeviceMessage, sirenFaultEvent } from './siren-messages.ts';

const ACK = 'allclear/3/sirens/11/ack';
const TELEMETRY = 'allclear/3/sirens/11/telemetry';
const COMMAND_ID = '6f1c2b0e-8d4a-4f3e-9b2a-1c5d7e9f0a12';
const body = (value: unknown) => Buffer.from(JSON.stringify(value));

/** A JSON ack of exactly `bytes` bytes (padded with an ignored field). */
function ackOfSize(bytes: number): Buffer {
  const bare = JSON.stringify({ commandId: COMMAND_ID, pad: '' });
  return Buffer.from(JSON.stringify({ commandId: COMMAND_ID, pad: 'x'.repeat(bytes - bare.length) }));
}

describe('device messages: siren acks', () => {
  it('an ack names its customer, siren and command id', () => {
    expect(readDeviceMessage(ACK, body({ commandId: COMMAND_ID }))).toEqual({
      kind: 'ack',
      customerId: 3,
      sirenId: 11,
      commandId: COMMAND_ID,
    });
  });

  it('takes a message of exactly 16,384 bytes and refuses one of 16,385 unread', () => {
    expect(ackOfSize(16_384)).toHaveLength(16_384);
    expect(readDeviceMessage(ACK, ackOfSize(16_384)).kind).toBe('ack');
    expect(readDeviceMessage(ACK, ackOfSize(16_385))).toEqual({
      kind: 'refused',
      warning: 'devices: siren message too large',
      fields: { topic: ACK, bytes: 16_385 },
    });
  });

  it.each([
    { name: 'a command id that is not a UUID', payload: body({ commandId: 'not-a-uuid' }) },
    { name: 'no command id', payload: body({}) },
    { name: 'null', payload: Buffer.from('null') },
  ])('refuses an ack with $name', ({ payload }) => {
    expect(readDeviceMessage(ACK, payload)).toMatchObject({
      kind: 'refused',
      warning: 'devices: siren ack refused',
    });
  });

  it('refuses a body that is not JSON', () => {
    expect(readDeviceMessage(ACK, Buffer.from('{commandId:'))).toEqual({
      kind: 'refused',
      warning: 'devices: message is not JSON',
      fields: { topic: ACK },
    });
  });
});

describe('device messages: siren telemetry', () => {
  it.each([
    { volts: 0, read: 0 },
    { volts: 12.6, read: 12.6 },
    { volts: 60, read: 60 },
    { volts: null, read: null },
  ])('takes a battery of $volts V', ({ volts, read }) => {
    expect(readDeviceMessage(TELEMETRY, body({ voltage: volts }))).toEqual({
      kind: 'telemetry',
      customerId: 3,
      sirenId: 11,
      voltage: read,
      settings: null,
      soundReport: null,
    });
  });

  it('takes the settings a siren reports holding and a sound report of a test (issue 16)', () => {
    const settings = {
      version: 3,
      duration: 15,
      frequency: 2,
      allClearDuration: 10,
      allClearFrequency: 1,
      postWarnMessage: null,
      postAllClearMessage: 'All clear.',
      alertTimes: [{ day: 0, startTime: '00:00:00', endTime: '00:00:00', allDay: true, enabled: true }],
    };
    const soundReport = { commandId: COMMAND_ID, seconds: 30, at: '2026-07-01T17:00:30Z' };
    expect(readDeviceMessage(TELEMETRY, body({ voltage: 12.6, settings, soundReport }))).toEqual({
      kind: 'telemetry',
      customerId: 3,
      sirenId: 11,
      voltage: 12.6,
      settings,
      soundReport,
    });
  });

  it.each([
    {
      name: 'a sound report of another kind of id',
      payload: body({ soundReport: { commandId: 'x', seconds: 3, at: '2026-07-01T17:00:30Z' } }),
    },
    {
      name: 'a sound report of over an hour',
      payload: body({ soundReport: { commandId: COMMAND_ID, seconds: 3_601, at: '2026-07-01T17:00:30Z' } }),
    },
    { name: 'settings without a version', payload: body({ settings: { duration: 5 } }) },
  ])('refuses telemetry with $name', ({ payload }) => {
    expect(readDeviceMessage(TELEMETRY, payload)).toMatchObject({ kind: 'refused' });
  });

  it('takes a report without a voltage as none', () => {
    expect(readDeviceMessage(TELEMETRY, body({}))).toMatchObject({ kind: 'telemetry', voltage: null });
  });

  it.each([
    { name: '60.01 V', payload: body({ voltage: 60.01 }) },
    { name: '-0.01 V', payload: body({ voltage: -0.01 }) },
    { name: 'a voltage as text', payload: body({ voltage: '12.6' }) },
    { name: 'a number for a body (1e999)', payload: Buffer.from('1e999') },
    { name: 'an array', payload: Buffer.from('[]') },
  ])('refuses telemetry of $name', ({ payload }) => {
    expect(readDeviceMessage(TELEMETRY, payload)).toMatchObject({
      kind: 'refused',
      warning: 'devices: siren telemetry refused',
    });
  });
});

describe('device messages: topics', () => {
  it('leaves station readings to the station telemetry and ignores the commands the gateway sent', () => {
    expect(readDeviceMessage('allclear/3/stations/4/observations', Buffer.from('{}'))).toEqual({
      kind: 'station',
    });
    expect(readDeviceMessage('allclear/3/sirens/11/command', Buffer.from('not json'))).toEqual({
      kind: 'own-command',
    });
    expect(readDeviceMessage('allclear/3/pa/5/command', Buffer.from('not json'))).toEqual({
      kind: 'own-command',
    });
  });

  it("reads a PA unit's ack by command id and refuses one without (issue 16)", () => {
    expect(readDeviceMessage('allclear/3/pa/5/ack', body({ commandId: COMMAND_ID }))).toEqual({
      kind: 'pa-ack',
      customerId: 3,
      paUnitId: 5,
      commandId: COMMAND_ID,
    });
    expect(readDeviceMessage('allclear/3/pa/5/ack', body({}))).toMatchObject({
      kind: 'refused',
      warning: 'devices: PA ack refused',
    });
  });

  it.each([
    'allclear/03/sirens/11/ack',
    'allclear/3/sirens/2147483648/ack',
    'allclear/x/sirens/11/telemetry',
  ])('refuses a topic whose ids are not ids: %s', (topic) => {
    expect(readDeviceMessage(topic, body({ commandId: COMMAND_ID }))).toEqual({
      kind: 'refused',
      warning: 'devices: message on an unknown topic',
      fields: { topic },
    });
  });
});

describe('siren fault', () => {
  const command: ExpiredCommand = {
    id: 'cmd-1',
    sirenId: 11,
    customerId: 3,
    sirenName: 'Clubhouse OWS',
    kind: 'warning',
    payload: { correlationId: 'episode-1' },
    createdAt: new Date('2026-07-01T17:00:00.000Z'),
    expiresAt: new Date('2026-07-01T17:01:00.000Z'),
    timeZone: 'America/Chicago',
  };
  const now = new Date('2026-07-01T17:01:00.000Z');

  it('is a siren alert in the episode of the warning it carried, naming the command and its 60 s', () => {
    expect(sirenFaultEvent(command, now)).toMatchObject({
      kind: 'siren-fault',
      notificationType: 10,
      customerId: 3,
      locationId: null,
      sirenId: 11,
      correlationId: 'episode-1',
      occurredAt: now,
      details: {
        commandId: 'cmd-1',
        commandKind: 'warning',
        createdAt: '2026-07-01T17:00:00.000Z',
        expiresAt: '2026-07-01T17:01:00.000Z',
        reason: 'not acknowledged within 60 s',
      },
    });
  });

  it('falls back to the command id when the command carried no episode', () => {
    expect(sirenFaultEvent({ ...command, payload: null }, now).correlationId).toBe('cmd-1');
    expect(sirenFaultEvent({ ...command, payload: { correlationId: 7 } }, now).correlationId).toBe('cmd-1');
  });
});

describe('embedded broker address', () => {
  it('listens on 127.0.0.1 for localhost and brackets an IPv6 host in the URL', () => {
    expect(hostForListen('localhost')).toBe('127.0.0.1');
    expect(hostForListen('0.0.0.0')).toBe('0.0.0.0');
    expect(brokerUrlOf('127.0.0.1', 1884)).toBe('mqtt://127.0.0.1:1884');
    expect(brokerUrlOf('::1', 1884)).toBe('mqtt://[::1]:1884');
  });
});
