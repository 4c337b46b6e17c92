// Edges of the map service's pure parts: the NWS colour steps, the image side cap, Mercator
// arithmetic, the LRU's byte bound and the K/M/B count abbreviation.
import { describe, expect, it } from 'vitest';
import { NWS_REFLECTIVITY_COLORS, reflectivityColor, reflectivityLookup } from './radar-colors.ts';
import { cappedImageSide, latestFrameMs } from './radar.service.ts';
import {
  latFromY,
  parseMercatorBBox,
  tileMercatorBBox,
  yFromLat,
  MERCATOR_HALF_WORLD_M,
} from './mercator.ts';
import { ImageCache, etagOf } from './image-cache.ts';
import { abbreviateCount } from './strikes.service.ts';
import { withApiKey } from './map-config.ts';

describe('NWS reflectivity colours', () => {
  it('is transparent just below 5 dBZ and cyan at exactly 5', () => {
    expect(reflectivityColor(4.99)).toBeNull();
    expect(reflectivityColor(5)).toEqual([0x04, 0xe9, 0xe7]);
  });
  it('changes colour exactly at each 5-dBZ step', () => {
    expect(reflectivityColor(34.99)).toEqual([0x00, 0x8e, 0x00]);
    expect(reflectivityColor(35)).toEqual([0xfd, 0xf8, 0x02]);
    expect(reflectivityColor(50)).toEqual([0xfd, 0x00, 0x00]);
  });
  it('draws 75 dBZ and above in the last colour', () => {
    expect(reflectivityColor(75)).toEqual(NWS_REFLECTIVITY_COLORS[14]);
    expect(reflectivityColor(90)).toEqual(NWS_REFLECTIVITY_COLORS[14]);
  });
  it('has 15 steps and a lookup that matches them (RGBA little-endian)', () => {
    expect(NWS_REFLECTIVITY_COLORS).toHaveLength(15);
    const lut = reflectivityLookup();
    expect(lut[4]).toBe(0);
    const bytes = new Uint8Array(new Uint32Array([lut[40]!]).buffer);
    expect([...bytes]).toEqual([0xe5, 0xbc, 0x00, 255]);
  });
});

describe('image size cap', () => {
  it('keeps 3000 px and answers 3001 px at 400', () => {
    expect(cappedImageSide(3000)).toBe(3000);
    expect(cappedImageSide(3001)).toBe(400);
  });
  it('rounds the latest frame down to 5 minutes', () => {
    expect(latestFrameMs(new Date('2026-07-01T17:04:59.999Z'))).toBe(Date.parse('2026-07-01T17:00:00Z'));
    expect(latestFrameMs(new Date('2026-07-01T17:05:00Z'))).toBe(Date.parse('2026-07-01T17:05:00Z'));
  });
});

describe('Web Mercator', () => {
  it('puts tile 0/0/0 over the whole world', () => {
    expect(tileMercatorBBox(0, 0, 0)).toEqual({
      minX: -MERCATOR_HALF_WORLD_M,
      minY: -MERCATOR_HALF_WORLD_M,
      maxX: MERCATOR_HALF_WORLD_M,
      maxY: MERCATOR_HALF_WORLD_M,
    });
  });
  it('round-trips latitude through metres', () => {
    expect(latFromY(yFromLat(32.78))).toBeCloseTo(32.78, 9);
    expect(latFromY(MERCATOR_HALF_WORLD_M)).toBeCloseTo(85.0511, 4);
  });
  it('parses a bbox and refuses an inverted or short one', () => {
    expect(parseMercatorBBox('1,2,3,4')).toEqual({ minX: 1, minY: 2, maxX: 3, maxY: 4 });
    expect(parseMercatorBBox('3,2,1,4')).toBeNull();
    expect(parseMercatorBBox('1,2,3')).toBeNull();
  });
});

describe('image cache', () => {
  const image = (n: number) => {
    const body = Buffer.alloc(n, n);
    return { body, etag: etagOf(body), contentType: 'image/png' };
  };
  it('holds entries up to exactly its byte bound and evicts the least recently used past it', () => {
    const cache = new ImageCache(300);
    cache.set('a', image(100));
    cache.set('b', image(100));
    cache.set('c', image(100));
    expect(cache.bytes).toBe(300);
    cache.get('a');
    cache.set('d', image(1));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.bytes).toBe(201);
  });
  it('never keeps an entry larger than the bound', () => {
    const cache = new ImageCache(10);
    cache.set('big', image(11));
    expect(cache.size).toBe(0);
  });
});

describe('strike counts and configured URLs', () => {
  it('abbreviates counts with K/M/B', () => {
    expect(abbreviateCount(999)).toBe('999');
    expect(abbreviateCount(1000)).toBe('1K');
    expect(abbreviateCount(1500)).toBe('1.5K');
    expect(abbreviateCount(25_400)).toBe('25K');
    expect(abbreviateCount(2_000_000)).toBe('2M');
    expect(abbreviateCount(3_100_000_000)).toBe('3.1B');
  });
  it('substitutes the API key for {key}', () => {
    expect(withApiKey('https://x.test/s.json?key={key}', 'a/b')).toBe('https://x.test/s.json?key=a%2Fb');
    expect(withApiKey('https://x.test/s.json', undefined)).toBe('https://x.test/s.json');
  });
});
