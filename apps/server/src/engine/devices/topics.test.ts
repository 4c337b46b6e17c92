import { describe, expect, it } from 'vitest';
import { paCommandTopic, parsePaTopic, parseSirenTopic, parseStationTopic } from './topics.ts';

describe('device topics', () => {
  it('reads the customer and station of a station topic, up to the largest int4 id', () => {
    expect(parseStationTopic('allclear/7/stations/2147483647/observations')).toEqual({
      customerId: 7,
      stationId: 2_147_483_647,
    });
  });

  it('reads the customer, siren and channel of a siren topic', () => {
    expect(parseSirenTopic('allclear/7/sirens/12/ack')).toEqual({
      customerId: 7,
      sirenId: 12,
      channel: 'ack',
    });
  });

  // an id the database cannot hold would fail its query with an error instead of being refused
  it.each([
    'allclear/7/stations/2147483648/observations',
    'allclear/99999999999/stations/1/observations',
    'allclear/7/stations/007/observations',
    'allclear/0/stations/1/observations',
    'allclear/7/stations/1/observations/extra',
  ])('is not a station topic: %s', (topic) => {
    expect(parseStationTopic(topic)).toBeNull();
  });

  it.each([
    'allclear/7/sirens/2147483648/telemetry',
    'allclear/7/sirens/012/ack',
    'allclear/7/sirens/1/status',
  ])('is not a siren topic: %s', (topic) => {
    expect(parseSirenTopic(topic)).toBeNull();
  });

  it('reads the customer, PA unit and channel of a PA topic (issue 16)', () => {
    expect(parsePaTopic(paCommandTopic(7, 3))).toEqual({ customerId: 7, paUnitId: 3, channel: 'command' });
    expect(parsePaTopic('allclear/7/pa/3/ack')).toEqual({ customerId: 7, paUnitId: 3, channel: 'ack' });
    expect(parsePaTopic('allclear/7/pa/3/telemetry')).toBeNull();
    expect(parsePaTopic('allclear/7/pa/03/ack')).toBeNull();
  });
});
