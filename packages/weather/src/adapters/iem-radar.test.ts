import { describe, expect, it } from 'vitest';
import { iemFrameTime, iemRadarWmsUrl } from './iem-radar.ts';

describe('IEM radar frames', () => {
  it('rounds frame times down to the 5-minute composite', () => {
    expect(iemFrameTime(new Date('2024-05-21T19:34:59.999Z'))).toBe('2024-05-21T19:30:00Z');
    expect(iemFrameTime(new Date('2024-05-21T19:35:00Z'))).toBe('2024-05-21T19:35:00Z');
  });

  it('asks the N0Q WMS-T layer for the box in metres, keeping 3000 px exactly and scaling larger requests down', () => {
    const box = { minX: -10_800_000, minY: 3_800_000, maxX: -10_700_000, maxY: 3_900_000 };
    const exact = new URL(iemRadarWmsUrl(new Date('2024-05-21T19:34:00Z'), box, 3000, 1500));
    expect(exact.searchParams.get('LAYERS')).toBe('nexrad-n0q-wmst');
    expect(exact.searchParams.get('SRS')).toBe('EPSG:3857');
    expect(exact.searchParams.get('BBOX')).toBe('-10800000,3800000,-10700000,3900000');
    expect([exact.searchParams.get('WIDTH'), exact.searchParams.get('HEIGHT')]).toEqual(['3000', '1500']);
    expect(exact.searchParams.get('TIME')).toBe('2024-05-21T19:30:00Z');
    const large = new URL(iemRadarWmsUrl(new Date('2024-05-21T19:34:00Z'), box, 3001, 1000));
    expect([large.searchParams.get('WIDTH'), large.searchParams.get('HEIGHT')]).toEqual(['3000', '1000']);
  });
});
